/**
 * /Ops/Jobs (issue 13): the job queue across all clients for staff. The state lives in the URL (client, status,
 * job type, due, text, sort, page, page size; lib/ops/queue-schema.ts), so a link reproduces a view.
 */
import type { Metadata } from 'next';
import { QueueView } from '@/components/ops/QueueView';
import { now } from '@/lib/clock';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { requireStaffPage } from '@/lib/ops/page';
import { presentQueueRow } from '@/lib/ops/present';
import { listQueue, QUEUE_EXPORT_FILE, queueClients } from '@/lib/ops/queue';
import { QUEUE_PARAM, queueFromSearchParams, toQueueExportBody } from '@/lib/ops/queue-schema';

export const metadata: Metadata = { title: 'Job queue' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toUrlParams(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p;
}

export default async function OpsJobsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('jobs.read');
  const params = toUrlParams(await searchParams);
  const query = queueFromSearchParams(params);
  const page = pageFrom(params.get(QUEUE_PARAM.page));
  const pageSize = pageSizeFrom(params.get(QUEUE_PARAM.pageSize));
  const [result, clients] = await Promise.all([listQueue(actor, query, { page, size: pageSize }), queueClients(actor)]);
  const at = now();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Job queue</h1>
      <QueueView
        rows={result.rows.map((r) => presentQueueRow(r, actor.timeZone, at))}
        totalCount={result.totalCount}
        countCapped={result.countCapped}
        page={page}
        pageSize={pageSize}
        query={query}
        exportBody={toQueueExportBody(query)}
        exportFile={QUEUE_EXPORT_FILE}
        clients={clients}
      />
    </div>
  );
}
