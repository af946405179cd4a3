/**
 * /Ops: the staff area's home. Live numbers first, each a link to the list whose total shows
 * the same number (lib/overview/overview.ts); the two charts with their tables; then the sections this staff
 * member may open.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { OverviewCharts } from '@/components/ops/OverviewCharts';
import { Card } from '@/components/ui/Card';
import { requireStaffPage } from '@/lib/ops/page';
import { OPS_HOME, opsNavItems } from '@/lib/ops/nav';
import { can, staffRoleName } from '@/lib/core/staff-policy';
import { staffOverview, type OverviewNumber } from '@/lib/overview/overview';

export const metadata: Metadata = { title: 'Staff overview' };
export const dynamic = 'force-dynamic';

function money(cents: number, currencyCode: string): string {
  try {
    return new Intl.NumberFormat('en-AU', { style: 'currency', currency: currencyCode.trim() }).format(cents / 100);
  } catch {
    return `${currencyCode.trim()} ${(cents / 100).toFixed(2)}`;
  }
}

function NumberTile({ n }: { n: OverviewNumber }) {
  const shown = n.capped ? `${(n.count - 1).toLocaleString('en-AU')}+` : n.count.toLocaleString('en-AU');
  return (
    <li className="min-w-0">
      <Link
        href={n.href}
        data-overview={n.id}
        className="flex h-full flex-col gap-1 rounded-lg border border-line bg-surface p-4 no-underline hover:border-brand-700 hover:no-underline focus-visible:outline-2"
      >
        <span className="text-sm text-muted">{n.label}</span>
        <span className="text-3xl font-semibold text-ink tabular-nums" data-count>
          {shown}
        </span>
        {n.totals && (
          <span className="text-sm text-ink">
            {n.totals.length === 0 ? money(0, 'AUD') : n.totals.map((t) => money(t.cents, t.currencyCode)).join(' + ')}
          </span>
        )}
      </Link>
    </li>
  );
}

export default async function OpsHomePage() {
  const actor = await requireStaffPage('ops.open');
  const sections = opsNavItems(actor.role).filter((s) => s.href !== OPS_HOME);
  const overview = can(actor.role, 'jobs.read') ? await staffOverview(actor) : null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="page-title">Staff overview</h1>
        <p className="text-muted">
          You are signed in as a <strong className="text-ink">{staffRoleName(actor.role).toLowerCase()}</strong>: you
          see every client&rsquo;s jobs
          {can(actor.role, 'staff.manage') ? ', and you also manage staff users and API keys' : ''}.
        </p>
      </div>
      {overview && (
        <>
          <section aria-labelledby="today-heading" className="flex flex-col gap-3">
            <h2 id="today-heading" className="text-lg font-semibold">
              Today
            </h2>
            <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label="Jobs">
              {overview.jobs.map((n) => (
                <NumberTile key={n.id} n={n} />
              ))}
            </ul>
            {overview.invoices && (
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label="Invoices">
                {overview.invoices.map((n) => (
                  <NumberTile key={n.id} n={n} />
                ))}
              </ul>
            )}
          </section>
          <OverviewCharts days={overview.days} onTime={overview.onTime} />
        </>
      )}
      {sections.length > 0 && (
        <section aria-labelledby="sections-heading" className="flex flex-col gap-3">
          <h2 id="sections-heading" className="text-lg font-semibold">
            Sections
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Sections">
            {sections.map((s) => (
              <Card key={s.href} as="li" title={<Link href={s.href}>{s.label}</Link>} titleAs="h3">
                <p className="text-sm text-muted">{s.summary}</p>
              </Card>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
