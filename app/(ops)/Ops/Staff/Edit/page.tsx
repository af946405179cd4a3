/** /Ops/Staff/Edit (role 1 only): create a staff user, or with ?uD=<encoded id> edit one. */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { StaffUserForm } from '@/components/ops/StaffUserForm';
import { tryDecodeId } from '@/lib/encoding';
import { requireStaffPage } from '@/lib/ops/page';
import { timeZoneList } from '@/lib/settings/time-zones';
import { getStaffUser } from '@/lib/staff/service';
import { saveStaffUserAction } from '../actions';

export const metadata: Metadata = { title: 'Staff user' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsStaffEditPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('staff.manage');
  const sp = await searchParams;
  const id = tryDecodeId(typeof sp.uD === 'string' ? sp.uD : null);
  const user = id ? await getStaffUser(actor, id) : null;
  if (id && !user) notFound();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">{user ? 'Edit staff user' : 'New staff user'}</h1>
      <StaffUserForm
        save={saveStaffUserAction}
        defaultTimeZone={actor.timeZone}
        timeZones={timeZoneList()}
        initial={
          user
            ? {
                UserId: user.id,
                FirstName: user.firstName,
                LastName: user.lastName,
                EmailId: user.email,
                Phone: user.phone,
                UserName: user.userName,
                Role: user.role,
                TimeZoneId: user.timeZone,
              }
            : null
        }
      />
    </div>
  );
}
