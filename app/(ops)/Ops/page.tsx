/** /Ops (issue 13): the staff area's home: the sections this staff member may open, and what the role allows. */
import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/Card';
import { requireStaffPage } from '@/lib/ops/page';
import { OPS_HOME, opsNavItems } from '@/lib/ops/nav';
import { can, staffRoleName } from '@/lib/core/staff-policy';

export const metadata: Metadata = { title: 'Staff overview' };

export default async function OpsHomePage() {
  const actor = await requireStaffPage('ops.open');
  const sections = opsNavItems(actor.role).filter((s) => s.href !== OPS_HOME);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="page-title">Staff overview</h1>
        <p className="text-muted">
          You are signed in as a <strong className="text-ink">{staffRoleName(actor.role).toLowerCase()}</strong>: you see every client&rsquo;s
          jobs{can(actor.role, 'staff.manage') ? ', and you also manage staff users and API keys' : ''}.
        </p>
      </div>
      {sections.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Sections">
          {sections.map((s) => (
            <Card key={s.href} as="li" title={<Link href={s.href}>{s.label}</Link>} titleAs="h2">
              <p className="text-sm text-muted">{s.summary}</p>
            </Card>
          ))}
        </ul>
      )}
    </div>
  );
}
