/**
 * /JobClient (spec §2): the client's jobs with filters, sorting, paging, export, feedback and copy job. The list
 * state lives in the URL; a visit without list parameters shows the user's saved preference (page size, sort,
 * filters). messageType=1 with jb shows 'New Job is saved successfully.' naming the job number (a link to its slip),
 * with a View Job Slip button.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { AttentionStrip } from '@/components/jobs/AttentionStrip';
import { JobListView } from '@/components/jobs/JobListView';
import { MatterSearch } from '@/components/matters/MatterSearch';
import { SavedJobBanner } from '@/components/jobs/SavedJobBanner';
import { buttonClasses } from '@/components/ui/Button';
import { requirePageClientActor } from '@/lib/auth/page';
import { tryDecodeId } from '@/lib/encoding';
import { homeAttention, presentInvoiceAttention } from '@/lib/invoices/attention';
import { presentJobAttention } from '@/lib/jobs/attention-present';
import { hasListParams, JOB_ATTENTION_LABELS, JOB_PARAM, queryFromSearchParams, querySearchParams, toJobListBody } from '@/lib/jobs/list-schema';
import { getUserPreference } from '@/lib/jobs/preferences';
import { jobSlipHref, presentJobRow } from '@/lib/jobs/present';
import { getJobForClient, listJobs } from '@/lib/jobs/queries';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { loadFeedbackAction, saveFeedbackAction } from './actions';

export const metadata: Metadata = { title: 'Jobs' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toUrlParams(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p;
}

export default async function JobClientPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor();
  const params = toUrlParams(await searchParams);

  // No list state in the URL: the saved preference (the URL stays as it is; the first change writes the state).
  const pref = hasListParams(params) ? null : await getUserPreference(actor);
  const query = pref ? pref.job.query : queryFromSearchParams(params);
  const page = pref ? 1 : pageFrom(params.get(JOB_PARAM.page));
  const pageSize = pref ? pageSizeFrom(String(pref.job.pageSize)) : pageSizeFrom(params.get(JOB_PARAM.pageSize));
  // The list and the strip's counts (issue 28) side by side: the strip costs what its slowest count costs.
  const [result, attention] = await Promise.all([listJobs(actor, query, { page, size: pageSize }), homeAttention(actor)]);
  const allJobsQs = new URLSearchParams(querySearchParams({ ...query, attention: '' }, pageSize)).toString();
  const savedJobId = params.get('messageType') === '1' ? tryDecodeId(params.get('jb')) : null;
  const savedJob = savedJobId === null ? null : await getJobForClient(actor, savedJobId);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Jobs</h1>
        <Link href="/SaveJob" className={buttonClasses({ variant: 'primary' })} data-tour="new-job">
          New job
        </Link>
      </div>
      <MatterSearch />
      <AttentionStrip view={{ jobs: presentJobAttention(attention.jobs), invoices: presentInvoiceAttention(attention.invoices) }} />
      {query.attention && (
        <p className="text-sm text-ink" data-testid="attention-filter">
          Showing jobs: <strong>{JOB_ATTENTION_LABELS[query.attention]}</strong>.{' '}
          <Link href={allJobsQs ? `/JobClient?${allJobsQs}` : '/JobClient?sort=0&dir=2'}>Show all jobs</Link>
        </p>
      )}
      {savedJobId !== null && <SavedJobBanner slipHref={jobSlipHref(savedJobId, true)} jobHref={jobSlipHref(savedJobId)} jmsNumber={savedJob?.jmsNumber ?? null} />}
      <JobListView
        rows={result.rows.map((r) => presentJobRow(r, actor.timeZone))}
        totalCount={result.totalCount}
        totalCapped={result.totalCapped}
        page={page}
        pageSize={pageSize}
        query={query}
        exportBody={toJobListBody(query)}
        feedbackActions={{ save: saveFeedbackAction, load: loadFeedbackAction }}
      />
    </div>
  );
}
