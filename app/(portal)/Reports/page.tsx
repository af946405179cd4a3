/**
 * /Reports (item 5): the firm's spend and orders for its client administrator — spend by month over
 * 12 months, spend by matter (top 10), spend by job type, jobs ordered per month — each a chart with a table of
 * the same numbers beside it. The route table lets only role 4 open it (proxy.ts), the page asks again, and the
 * service (lib/reports/spend.ts) refuses anyone else.
 */
import type { Metadata } from 'next';
import { ReportSection } from '@/components/reports/ReportSection';
import { requirePageClientActor } from '@/lib/auth/page';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { formatCents, monthLabel } from '@/lib/reports/model';
import { getSpendReport } from '@/lib/reports/spend';

export const metadata: Metadata = { title: 'Reports' };

export default async function ReportsPage() {
  const actor = await requirePageClientActor([CLIENT_ADMIN_ROLE]);
  const r = await getSpendReport(actor);
  const period = `${monthLabel(r.from)} to ${monthLabel(r.to)}`;
  const spend = [
    { header: 'Spend (AUD)', numeric: true },
    { header: 'Invoices', numeric: true },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Reports</h1>
        <p className="text-sm text-muted">
          Your firm&apos;s invoices and orders, {period}. Total spend {formatCents(r.totalCents)}.
        </p>
      </div>
      <ReportSection
        id="spend-by-month"
        title="Spend by month"
        description="Invoices by issue date."
        data={r.months.map((m) => ({ label: m.label, value: m.spendCents }))}
        money
        columns={[{ header: 'Month' }, ...spend]}
        rows={r.months.map((m) => [m.label, formatCents(m.spendCents), m.invoices])}
      />
      <ReportSection
        id="spend-by-matter"
        title="Spend by matter"
        description="The 10 matters with the highest spend."
        data={r.byMatter.map((m) => ({ label: m.matter, value: m.spendCents }))}
        money
        layout="bars"
        columns={[{ header: 'Matter' }, ...spend]}
        rows={r.byMatter.map((m) => [m.matter, formatCents(m.spendCents), m.invoices])}
      />
      <ReportSection
        id="spend-by-job-type"
        title="Spend by job type"
        description="Invoices by the type of the job they bill."
        data={r.byJobType.map((t) => ({ label: t.name, value: t.spendCents }))}
        money
        layout="bars"
        columns={[{ header: 'Job type' }, ...spend]}
        rows={r.byJobType.map((t) => [t.name, formatCents(t.spendCents), t.invoices])}
      />
      <ReportSection
        id="jobs-per-month"
        title="Jobs ordered per month"
        description="Jobs by the time they were logged."
        data={r.months.map((m) => ({ label: m.label, value: m.jobs }))}
        money={false}
        columns={[{ header: 'Month' }, { header: 'Jobs ordered', numeric: true }]}
        rows={r.months.map((m) => [m.label, m.jobs])}
      />
    </div>
  );
}
