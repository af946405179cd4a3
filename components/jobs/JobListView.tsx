'use client';
/**
 * The job list island (spec §2 /JobClient): filters (desktop row and mobile panel), the server-sorted table with
 * its mobile cards, 'No Data Available', paging (5 links, 2 on mobile), page size, export, row actions and the
 * feedback modals. The list refreshes every 60 seconds; every change of filters, sort or page size is kept as
 * the user's preference.
 */
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ExportButton } from '@/components/list/ExportButton';
import { useAutoRefresh } from '@/components/list/useListParams';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable } from '@/components/ui/DataTable';
import { PageSizeSelect } from '@/components/ui/PageSizeSelect';
import { Pagination } from '@/components/ui/Pagination';
import { apiFetch } from '@/lib/client-side/api';
// The export's body is made here from the list state, not sent again beside it in the page's payload.
import {
  JOB_PARAM,
  JOB_SORT_COLUMNS,
  querySearchParams,
  toJobListBody,
  type JobListQuery,
} from '@/lib/jobs/list-schema';
import { toPreferenceModel } from '@/lib/jobs/preference-model';
import type { JobRowView } from '@/lib/jobs/present';
import { DEFAULT_PAGE_SIZE, EXPORT_FILE, JOB_LIST_REFRESH_MS } from '@/lib/reference';
import type { FeedbackActions } from './FeedbackDialog';
import { JobCard, jobColumns, type FeedbackMode } from './job-columns';
import { JobFilters } from './JobFilters';
import { JobListStateContext, useJobListParams } from './useJobListParams';

export interface JobListViewProps {
  /** The page's rows, presented. */
  rows: JobRowView[];
  totalCount: number;
  /** totalCount is a lower bound (a 'contains' or time filter matched more than the count looks at). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  query: JobListQuery;
  feedbackActions: FeedbackActions;
  /** Extra controls at the start of the list's toolbar (the saved views), inside the list's state. */
  toolbar?: ReactNode;
  /** Keep the list state as the user's preference (the /JobClient list; not a matter's jobs). Default true. */
  savePreference?: boolean;
  /** The table's caption (default "Jobs"). */
  caption?: string;
  /** The jobs of one matter (the matter page): the filters offer no matter or client-name box. */
  oneMatter?: boolean;
}

/** The feedback modals (their form, its schema and the dialog primitives) load when a row asks for one. */
const FeedbackDialog = dynamic(() => import('./FeedbackDialog').then((m) => m.FeedbackDialog), { ssr: false });

const sortOptions = JOB_SORT_COLUMNS.map((c) => ({ value: c.id, label: c.label }));

/**
 * Saves the preference (POST api/User/SaveUserPreference, the session cookie) whenever the list state changes,
 * not for the state the page opened with. A keepalive fetch, so a following navigation never cancels it; a 401
 * signs out (apiFetch).
 */
function usePreferenceSync(query: JobListQuery, pageSize: number, enabled: boolean) {
  const key = new URLSearchParams(querySearchParams(query, pageSize, DEFAULT_PAGE_SIZE)).toString();
  const last = useRef(key);
  useEffect(() => {
    if (!enabled || key === last.current) return;
    last.current = key;
    const body = JSON.stringify({ JobPreferenceModel: toPreferenceModel({ query, pageSize }) });
    apiFetch('/api/User/SaveUserPreference', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  }, [key, query, pageSize, enabled]);
}

export function JobListView(props: JobListViewProps) {
  const { query, pageSize, page } = props;
  const state = useMemo(() => ({ query, pageSize, page }), [query, pageSize, page]);
  return (
    <JobListStateContext value={state}>
      <JobList {...props} />
    </JobListStateContext>
  );
}

function JobList({
  rows,
  totalCount,
  totalCapped = false,
  page,
  pageSize,
  query,
  feedbackActions,
  toolbar,
  savePreference = true,
  caption = 'Jobs',
  oneMatter = false,
}: JobListViewProps) {
  const { setList, resetList, pending, refresh } = useJobListParams();
  const [generation, setGeneration] = useState(0);
  const [feedbackFor, setFeedbackFor] = useState<{ row: JobRowView; mode: FeedbackMode } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useAutoRefresh(JOB_LIST_REFRESH_MS);
  usePreferenceSync(query, pageSize, savePreference);

  const onFeedback = useCallback((row: JobRowView, mode: FeedbackMode) => {
    setNotice(null);
    setFeedbackFor({ row, mode });
  }, []);
  // The same columns every render, so the table keeps its column model (a refresh or a notice does not rebuild it).
  const columns = useMemo(() => jobColumns(onFeedback), [onFeedback]);

  return (
    <div className="flex flex-col gap-4">
      {notice && (
        <Alert
          tone="success"
          action={
            <Button size="sm" variant="ghost" onClick={() => setNotice(null)}>
              Dismiss
            </Button>
          }
        >
          {notice}
        </Alert>
      )}
      <div className="tbar">
        {toolbar}
        <Button
          variant="ghost"
          onClick={() => {
            resetList();
            setGeneration((g) => g + 1);
          }}
        >
          Reset filters
        </Button>
        <ExportButton
          url="/api/Job/ExportCSVJobs"
          body={toJobListBody(query)}
          fileName={EXPORT_FILE.jobs}
          dataTour="job-export"
        />
      </div>

      <div
        role="search"
        aria-label="Job filters"
        data-tour="job-filters"
        key={`d${generation}`}
        className="panel hidden gap-3 p-4 lg:grid lg:grid-cols-5"
      >
        <JobFilters idPrefix="filter-" oneMatter={oneMatter} />
      </div>

      <div data-tour="job-table">
        <DataTable
          key={`m${generation}`}
          caption={caption}
          columns={columns}
          rows={rows}
          getRowId={(r) => String(r.id)}
          rowHeaderColumn="jmsNumber"
          sort={{ column: query.sortBy, direction: query.sortOrder }}
          onSortChange={(s) => setList({ [JOB_PARAM.sortBy]: s.column, [JOB_PARAM.sortOrder]: s.direction })}
          sortOptions={sortOptions}
          renderCard={(r) => <JobCard row={r} onFeedback={onFeedback} />}
          mobileFilters={<JobFilters idPrefix="mobile-filter-" oneMatter={oneMatter} />}
          loading={pending}
          tableFrom="lg"
        />
      </div>

      <div className="pbar">
        <PageSizeSelect
          value={pageSize}
          onPageSizeChange={(size) => setList({ [JOB_PARAM.pageSize]: size === DEFAULT_PAGE_SIZE ? null : size })}
        />
        <Pagination
          page={page}
          totalCount={totalCount}
          totalCapped={totalCapped}
          pageSize={pageSize}
          showSummary={totalCount > 0}
          label="Job pages"
          onPageChange={(p) => setList({ [JOB_PARAM.page]: p === 1 ? null : p }, { resetPage: false })}
        />
      </div>

      {feedbackFor && (
        <FeedbackDialog
          target={feedbackFor}
          actions={feedbackActions}
          onClose={() => setFeedbackFor(null)}
          onSaved={(message) => {
            setFeedbackFor(null);
            setNotice(message);
            // The list reloads after feedback is saved (spec §4).
            refresh();
          }}
        />
      )}
    </div>
  );
}
