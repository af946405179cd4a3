/**
 * The server side of the staff policy (lib/ops/policy.ts): every staff service, page, server action and
 * api/* handler resolves its actor through one of these, so a client role (3 to 8) is refused in the same
 * place whatever the entry point.
 */
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import type { Actor } from '@/lib/auth/actor';
import { requireActor } from '@/lib/auth/current';
import { requirePageActor } from '@/lib/auth/page';
import { accessDeniedUrl, PAGE_URL_HEADER } from '@/lib/auth/return-url';
import { ForbiddenError } from '@/lib/http/errors';
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

/** For server actions: the signed-in staff actor with this permission (401 without a session, 403 otherwise). */
export async function requireStaffActor(permission: StaffPermission): Promise<StaffActor> {
  return requireStaff(await requireActor(), permission);
}

/** For /Ops pages: the staff actor with this permission, or the sign-out (no session) or /AccessDenied redirect. */
export async function requireStaffPage(permission: StaffPermission): Promise<StaffActor> {
  const actor = await requirePageActor();
  if (!isStaffActor(actor) || !can(actor.role, permission)) redirect(accessDeniedUrl((await headers()).get(PAGE_URL_HEADER)));
  return actor;
}
