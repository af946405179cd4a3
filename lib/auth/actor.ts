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
  /**
   * The firm requires an authenticator app and this user has none (issue 17): until one is set up the session
   * opens only the set-up step (/TwoFactorSetup, api/Authentication/TwoFactorInit*) and signing out.
   */
  twoFactorSetupRequired?: boolean;
}

/** A client-side actor: has a client. Services that serve client data require it. */
export type ClientActor = Actor & { clientId: number };

export function isClientActor(a: Actor): a is ClientActor {
  return a.clientId !== null && a.role >= 3 && a.role <= 8;
}
