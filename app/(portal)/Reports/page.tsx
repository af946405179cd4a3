/**
 * /Reports: the firm's spend and orders for its client administrator over a period of months — spend by
 * month, spend by matter (top 10), spend by job type, jobs ordered per month — each a chart with a table of the
 * same numbers beside it; every number links to the list behind it. The period is in the URL (`range`, or `from`
 * and `to`: lib/reports/period.ts), chosen with the presets or the two months of the form; a period that cannot
 * be shown gives the default one and says why. The route table lets only role 4 open it (proxy.ts), the page asks
 * again, and the service (lib/reports/spend.ts) refuses anyone else.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { NumberLink } from '@/components/reports/NumberLink';
import { ReportSection } from '@/components/reports/ReportSection';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { requirePageClientActor } from '@/lib/auth/page';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { PERIOD_PARAM } from '@/lib/reports/period';
import { presentSpendReport } from '@/lib/reports/present';
import { getSpendReport } from '@/lib/reports/spend';

export const metadata: Metadata = { title: 'Reports' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor([CLIENT_ADMIN_ROLE]);
  const v = presentSpendReport(await getSpendReport(actor, await searchParams));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Reports</h1>
        <p className="text-sm text-muted" data-testid="report-period">
          Your firm&apos;s invoices and orders {v.periodText}.
        </p>
      </div>
      {v.periodError && (
        <Alert tone="warning" title="That period could not be shown">
          {v.periodError}
        </Alert>
      )}
      <section
        aria-labelledby="period-title"
        className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface p-4"
      >
        <h2 id="period-title" className="text-lg font-semibold text-ink">
          Period
        </h2>
        <nav aria-label="Periods">
          <ul className="flex flex-wrap gap-2">
            {v.presets.map((p) => (
              <li key={p.id}>
                <Link
                  href={p.href}
                  aria-current={p.current ? 'page' : undefined}
                  className={buttonClasses({ size: 'sm', variant: p.current ? 'primary' : 'secondary' })}
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <form method="get" action="/Reports" className="flex flex-wrap items-end gap-3" aria-label="Choose the months">
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            From month
            <input type="month" name={PERIOD_PARAM.from} defaultValue={v.from} required className="ctl h-10" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            To month
            <input type="month" name={PERIOD_PARAM.to} defaultValue={v.to} required className="ctl h-10" />
          </label>
          <button type="submit" className={buttonClasses({ size: 'md', variant: 'primary' })}>
            Show
          </button>
        </form>
      </section>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="report-totals">
        <div className="rounded-lg border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Total spend</dt>
          <dd className="text-xl font-semibold text-ink">
            {v.totals.spendText}{' '}
            <span className="text-sm font-normal">
              (<NumberLink text={v.totals.invoicesText} href={v.totals.invoicesHref} />)
            </span>
          </dd>
        </div>
        <div className="rounded-lg border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Jobs ordered</dt>
          <dd className="text-xl font-semibold text-ink">
            <NumberLink text={v.totals.jobsText} href={v.totals.jobsHref} />
          </dd>
        </div>
      </dl>
      {v.sections.map((s) => (
        <ReportSection key={s.id} section={s} />
      ))}
    </div>
  );
}
