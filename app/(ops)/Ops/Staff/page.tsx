/**
 * /Ops/Staff (role 1 only): the provider's staff users: create, edit, deactivate.
 * ?msg=1 / ?msg=2 say a staff user was created / updated.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { OpsActionButton } from '@/components/ops/OpsActionButton';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { encodeParam } from '@/lib/encoding';
import { requireStaffPage } from '@/lib/ops/page';
import { staffRoleName } from '@/lib/core/staff-policy';
import { listStaffUsers } from '@/lib/staff/service';
import { deactivateStaffUserAction } from './actions';

export const metadata: Metadata = { title: 'Staff users' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const SAVED: Record<string, string> = {
  '1': 'Staff user created successfully.',
  '2': 'Staff user updated successfully.',
};

export default async function OpsStaffPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('staff.manage');
  const sp = await searchParams;
  const people = await listStaffUsers(actor);
  const saved = typeof sp.msg === 'string' ? SAVED[sp.msg] : undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Staff users</h1>
        <Link href="/Ops/Staff/Edit" className={buttonClasses({ variant: 'primary' })}>
          New staff user
        </Link>
      </div>
      {saved && <Alert tone="success">{saved}</Alert>}
      <OpsTable
        caption="Staff users"
        headers={['User name', 'Name', 'E-mail', 'Role', 'State', 'Actions']}
        empty={people.length === 0}
      >
        {people.map((u) => (
          <tr key={u.id}>
            <td className={`${td} break-all`}>{u.userName}</td>
            <td className={td}>
              {u.firstName} {u.lastName}
            </td>
            <td className={`${td} break-all`}>{u.email}</td>
            <td className={td}>{staffRoleName(u.role)}</td>
            <td className={td}>
              {u.isActive ? (
                u.isLocked ? (
                  <Badge tone="warning">Locked</Badge>
                ) : (
                  <Badge tone="success">Active</Badge>
                )
              ) : (
                <Badge>Deactivated</Badge>
              )}
            </td>
            <td className={td}>
              {u.isActive && (
                <div className="flex flex-wrap gap-2">
                  <Link href={`/Ops/Staff/Edit?uD=${encodeParam(u.id)}`} aria-label={`Edit ${u.userName}`}>
                    Edit
                  </Link>
                  {u.id !== actor.userId && (
                    <OpsActionButton
                      label="Deactivate"
                      target={u.userName}
                      variant="danger"
                      confirm={{
                        title: 'Deactivate staff user',
                        message: `Deactivate ${u.userName}? They can no longer sign in, and their sessions end now.`,
                      }}
                      action={deactivateStaffUserAction.bind(null, u.id)}
                    />
                  )}
                </div>
              )}
            </td>
          </tr>
        ))}
      </OpsTable>
    </div>
  );
}
