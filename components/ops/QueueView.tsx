'use client';
/**
 * The staff job queue island: filters (desktop row and mobile panel), the server-sorted table with its mobile cards,
 * 'No Data Available', paging (5 links, 2 on mobile), page size and CSV export — the /JobClient machinery over the
 * queue's URL state. The list refreshes every 60 seconds (not while jobs are selected). Staff who may move jobs
 * tick them (a labelled checkbox per row and card, "all on this page", then "all N matching" across pages) and act
 * on them in bulk (BulkBar).
 */
import { useMemo, useState } from 'react';
import { ExportButton } from '@/components/list/ExportButton';
import { useAutoRefresh, useListParams } from '@/components/list/useListParams';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { PageSizeSelect } from '@/components/ui/PageSizeSelect';
import { Pagination } from '@/components/ui/Pagination';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { opsJobHref } from '@/lib/ops/links';
import type { QueueRowView } from '@/lib/ops/present';
import {
  QUEUE_PARAM,
  QUEUE_SORTS,
  toQueueExportBody,
  type QueueClientOption,
  type QueueQuery,
} from '@/lib/ops/queue-schema';
import { DEFAULT_PAGE_SIZE, JOB_LIST_REFRESH_MS } from '@/lib/reference';
import { BulkBar, type BulkJobsAction } from './BulkBar';
import { QueueFilters } from './QueueFilters';

export interface QueueViewProps {
  /** The page's rows, presented. */
  rows: QueueRowView[];
  totalCount: number;
  /** totalCount is a lower bound ("more than"). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  query: QueueQuery;
  /** The filters as a key: a new filter starts a new selection (the page and its size keep it). */
  filterKey: string;
  exportFile: string;
  clients: QueueClientOption[];
  /** Active staff users (owner filter, bulk "assign to"). */
  staff: { id: number; name: string }[];
  meId: number;
  /** The bulk action, for staff who may move jobs; null: no selection. */
  bulkAction: BulkJobsAction | null;
  /** Staff who may issue invoices: "Invoice these jobs" for the ticked jobs. */
  canInvoice?: boolean;
}

function Due({ row }: { row: QueueRowView }) {
  if (!row.overdue) return row.due;
  return (
    <span className="font-medium text-danger">
      {row.due}
      <span className="block text-xs">Overdue</span>
    </span>
  );
}

interface Selecting {
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
}

function SelectBox({ row, sel }: { row: QueueRowView; sel: Selecting }) {
  return (
    <input
      type="checkbox"
      className="size-4 cursor-pointer accent-brand-700"
      aria-label={`Select job ${row.jmsNumber}`}
      checked={sel.isSelected(row.id)}
      onChange={() => sel.toggle(row.id)}
    />
  );
}

const selectColumn = (sel: Selecting): DataTableColumn<QueueRowView> => ({
  id: 'select',
  header: 'Select',
  cell: (r) => <SelectBox row={r} sel={sel} />,
  className: 'w-8',
});

const columns: DataTableColumn<QueueRowView>[] = [
  // The row header: medium weight from the table (.dt), not a class on the link.
  {
    id: 'jmsNumber',
    header: 'Job number',
    sortKey: 1,
    cell: (r) => (
      <>
        <a href={opsJobHref(r.id)}>{r.jmsNumber}</a>
        {/* The number may break anywhere: the column stays as narrow as the job number at 1024 px. */}
        {r.invoiced && (
          <span className="sub mt-1 block whitespace-normal">
            Invoiced: <span className="break-all">{r.invoiced}</span>
          </span>
        )}
      </>
    ),
    className: 'nw',
  },
  { id: 'client', header: 'Client', cell: (r) => r.clientName, className: 'min-w-32' },
  { id: 'type', header: 'Job type', cell: (r) => r.orderTypeName },
  { id: 'matter', header: 'Matter/Ref', cell: (r) => r.matterReference },
  { id: 'contact', header: 'Contact name', cell: (r) => r.contactName },
  { id: 'created', header: 'Time logged', sortKey: 5, cell: (r) => r.created },
  { id: 'due', header: 'Time due', sortKey: 6, cell: (r) => <Due row={r} /> },
  // The owner under the status, not a column of its own: ten columns did not fit 1024 px.
  {
    id: 'status',
    header: 'Status and owner',
    sortKey: 8,
    cell: (r) => (
      <>
        <StatusBadge status={r.status} />
        <span className={r.assignee ? 'sub mt-1 text-ink' : 'sub mt-1'}>{r.assignee || 'Unassigned'}</span>
      </>
    ),
  },
];

function QueueCard({ row, sel }: { row: QueueRowView; sel: Selecting | null }) {
  return (
    <Card
      as="article"
      titleAs="h3"
      status={row.status}
      title={
        <span className="flex items-center gap-2">
          {sel && <SelectBox row={row} sel={sel} />}
          <a href={opsJobHref(row.id)}>{row.jmsNumber}</a>
        </span>
      }
      actions={<StatusBadge status={row.status} />}
    >
      <dl className="dl">
        <dt>Client</dt>
        <dd>{row.clientName}</dd>
        <dt>Job type</dt>
        <dd>{row.orderTypeName}</dd>
        <dt>Matter/Ref</dt>
        <dd className="break-words">{row.matterReference}</dd>
        <dt>Contact</dt>
        <dd>{row.contactName}</dd>
        <dt>Due</dt>
        <dd>
          <Due row={row} />
        </dd>
        <dt>Owner</dt>
        <dd>{row.assignee || 'Unassigned'}</dd>
        {row.invoiced && (
          <>
            <dt>Invoiced</dt>
            <dd>{row.invoiced}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}

const sortOptions = QUEUE_SORTS.map((s) => ({ value: s.id, label: s.label }));

export function QueueView({
  rows,
  totalCount,
  totalCapped,
  page,
  pageSize,
  query,
  filterKey,
  exportFile,
  clients,
  staff,
  bulkAction,
  canInvoice = false,
}: QueueViewProps) {
  // The export's (and the bulk action's) body is made here from the list state, not sent again beside it.
  const exportBody = useMemo(() => toQueueExportBody(query), [query]);
  const { set, reset, refresh, pending } = useListParams();
  // Ticked jobs (kept across pages of the same filters), or every matching job.
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  // Reset here rather than by remounting the view on a new filter: a remount would close the Status pop-up being
  // ticked and drop the keyboard focus to the top of the page.
  const [selectionFor, setSelectionFor] = useState(filterKey);
  if (selectionFor !== filterKey) {
    setSelectionFor(filterKey);
    setPicked(new Set());
    setAllMatching(false);
  }
  const selecting = bulkAction !== null;
  useAutoRefresh(selecting && (picked.size > 0 || allMatching) ? 0 : JOB_LIST_REFRESH_MS);
  const sel: Selecting = {
    isSelected: (id) => allMatching || picked.has(id),
    toggle: (id) => {
      if (allMatching) {
        // Leaving "all matching": keep this page's other jobs ticked.
        setAllMatching(false);
        setPicked(new Set(rows.map((r) => r.id).filter((x) => x !== id)));
        return;
      }
      const next = new Set(picked);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setPicked(next);
    },
  };
  const pageAll = rows.length > 0 && rows.every((r) => sel.isSelected(r.id));
  const togglePage = () => {
    setAllMatching(false);
    const next = new Set(picked);
    for (const r of rows) {
      if (pageAll) next.delete(r.id);
      else next.add(r.id);
    }
    setPicked(next);
  };
  const clear = () => {
    setAllMatching(false);
    setPicked(new Set());
  };
  const count = allMatching ? totalCount : picked.size;
  const tableColumns = selecting ? [selectColumn(sel), ...columns] : columns;
  return (
    <div className="flex flex-col gap-4">
      <div className="tbar">
        <Button variant="ghost" onClick={reset}>
          Reset filters
        </Button>
        <ExportButton url="/api/Ops/Jobs/Export" body={exportBody} fileName={exportFile} />
      </div>
      <div role="search" aria-label="Queue filters" className="panel hidden gap-3 p-4 lg:grid lg:grid-cols-4">
        <QueueFilters idPrefix="filter-" query={query} clients={clients} staff={staff} />
      </div>
      {selecting && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <label className="inline-flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="size-4 cursor-pointer accent-brand-700"
                checked={pageAll}
                onChange={togglePage}
                disabled={rows.length === 0}
              />
              Select all on this page
            </label>
            {pageAll && !allMatching && totalCount > rows.length && (
              <Button variant="ghost" size="sm" onClick={() => setAllMatching(true)}>
                Select all {totalCapped ? 'more than ' : ''}
                {totalCount.toLocaleString('en-AU')} matching jobs
              </Button>
            )}
            {(picked.size > 0 || allMatching) && (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear selection
              </Button>
            )}
          </div>
          <BulkBar
            selectedIds={allMatching ? null : [...picked]}
            count={count}
            countCapped={allMatching && totalCapped}
            exportBody={exportBody}
            exportFile={exportFile}
            staff={staff}
            action={bulkAction}
            canInvoice={canInvoice}
            onDone={() => {
              clear();
              refresh();
            }}
          />
        </div>
      )}
      <DataTable
        caption="Job queue"
        columns={tableColumns}
        rows={rows}
        getRowId={(r) => String(r.id)}
        rowHeaderColumn="jmsNumber"
        sort={{ column: query.sortBy, direction: query.sortOrder }}
        onSortChange={(s) => set({ [QUEUE_PARAM.sortBy]: s.column, [QUEUE_PARAM.sortOrder]: s.direction })}
        sortOptions={sortOptions}
        renderCard={(r) => <QueueCard row={r} sel={selecting ? sel : null} />}
        mobileFilters={<QueueFilters idPrefix="mobile-filter-" query={query} clients={clients} staff={staff} />}
        tableFrom="lg"
        loading={pending}
      />
      <div className="pbar">
        <PageSizeSelect
          value={pageSize}
          onPageSizeChange={(size) => set({ [QUEUE_PARAM.pageSize]: size === DEFAULT_PAGE_SIZE ? null : size })}
        />
        <Pagination
          page={page}
          totalCount={totalCount}
          pageSize={pageSize}
          showSummary={totalCount > 0}
          totalCapped={totalCapped}
          label="Queue pages"
          onPageChange={(p) => set({ [QUEUE_PARAM.page]: p === 1 ? null : p }, { resetPage: false })}
        />
      </div>
    </div>
  );
}
