/** The staff policy for /Ops pages and server actions (the session from the request's cookie). */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { requireActor } from '@/lib/auth/current';
import { requirePageActor } from '@/lib/auth/page';
import { accessDeniedUrl, PAGE_URL_HEADER } from '@/lib/auth/return-url';
import { allowed, authorize } from '@/lib/core/authorize';
import { staffPolicy, type StaffActor, type StaffPermission } from './policy';

/** For server actions: the signed-in staff actor with this permission (401 without a session, 403 otherwise). */
export async function requireStaffActor(permission: StaffPermission): Promise<StaffActor> {
  return authorize(await requireActor(), permission, staffPolicy);
}

/** For /Ops pages: the staff actor with this permission, or the sign-out (no session: type 9) or /AccessDenied redirect. */
export async function requireStaffPage(permission: StaffPermission): Promise<StaffActor> {
  const actor = await requirePageActor();
  if (!allowed(actor, permission, staffPolicy)) redirect(accessDeniedUrl((await headers()).get(PAGE_URL_HEADER)));
  return actor;
}
