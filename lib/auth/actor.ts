/** The one actor every service takes first: who is asking, for which client, in which role. */
import type { RoleId } from '@/lib/reference';

export interface Actor {
  userId: number;
  /** Null only for internal staff (roles 1 and 2). */
  clientId: number | null;
  role: RoleId;
  userName: string;
  timeZone: string;
  /** The server-side session this actor came from. */
  sessionId: string;
}

/** A client-side actor: has a client. Services that serve client data require it. */
export type ClientActor = Actor & { clientId: number };

export function isClientActor(a: Actor): a is ClientActor {
  return a.clientId !== null && a.role >= 3 && a.role <= 8;
}
