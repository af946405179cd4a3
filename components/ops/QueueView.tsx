'use client';
/**
 * The staff job queue island: filters (desktop row and mobile panel), the server-sorted table with its mobile cards,
 * 'No Data Available', paging (5 links, 2 on mobile), page size and CSV export — the /JobClient machinery over the
 * queue's URL state. The list refreshes every 60 seconds.
 */
import { ExportButton } from '@/components/list/ExportButton';
import { useAutoRefresh, useListParams } from '@/components/list/useListParams';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { PageSizeSelect } from '@/components/ui/PageSizeSelect';
import { Pagination } from '@/components/ui/Pagination';
import { StatusBadge } from '@/components/ui/StatusBadge';
import type { QueueRowView } from '@/lib/ops/present';
import { QUEUE_PARAM, QUEUE_SORTS, type QueueExportBody, type QueueQuery } from '@/lib/ops/queue-schema';
import { DEFAULT_PAGE_SIZE, JOB_LIST_REFRESH_MS } from '@/lib/reference';
import { QueueFilters } from './QueueFilters';

export interface QueueViewProps {
  rows: QueueRowView[];
  totalCount: number;
  /** totalCount is a lower bound ("more than"). */
  countCapped: boolean;
  page: number;
  pageSize: number;
  query: QueueQuery;
  exportBody: QueueExportBody;
  exportFile: string;
  clients: { id: number; name: string; isActive: boolean }[];
}

function Due({ row }: { row: QueueRowView }) {
  return (
    <span className={row.overdue ? 'font-medium text-danger' : undefined}>
      {row.due}
      {row.overdue && <span className="block text-xs">Overdue</span>}
    </span>
  );
}

const columns: DataTableColumn<QueueRowView>[] = [
  { id: 'jmsNumber', header: 'Job number', sortKey: 1, cell: (r) => <a href={r.href} className="font-medium">{r.jmsNumber}</a>, className: 'whitespace-nowrap' },
  { id: 'client', header: 'Client', cell: (r) => r.clientName, className: 'min-w-32' },
  { id: 'type', header: 'Job type', cell: (r) => r.orderTypeName },
  { id: 'matter', header: 'Matter/Ref', cell: (r) => r.matterReference },
  { id: 'contact', header: 'Contact name', cell: (r) => r.contactName },
  { id: 'created', header: 'Time logged', sortKey: 5, cell: (r) => r.created },
  { id: 'due', header: 'Time due', sortKey: 6, cell: (r) => <Due row={r} /> },
  { id: 'status', header: 'Status', sortKey: 8, cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
];

function QueueCard({ row }: { row: QueueRowView }) {
  return (
    <Card as="article" titleAs="h3" status={row.status} title={<a href={row.href}>{row.jmsNumber}</a>} actions={<StatusBadge status={row.status} label={row.statusLabel} />}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Client</dt>
        <dd>{row.clientName}</dd>
        <dt className="text-muted">Job type</dt>
        <dd>{row.orderTypeName}</dd>
        <dt className="text-muted">Matter/Ref</dt>
        <dd className="break-words">{row.matterReference}</dd>
        <dt className="text-muted">Contact</dt>
        <dd>{row.contactName}</dd>
        <dt className="text-muted">Due</dt>
        <dd>
          <Due row={row} />
        </dd>
      </dl>
    </Card>
  );
}

const sortOptions = QUEUE_SORTS.map((s) => ({ value: s.id, label: s.label }));

export function QueueView({ rows, totalCount, countCapped, page, pageSize, query, exportBody, exportFile, clients }: QueueViewProps) {
  const { set, reset, pending } = useListParams();
  useAutoRefresh(JOB_LIST_REFRESH_MS);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="ghost" onClick={reset}>
          Reset filters
        </Button>
        <ExportButton url="/api/Ops/Jobs/Export" body={exportBody} fileName={exportFile} />
      </div>
      <div role="search" aria-label="Queue filters" className="hidden gap-3 rounded-lg border border-line bg-surface p-4 md:grid md:grid-cols-3 lg:grid-cols-5">
        <QueueFilters idPrefix="filter-" query={query} clients={clients} />
      </div>
      <DataTable
        caption="Job queue"
        columns={columns}
        rows={rows}
        getRowId={(r) => String(r.id)}
        rowHeaderColumn="jmsNumber"
        sort={{ column: query.sortBy, direction: query.sortOrder }}
        onSortChange={(s) => set({ [QUEUE_PARAM.sortBy]: s.column, [QUEUE_PARAM.sortOrder]: s.direction })}
        sortOptions={sortOptions}
        renderCard={(r) => <QueueCard row={r} />}
        mobileFilters={<QueueFilters idPrefix="mobile-filter-" query={query} clients={clients} />}
        loading={pending}
      />
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <PageSizeSelect value={pageSize} onPageSizeChange={(size) => set({ [QUEUE_PARAM.pageSize]: size === DEFAULT_PAGE_SIZE ? null : size })} />
        <Pagination
          page={page}
          totalCount={totalCount}
          pageSize={pageSize}
          showSummary={totalCount > 0}
          moreThan={countCapped}
          label="Queue pages"
          onPageChange={(p) => set({ [QUEUE_PARAM.page]: p === 1 ? null : p }, { resetPage: false })}
        />
      </div>
    </div>
  );
}
