/**
 * /JobClient (spec §2): the client's jobs with filters, sorting, paging, export, feedback and copy job. The list
 * state lives in the URL; a visit without list parameters shows the user's default saved view, else their saved
 * preference (the "Last used" view: page size, sort, filters; lib/jobs/views.ts). messageType=1 with jb shows 'New Job is saved successfully.' naming the job number (a link to its slip),
 * with a View Job Slip button.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { JobsHead } from '@/components/jobs/JobsHead';
import { JobListView } from '@/components/jobs/JobListView';
import { SavedJobBanner } from '@/components/jobs/SavedJobBanner';
import { LiveRefresh } from '@/components/live/JobEvents';
import { requirePageClientActor } from '@/lib/auth/page';
import { displayMonthRange } from '@/lib/display-date';
import { tryDecodeId } from '@/lib/encoding';
import {
  hasListParams,
  JOB_ATTENTION_LABELS,
  JOB_PARAM,
  MINE_HINT,
  queryFromSearchParams,
  querySearchParams,
} from '@/lib/jobs/list-schema';
import { notFound } from 'next/navigation';
import type { ClientActor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/core/errors';
import { getView, listViews, openingOf } from '@/lib/jobs/views';
import { VIEW_PARAM } from '@/lib/jobs/views-schema';
import { SavedViews } from '@/components/jobs/SavedViews';
import { isUserAdmin } from '@/lib/core/user-policy';
import { homeAttention, presentInvoiceAttention, stripScopeOf } from '@/lib/invoices/attention';
import { STRIP_PARAM } from '@/lib/jobs/attention-keys';
import { jobSlipHref } from '@/lib/jobs/links';
import { presentJobRow } from '@/lib/jobs/present';
import { getJobForClient, listJobs } from '@/lib/jobs/queries';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { createViewAction, loadFeedbackAction, saveFeedbackAction } from './actions';

export const metadata: Metadata = { title: 'Jobs' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toUrlParams(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p;
}

/** The list state of ?view=<id>, or the 404 page when the id is not a view the actor sees. */
async function namedView(actor: ClientActor, raw: string) {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  try {
    const v = await getView(actor, id);
    return { query: v.query, pageSize: v.pageSize };
  } catch (e) {
    if (e instanceof NotFoundError) notFound();
    throw e;
  }
}

export default async function JobClientPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor();
  const params = toUrlParams(await searchParams);

  // No list state in the URL: the view named by ?view= (a view the user sees; any other id is a 404), else the
  // user's default view, else their last used settings (the spec's saved preference, now their remembered view).
  // The URL stays as it is and the first change writes the whole state.
  const viewParam = params.get(VIEW_PARAM);
  // The saved views (the toolbar lists them) are awaited first only when the default one gives the list its state.
  const viewsRead = listViews(actor);
  // Awaited below in every path that renders; a redirect or a 404 first leaves it read for nothing, not unhandled.
  viewsRead.catch(() => undefined);
  const opening = hasListParams(params) || viewParam !== null ? null : openingOf(await viewsRead);
  const pref = hasListParams(params)
    ? null
    : viewParam !== null
      ? await namedView(actor, viewParam)
      : opening && { query: opening.query, pageSize: opening.pageSize };
  const query = pref ? pref.query : queryFromSearchParams(params);
  const page = pref ? 1 : pageFrom(params.get(JOB_PARAM.page));
  const pageSize = pref ? pageSizeFrom(String(pref.pageSize)) : pageSizeFrom(params.get(JOB_PARAM.pageSize));
  // The list, the strip's counts and the views side by side: the strip costs what its slowest count costs.
  const [result, attention, views] = await Promise.all([
    listJobs(actor, query, { page, size: pageSize }),
    homeAttention(actor, stripScopeOf(actor, params.get(STRIP_PARAM))),
    viewsRead,
  ]);
  const allJobsQs = new URLSearchParams(querySearchParams({ ...query, attention: '' }, pageSize)).toString();
  const allFirmQs = new URLSearchParams(querySearchParams({ ...query, mine: false }, pageSize)).toString();
  const allMonthsQs = new URLSearchParams(
    querySearchParams({ ...query, loggedFrom: '', loggedTo: '' }, pageSize),
  ).toString();
  const savedJobId = params.get('messageType') === '1' ? tryDecodeId(params.get('jb')) : null;
  const savedJob = savedJobId === null ? null : await getJobForClient(actor, savedJobId);

  return (
    <div className="flex flex-col gap-4">
      {/* News of the firm's jobs (a status, a file, an invoice) re-renders the rows in place. */}
      <LiveRefresh />
      {/* The title, the matter search and the strip: a client component given the strip's counts. */}
      <JobsHead
        jobs={attention.jobs}
        scope={attention.scope}
        unpaid={attention.invoices.unpaid}
        overdue={attention.invoices.overdue}
        owed={presentInvoiceAttention(attention.invoices).owedText}
      />
      {query.attention && (
        <p className="text-sm text-ink" data-testid="attention-filter">
          Showing jobs: <strong>{JOB_ATTENTION_LABELS[query.attention]}</strong>.{' '}
          <Link href={allJobsQs ? `/JobClient?${allJobsQs}` : '/JobClient?sort=0&dir=2'}>Show all jobs</Link>
        </p>
      )}
      {query.mine && (
        <p className="text-sm text-ink" data-testid="mine-filter">
          Showing <strong>only your jobs</strong>: {MINE_HINT.charAt(0).toLowerCase() + MINE_HINT.slice(1)}{' '}
          <Link href={allFirmQs ? `/JobClient?${allFirmQs}` : '/JobClient?sort=0&dir=2'}>
            Show the firm&apos;s jobs
          </Link>
        </p>
      )}
      {(query.loggedFrom || query.loggedTo) && (
        <p className="text-sm text-ink" data-testid="logged-filter">
          Showing jobs logged <strong>{displayMonthRange(query.loggedFrom, query.loggedTo)}</strong>.{' '}
          <Link href={allMonthsQs ? `/JobClient?${allMonthsQs}` : '/JobClient?sort=0&dir=2'}>
            Show jobs of any month
          </Link>
        </p>
      )}
      {savedJobId !== null && (
        <SavedJobBanner
          slipHref={jobSlipHref(savedJobId, true)}
          jobHref={jobSlipHref(savedJobId)}
          jmsNumber={savedJob?.jmsNumber ?? null}
        />
      )}
      <JobListView
        rows={result.rows.map((r) => presentJobRow(r, actor.timeZone))}
        totalCount={result.totalCount}
        totalCapped={result.totalCapped}
        page={page}
        pageSize={pageSize}
        query={query}
        feedbackActions={{ save: saveFeedbackAction, load: loadFeedbackAction }}
        toolbar={<SavedViews views={views} canShare={isUserAdmin(actor)} create={createViewAction} />}
      />
    </div>
  );
}
