/** The staff policy for /Ops pages (the session from the request's cookie); server actions: lib/http/action.ts `staff`. */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { requirePageActor } from '@/lib/auth/page';
import { accessDeniedUrl, PAGE_URL_HEADER } from '@/lib/auth/return-url';
import { allowed } from '@/lib/core/authorize';
import { staffPolicy, type StaffActor, type StaffPermission } from '@/lib/core/staff-policy';

/** For /Ops pages: the staff actor with this permission, or the sign-out (no session: type 9) or /AccessDenied redirect. */
export async function requireStaffPage(permission: StaffPermission): Promise<StaffActor> {
  const actor = await requirePageActor();
  if (!allowed(actor, permission, staffPolicy)) redirect(accessDeniedUrl((await headers()).get(PAGE_URL_HEADER)));
  return actor;
}
