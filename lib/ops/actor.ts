/**
 * The server side of the staff policy (lib/ops/policy.ts) for services: every staff service resolves its actor
 * through `requireStaff`, so a client role (3 to 8) is refused in the same place whatever the entry point.
 * Pages and server actions use lib/ops/page.ts, which ends here too.
 */
import type { Actor } from '@/lib/auth/actor';
import { ForbiddenError } from '@/lib/core/errors';
import { can, isStaffRole, type StaffPermission } from './policy';

/** A member of the provider's staff: role 1 or 2, no client of its own (sees every client). */
export type StaffActor = Actor & { role: 1 | 2; clientId: null };

export function isStaffActor(a: Actor): a is StaffActor {
  return isStaffRole(a.role) && a.clientId === null;
}

/** For services: the actor when it is staff allowed this permission, else ForbiddenError (403). */
export function requireStaff(actor: Actor, permission: StaffPermission): StaffActor {
  if (!isStaffActor(actor) || !can(actor.role, permission)) throw new ForbiddenError();
  return actor;
}
