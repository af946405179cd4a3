/** The signed-in person every client service takes first (defined with the Principal in lib/core/principal.ts). */
import type { Actor } from '@/lib/core/principal';

export type { Actor } from '@/lib/core/principal';

/** A client-side actor: has a client. Services that serve client data require it. */
export type ClientActor = Actor & { clientId: number };

export function isClientActor(a: Actor): a is ClientActor {
  return a.clientId !== null && a.role >= 3 && a.role <= 8;
}
