/**
 * /Matter?ref=<reference, encoded as spec §2 encodes ids>: one matter of the user’s firm. Its
 * heading names the parties (else the description) over the reference, with "New job for this matter" (the order
 * form with the reference filled in). Its jobs are the job list itself (same rows, sorting, paging, export and filters
 * but the matter and client-name boxes, which could narrow nothing here; narrowed to exactly this reference), then its
 * invoices with the totals billed, paid and owed, its files and the timeline of its jobs ordered, their status changes
 * and deliveries, and its invoices issued. Another firm's
 * matter, or a reference this firm never used, is a 404.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { JobListView } from '@/components/jobs/JobListView';
import { MatterLink } from '@/components/jobs/MatterLink';
import { MatterSearch } from '@/components/matters/MatterSearch';
import { LiveRefresh } from '@/components/live/JobEvents';
import { Badge } from '@/components/ui/Badge';
import { InvoiceStatusBadge } from '@/components/invoices/InvoiceStatusBadge';
import { buttonClasses } from '@/components/ui/Button';
import { ScrollRegion } from '@/components/ui/ScrollRegion';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { requirePageClientActor } from '@/lib/auth/page';
import { formatBytes } from '@/lib/display-size';
import { NotFoundError } from '@/lib/core/errors';
import { tryDecodeParam } from '@/lib/encoding';
import { JOB_PARAM, queryFromSearchParams } from '@/lib/jobs/list-schema';
import { presentJobRow } from '@/lib/jobs/present';
import { listJobs } from '@/lib/jobs/queries';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { presentMatter } from '@/lib/matters/present';
import { getMatter, MATTER_MAX } from '@/lib/matters/service';
import { loadFeedbackAction, saveFeedbackAction } from '../JobClient/actions';

export const metadata: Metadata = { title: 'Matter' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toUrlParams(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p;
}

const th = 'border-b border-line-strong px-3 py-2 text-left font-semibold';
const td = 'border-b border-line px-3 py-2 align-top';

export default async function MatterPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor();
  const params = toUrlParams(await searchParams);
  const reference = tryDecodeParam(params.get('ref'));
  if (!reference || reference.length > MATTER_MAX) notFound();

  let matter;
  try {
    matter = await getMatter(actor, reference);
  } catch (e) {
    if (e instanceof NotFoundError) notFound();
    throw e;
  }
  const query = { ...queryFromSearchParams(params), matterExact: reference };
  const page = pageFrom(params.get(JOB_PARAM.page));
  const pageSize = pageSizeFrom(params.get(JOB_PARAM.pageSize));
  const jobs = await listJobs(actor, query, { page, size: pageSize });
  const view = presentMatter(matter, actor.timeZone);

  return (
    <div className="flex flex-col gap-6">
      {/* News of the firm's jobs (a status, a file, an invoice) re-renders the matter's rows in place. */}
      <LiveRefresh />
      <MatterSearch />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          {view.title ? (
            <>
              <p className="text-sm text-muted [overflow-wrap:anywhere]">
                Matter <span data-testid="matter-reference">{view.reference}</span>
              </p>
              <h1 className="text-2xl font-semibold text-ink [overflow-wrap:anywhere]" data-testid="matter-title">
                {view.title}
              </h1>
            </>
          ) : (
            <>
              <p className="text-sm text-muted">Matter</p>
              <h1 className="text-2xl font-semibold text-ink [overflow-wrap:anywhere]" data-testid="matter-reference">
                {view.reference}
              </h1>
            </>
          )}
        </div>
        <Link href={view.newJobHref} className={buttonClasses({ variant: 'primary' })} data-testid="matter-new-job">
          New job for this matter
        </Link>
      </header>

      <section aria-labelledby="matter-jobs" className="flex flex-col gap-3">
        <h2 id="matter-jobs" className="text-xl font-semibold text-ink">
          Jobs
        </h2>
        <JobListView
          rows={jobs.rows.map((r) => presentJobRow(r, actor.timeZone))}
          totalCount={jobs.totalCount}
          totalCapped={jobs.totalCapped}
          page={page}
          pageSize={pageSize}
          query={query}
          feedbackActions={{ save: saveFeedbackAction, load: loadFeedbackAction }}
          savePreference={false}
          caption={`Jobs of matter ${view.reference}`}
          oneMatter
        />
      </section>

      <section aria-labelledby="matter-invoices" className="flex flex-col gap-3">
        <h2 id="matter-invoices" className="text-xl font-semibold text-ink">
          Invoices
        </h2>
        {view.totals.length > 0 && (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="matter-totals">
            {view.totals.flatMap((t) =>
              (['billed', 'paid', 'owed'] as const).map((k) => (
                <div key={`${t.currencyCode}-${k}`} className="rounded-lg border border-line bg-surface p-4 shadow-xs">
                  <dt className="text-sm text-muted">
                    {k === 'billed' ? 'Billed' : k === 'paid' ? 'Paid' : 'Owed'}
                    {view.totals.length > 1 ? ` (${t.currencyCode})` : ''}
                  </dt>
                  <dd className="text-xl font-semibold tabular-nums" data-total={k}>
                    {t[k]}
                  </dd>
                </div>
              )),
            )}
          </dl>
        )}
        {view.invoices.length === 0 ? (
          <p className="text-sm text-muted">No Data Available</p>
        ) : (
          <ScrollRegion label="Invoices of this matter">
            <table className="w-full border-collapse text-sm" data-testid="matter-invoices">
              <caption className="sr-only">Invoices of matter {view.reference}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>
                    Invoice Number
                  </th>
                  <th scope="col" className={th}>
                    JMS Number
                  </th>
                  <th scope="col" className={th}>
                    Matter Reference
                  </th>
                  <th scope="col" className={th}>
                    Issue Date
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.invoices.map((i) => (
                  <tr key={i.id}>
                    <th scope="row" className={`${td} text-left font-medium`}>
                      <a href={i.slipHref}>{i.invoiceNumber}</a>
                    </th>
                    <td className={td}>{i.jmsNumber}</td>
                    <td className={`${td} [overflow-wrap:anywhere]`}>
                      <MatterLink reference={i.matterReference} />
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{i.issueDate}</td>
                    <td className={`${td} text-right tabular-nums`}>{i.amount}</td>
                    <td className={td}>
                      <InvoiceStatusBadge status={i.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {view.invoicesTotal > view.invoices.length && (
          <p className="text-sm text-muted">
            Showing {view.invoices.length} of {view.invoicesTotal} invoices.
          </p>
        )}
      </section>

      <section aria-labelledby="matter-files" className="flex flex-col gap-3">
        <h2 id="matter-files" className="text-xl font-semibold text-ink">
          Files
        </h2>
        {view.files.length === 0 ? (
          <p className="text-sm text-muted">No Data Available</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface"
            data-testid="matter-files"
          >
            {view.files.map((f) => (
              <li key={f.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2 text-sm">
                <a href={f.href} className="font-medium [overflow-wrap:anywhere]">
                  {f.fileName}
                </a>
                <span className="text-muted">({formatBytes(f.size)})</span>
                <span>{f.kind}</span>
                <span>
                  job <a href={f.jobHref}>{f.jmsNumber}</a>
                </span>
                <span className="text-muted">{f.uploadedAt}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="matter-timeline" className="flex flex-col gap-3">
        <h2 id="matter-timeline" className="text-xl font-semibold text-ink">
          Timeline
        </h2>
        {view.timeline.length === 0 ? (
          <p className="text-sm text-muted">No Data Available</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="matter-timeline">
            {view.timeline.map((e) => (
              <li
                key={e.key}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-line bg-surface px-3 py-2 text-sm"
              >
                <span className="text-muted">{e.at}</span>
                <span>Job {e.jobHref ? <a href={e.jobHref}>{e.jmsNumber}</a> : e.jmsNumber}</span>
                {e.toStatus === null ? (
                  <Badge tone="info">{e.text}</Badge>
                ) : (
                  <StatusBadge status={e.toStatus} label={e.text} className="whitespace-normal" />
                )}
                {e.invoice && (
                  <span>
                    <a href={e.invoice.href} target="_blank" rel="noopener">
                      {e.invoice.number}
                    </a>{' '}
                    <span className="tabular-nums">{e.invoice.amount}</span>
                  </span>
                )}
                {e.by && <span className="text-muted">by {e.by}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
