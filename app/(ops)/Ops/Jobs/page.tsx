/**
 * /Ops/Jobs: the job queue across all clients for staff. The state lives in the URL (client, status,
 * job type, due, logged, owner, text, sort, page, page size; lib/ops/queue-schema.ts), so a link reproduces a view
 * (the overview's numbers link here). Staff who may move jobs select them and act on them in bulk.
 */
import type { Metadata } from 'next';
import { QueueView } from '@/components/ops/QueueView';
import { now } from '@/lib/clock';
import { can } from '@/lib/core/staff-policy';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { requireStaffPage } from '@/lib/ops/page';
import { presentQueueRow } from '@/lib/ops/present';
import { listQueue, QUEUE_EXPORT_FILE, queueClients, queueStaff } from '@/lib/ops/queue';
import { QUEUE_PARAM, queueFromSearchParams, queueSearchParams } from '@/lib/ops/queue-schema';
import { bulkJobsAction } from './actions';

export const metadata: Metadata = { title: 'Job queue' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toUrlParams(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p;
}

export default async function OpsJobsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('jobs.read');
  const params = toUrlParams(await searchParams);
  const query = queueFromSearchParams(params);
  const page = pageFrom(params.get(QUEUE_PARAM.page));
  const pageSize = pageSizeFrom(params.get(QUEUE_PARAM.pageSize));
  const [result, clients, staff] = await Promise.all([
    listQueue(actor, query, { page, size: pageSize }),
    queueClients(actor),
    queueStaff(actor),
  ]);
  const staffNames = new Map(staff.map((s) => [s.id, s.name]));
  const at = now();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Job queue</h1>
      <QueueView
        filterKey={new URLSearchParams(queueSearchParams(query)).toString()}
        rows={result.rows.map((r) => presentQueueRow(r, actor.timeZone, at, staffNames))}
        totalCount={result.totalCount}
        totalCapped={result.totalCapped}
        page={page}
        pageSize={pageSize}
        query={query}
        exportFile={QUEUE_EXPORT_FILE}
        // A suspended client is marked; the others carry only their id and name.
        clients={clients.map((c) =>
          c.isActive ? { id: c.id, name: c.name } : { id: c.id, name: c.name, suspended: true as const },
        )}
        staff={staff}
        meId={actor.userId}
        bulkAction={can(actor.role, 'jobs.status') ? bulkJobsAction : null}
        canInvoice={can(actor.role, 'invoices.manage')}
      />
    </div>
  );
}
