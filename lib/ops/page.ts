/** The staff policy for /Ops pages and server actions (the session from the request's cookie). */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { requireActor } from '@/lib/auth/current';
import { requirePageActor } from '@/lib/auth/page';
import { accessDeniedUrl, PAGE_URL_HEADER } from '@/lib/auth/return-url';
import { isStaffActor, requireStaff, type StaffActor } from './actor';
import { can, type StaffPermission } from './policy';

/** For server actions: the signed-in staff actor with this permission (401 without a session, 403 otherwise). */
export async function requireStaffActor(permission: StaffPermission): Promise<StaffActor> {
  return requireStaff(await requireActor(), permission);
}

/** For /Ops pages: the staff actor with this permission, or the sign-out (no session: type 9) or /AccessDenied redirect. */
export async function requireStaffPage(permission: StaffPermission): Promise<StaffActor> {
  const actor = await requirePageActor();
  if (!isStaffActor(actor) || !can(actor.role, permission)) redirect(accessDeniedUrl((await headers()).get(PAGE_URL_HEADER)));
  return actor;
}
