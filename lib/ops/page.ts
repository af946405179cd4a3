/** The staff policy for /Ops pages (the session from the request's cookie); server actions: lib/http/action.ts `staff`. */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { requirePageActor } from '@/lib/auth/page';
import { accessDeniedUrl, PAGE_URL_HEADER } from '@/lib/auth/return-url';
import { isStaffActor, type StaffActor } from './actor';
import { can, type StaffPermission } from './policy';

/** For /Ops pages: the staff actor with this permission, or the sign-out (no session: type 9) or /AccessDenied redirect. */
export async function requireStaffPage(permission: StaffPermission): Promise<StaffActor> {
  const actor = await requirePageActor();
  if (!isStaffActor(actor) || !can(actor.role, permission)) redirect(accessDeniedUrl((await headers()).get(PAGE_URL_HEADER)));
  return actor;
}
