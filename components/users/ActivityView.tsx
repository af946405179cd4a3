'use client';
/**
 * The firm's activity: filters (desktop row and mobile panel), the events newest first as a table
 * with mobile cards, paging and page size, Reset and Export (Activity.csv).
 */
import Link from 'next/link';
import { ExportButton } from '@/components/list/ExportButton';
import { useListParams } from '@/components/list/useListParams';
import { buttonClasses } from '@/components/ui/Button';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { PageSizeSelect } from '@/components/ui/PageSizeSelect';
import { Pagination } from '@/components/ui/Pagination';
import type { ActivityRowView } from '@/lib/audit/activity';
import { ACTIVITY_EXPORT_FILE, ACTIVITY_PARAM, type ActivityBody } from '@/lib/audit/activity-schema';
import { DEFAULT_PAGE_SIZE } from '@/lib/reference';
import { ActivityFilters } from './ActivityFilters';

const who = (r: ActivityRowView) => (r.userName ? `${r.userName}${r.fullName ? ` (${r.fullName})` : ''}` : '—');
const from = (r: ActivityRowView) => [r.ip, r.browser].filter(Boolean).join(' · ') || '—';

const columns: DataTableColumn<ActivityRowView>[] = [
  { id: 'when', header: 'Date', cell: (r) => r.when, className: 'whitespace-nowrap' },
  { id: 'user', header: 'User', cell: who, className: 'break-words' },
  { id: 'event', header: 'Event', cell: (r) => <span className="font-medium">{r.event}</span> },
  { id: 'details', header: 'Details', cell: (r) => r.details, className: 'break-words' },
  { id: 'from', header: 'IP address and browser', cell: from, className: 'break-words' },
];

function ActivityCard({ row }: { row: ActivityRowView }) {
  return (
    <Card as="article" titleAs="h3" title={row.event}>
      <dl className="dl">
        <dt>Date</dt>
        <dd>{row.when}</dd>
        <dt>User</dt>
        <dd className="break-words">{who(row)}</dd>
        <dt>Details</dt>
        <dd className="break-words">{row.details || '—'}</dd>
        <dt>From</dt>
        <dd className="break-words">{from(row)}</dd>
      </dl>
    </Card>
  );
}

export interface ActivityViewProps {
  rows: ActivityRowView[];
  totalCount: number;
  page: number;
  pageSize: number;
  users: readonly { id: number; label: string }[];
  exportBody: ActivityBody;
}

export function ActivityView({ rows, totalCount, page, pageSize, users, exportBody }: ActivityViewProps) {
  const { set, reset, pending } = useListParams();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Link href="/user" className={buttonClasses({ variant: 'ghost' })}>
          Back to users
        </Link>
        <Button variant="ghost" onClick={reset}>
          Reset filters
        </Button>
        <ExportButton url="/api/User/ExportCSVActivity" body={exportBody} fileName={ACTIVITY_EXPORT_FILE} />
      </div>

      <div role="search" aria-label="Activity filters" className="panel hidden gap-3 p-4 md:grid md:grid-cols-4">
        <ActivityFilters idPrefix="filter-" users={users} />
      </div>

      <DataTable
        caption="Activity"
        columns={columns}
        rows={rows}
        getRowId={(r) => String(r.id)}
        renderCard={(r) => <ActivityCard row={r} />}
        mobileFilters={<ActivityFilters idPrefix="mobile-filter-" users={users} />}
        loading={pending}
        emptyMessage="No activity matches these filters."
      />

      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <PageSizeSelect
          value={pageSize}
          onPageSizeChange={(size) => set({ [ACTIVITY_PARAM.pageSize]: size === DEFAULT_PAGE_SIZE ? null : size })}
        />
        <Pagination
          page={page}
          totalCount={totalCount}
          pageSize={pageSize}
          showSummary={totalCount > 0}
          label="Activity pages"
          onPageChange={(p) => set({ [ACTIVITY_PARAM.page]: p === 1 ? null : p }, { resetPage: false })}
        />
      </div>
    </div>
  );
}
