/**
 * The staff job queue across all clients (issue 13): one page of jobs with the client's name, and the CSV export
 * of the whole filtered, sorted queue. Staff only ('jobs.read').
 *
 * Same machinery as the client's job list (lib/jobs/list-sql.ts): every sort is `key…, id` and written so that an
 * index can be walked in either direction; a page finds its ids first (limit/offset over the sort index) and then
 * reads only those rows by primary key (deferred join). Without a client filter the indexes without client_id
 * serve (jobs_created_idx, jobs_due_idx, jobs_jms_num_idx, jobs_status_rank_idx, jobs_status_created_idx); with a
 * client filter the client list's (client_id, …) indexes do. The total is one function, `countQueue`.
 */
import { and, eq, gte, ilike, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clients, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { displayDateTime } from '@/lib/jobs/legacy';
import { afterCursor, escapeLike, jobListOrder, sortKeyColumns, type JobCursor } from '@/lib/jobs/list-sql';
import { csvBatchStream } from '@/lib/lists/csv';
import { limitOffset, type ListResult, type Page } from '@/lib/lists/paging';
import { DELIVERED_STATUS, orderTypeName, statusLabel } from '@/lib/reference';
import { requireStaff } from './actor';
import { auditStaff } from './audit';
import { dueRange, type QueueQuery } from './queue-schema';

const CANCELLED_STATUS = 10;

export interface QueueItem {
  id: number;
  jmsNumber: string;
  clientId: number;
  clientName: string;
  orderType: number;
  status: number;
  matterReference: string;
  description: string;
  contactName: string;
  createdAt: Date;
  dueAt: Date;
  deliveredAt: Date | null;
}

/** The WHERE of a queue (every filter; none means every job of every client). */
export function queueWhere(q: QueueQuery, at: Date, timeZone: string): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.clientId !== null) parts.push(eq(jobs.clientId, q.clientId));
  if (q.statuses.length) parts.push(inArray(jobs.status, q.statuses));
  if (q.orderType !== null) parts.push(eq(jobs.orderType, q.orderType));
  const due = dueRange(q.due, at, timeZone);
  if (due?.from) parts.push(gte(jobs.dueAt, due.from));
  if (due?.to) parts.push(lt(jobs.dueAt, due.to));
  if (due?.overdue) parts.push(notInArray(jobs.status, [DELIVERED_STATUS, CANCELLED_STATUS]), isNull(jobs.deliveredAt));
  if (q.text) {
    const p = `%${escapeLike(q.text)}%`;
    parts.push(or(ilike(jobs.jmsNumber, p), ilike(jobs.matterReference, p), ilike(jobs.description, p), ilike(jobs.contactName, p)));
  }
  return and(...parts);
}

const itemColumns = {
  id: jobs.id,
  jmsNumber: jobs.jmsNumber,
  clientId: jobs.clientId,
  clientName: clients.name,
  orderType: jobs.orderType,
  status: jobs.status,
  matterReference: jobs.matterReference,
  description: jobs.description,
  contactName: jobs.contactName,
  createdAt: jobs.createdAt,
  dueAt: jobs.dueAt,
  deliveredAt: jobs.deliveredAt,
};

/** The rows of one page: its ids by the sort index, then those rows by primary key, with the client's name. */
export function queuePageStatement(db: Queryable, where: SQL | undefined, q: QueueQuery, limit: number, offset: number) {
  const order = jobListOrder(q.sortBy, q.sortOrder);
  const ids = db.select({ id: jobs.id }).from(jobs).where(where).orderBy(...order).limit(limit).offset(offset).as('page_ids');
  return db
    .select(itemColumns)
    .from(jobs)
    .innerJoin(ids, eq(jobs.id, ids.id))
    .innerJoin(clients, eq(clients.id, jobs.clientId))
    .orderBy(...order);
}

/** Matches counted exactly up to this many (or past the current page and four more); beyond, "more than". */
export const QUEUE_COUNT_CAP = 1_000;

export interface QueueCount {
  count: number;
  /** More jobs match than `count` (the count stopped at its cap). */
  capped: boolean;
}

/**
 * The number of jobs that match (the page links). THE one place the queue counts, so the job list's count
 * machinery can replace it. Exact up to the cap, which reaches past the current page and the next four pages:
 * an exact count(*) over a million jobs (no filter, "overdue", a job type) reads hundreds of thousands of index
 * entries or rows per request, while a staff member pages a few pages into a queue and filters beyond that.
 */
export async function countQueue(db: Queryable, where: SQL | undefined, page?: { limit: number; offset: number }, atLeast: number = QUEUE_COUNT_CAP): Promise<QueueCount> {
  const cap = Math.max(atLeast, page ? page.offset + page.limit * 5 : 0);
  const upTo = db.select({ one: sql`1` }).from(jobs).where(where).limit(cap + 1).as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(upTo);
  const n = row?.n ?? 0;
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

/** One page of the queue and how many jobs match. */
export async function listQueue(actor: Actor, q: QueueQuery, page: Page): Promise<ListResult<QueueItem> & { countCapped: boolean }> {
  const staff = requireStaff(actor, 'jobs.read');
  const db = await getDb();
  const where = queueWhere(q, now(), staff.timeZone);
  const { limit, offset } = limitOffset(page);
  const rows = await queuePageStatement(db, where, q, limit, offset);
  // The first page already holds every match: no need to count them again.
  if (offset === 0 && rows.length < limit) return { rows, totalCount: rows.length, pageSize: page.size, countCapped: false };
  const total = await countQueue(db, where, { limit, offset });
  return { rows, totalCount: total.count, pageSize: page.size, countCapped: total.capped };
}

/** The options of the client filter: every client, by name. */
export async function queueClients(actor: Actor): Promise<{ id: number; name: string; isActive: boolean }[]> {
  requireStaff(actor, 'jobs.read');
  const db = await getDb();
  return db.select({ id: clients.id, name: clients.name, isActive: clients.isActive }).from(clients).orderBy(clients.name, clients.id);
}

// ---------------------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------------------

export const QUEUE_EXPORT_FILE = 'JobQueue.csv';
export const QUEUE_CSV_HEADER = ['JMS Number', 'Client', 'Order Type', 'Status', 'Matter Reference', 'Description', 'Contact Name', 'Time Logged', 'Time Due', 'Time Delivered'];
const EXPORT_BATCH_ROWS = 5000;

/**
 * The CSV of the whole queue (every page) in its order, streamed in keyset batches (each continues after the
 * last row of the previous one: an index range scan, never OFFSET), so memory stays flat at any size. Times in
 * the staff member's zone. The export is audited (who exported what).
 */
export async function queueExportStream(actor: Actor, q: QueueQuery): Promise<ReadableStream<Uint8Array>> {
  const staff = requireStaff(actor, 'jobs.read');
  const db = await getDb();
  const at = now();
  const where = queueWhere(q, at, staff.timeZone);
  await auditStaff(db, staff, { action: 'ops.jobs.exported', clientId: q.clientId, targetType: 'job_queue', targetId: null, details: { query: { ...q } } });
  const order = jobListOrder(q.sortBy, q.sortOrder);
  const keys = sortKeyColumns(q.sortBy);
  const zone = staff.timeZone;
  async function* batches(): AsyncGenerator<unknown[][]> {
    let cursor: JobCursor | undefined;
    for (;;) {
      const rows = await db
        .select({ ...itemColumns, keys: sql<(string | null)[]>`array[${sql.join(keys, sql`, `)}]` })
        .from(jobs)
        .innerJoin(clients, eq(clients.id, jobs.clientId))
        .where(and(where, cursor ? afterCursor(q.sortBy, q.sortOrder, cursor) : undefined))
        .orderBy(...order)
        .limit(EXPORT_BATCH_ROWS);
      if (!rows.length) return;
      yield rows.map((r) => [
        r.jmsNumber,
        r.clientName,
        orderTypeName(r.orderType),
        statusLabel(r.status),
        r.matterReference,
        r.description,
        r.contactName,
        displayDateTime(r.createdAt, zone),
        displayDateTime(r.dueAt, zone),
        displayDateTime(r.deliveredAt, zone),
      ]);
      if (rows.length < EXPORT_BATCH_ROWS) return;
      const last = rows[rows.length - 1]!;
      cursor = { keys: last.keys, id: last.id };
    }
  }
  return csvBatchStream(QUEUE_CSV_HEADER, batches());
}
