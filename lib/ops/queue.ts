/**
 * The staff job queue across all clients: one page of jobs with the client's name, and the CSV export
 * of the whole filtered, sorted queue. Staff only ('jobs.read').
 *
 * Same machinery as the client's job list (lib/jobs/list-sql.ts): every sort is `key…, id` and written so that an
 * index can be walked in either direction; a page finds its ids first (limit/offset over the sort index) and then
 * reads only those rows by primary key (deferred join). Without a client filter the indexes without client_id
 * serve (jobs_created_idx, jobs_due_idx, jobs_jms_num_idx, jobs_status_rank_idx, jobs_status_created_idx); with a
 * client filter the client list's (client_id, …) indexes do. The total is one function, `countQueue`, over the
 * job list's counters (lib/jobs/counts.ts).
 */
import {
  and,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { getDb, type Db, type Queryable } from '@/db/client';
import { clients, jobs, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { ValidationError } from '@/lib/core/errors';
import { displayDateTime } from '@/lib/display-date';
import { cappedJobCount, cappedJobCountQuery, countJobs, jobCountQuery, type JobCountFilter } from '@/lib/jobs/counts';
import { countCapOf, countLimitOf, idArray, idsToWalk, inIdOrder } from '@/lib/jobs/queries';
import { executeWithValues } from '@/lib/lists/inline';
import { preparedFor } from '@/lib/lists/prepared';
import {
  afterCursor,
  Binder,
  escapeLike,
  jobListOrder,
  OPEN_JOB,
  sortKeyColumns,
  type JobCursor,
} from '@/lib/jobs/list-sql';
import { csvBatchStream } from '@/lib/lists/csv';
import { limitOffset, pageClause, type ListResult, type Page } from '@/lib/lists/paging';
import { orderTypeName, statusLabel } from '@/lib/reference';
import { authorize } from '@/lib/core/authorize';
import { assignableStaff, type StaffChoice } from '@/lib/jobs/assign';
import { staffPolicy } from '@/lib/core/staff-policy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { liveInvoiceNumberOfJob } from './invoiced';
import { ASSIGNEE_MINE, ASSIGNEE_NONE, dueRange, loggedRange, type QueueQuery } from './queue-schema';

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
  assignedToId: number | null;
  /** The live invoice that bills the job, or null. */
  invoiceNumber: string | null;
}

/**
 * The filter of a queue, written once for two uses (as the job list's, lib/jobs/list-sql.ts): with its values in
 * place, or as a template with named placeholders plus their values, whose SQL depends only on `shape`.
 */
interface QueueFilter {
  where: SQL | undefined;
  values: Record<string, unknown>;
  shape: string;
  /** The same client and status filter over the counters (clients and statuses bound as `where`'s are). */
  counters: JobCountFilter;
}

function buildQueueFilter(
  template: boolean,
  q: QueueQuery,
  at: Date,
  timeZone: string,
  me: number | null,
): QueueFilter {
  const b = new Binder(template);
  const parts: (SQL | undefined)[] = [];
  const client = q.clientId === null ? undefined : (b.bind('clientId', q.clientId) as number);
  if (client !== undefined) {
    b.shape.push('client');
    parts.push(eq(jobs.clientId, client));
  }
  const statuses = q.statuses.map((s, i) => b.bind(`status${i}`, s) as number);
  if (statuses.length) {
    b.shape.push(`statuses:${statuses.length}`);
    parts.push(inArray(jobs.status, statuses));
  }
  if (q.orderType !== null) {
    b.shape.push('orderType');
    parts.push(eq(jobs.orderType, b.bind('orderType', q.orderType) as number));
  }
  const due = dueRange(q.due, at, timeZone);
  if (due) b.shape.push(`due:${q.due}`);
  if (due?.from) parts.push(gte(jobs.dueAt, b.bind('dueFrom', due.from) as Date));
  if (due?.to) parts.push(lt(jobs.dueAt, b.bind('dueTo', due.to) as Date));
  if (due?.overdue) parts.push(OPEN_JOB);
  const logged = loggedRange(q.logged, at, timeZone);
  if (logged) {
    b.shape.push('logged');
    parts.push(
      gte(jobs.createdAt, b.bind('loggedFrom', logged.from) as Date),
      lt(jobs.createdAt, b.bind('loggedTo', logged.to) as Date),
    );
  }
  // Owner: 'none' is open jobs nobody owns, as the partial index jobs_unassigned_open_idx is written.
  if (q.assignee === ASSIGNEE_NONE) {
    b.shape.push('unassigned');
    parts.push(isNull(jobs.assignedToId), OPEN_JOB);
  } else if (q.assignee) {
    b.shape.push('assignee');
    parts.push(
      eq(
        jobs.assignedToId,
        b.bind('assignee', q.assignee === ASSIGNEE_MINE ? (me ?? 0) : Number(q.assignee)) as number,
      ),
    );
  }
  if (q.text) {
    b.shape.push('text');
    const p = b.bind('text', `%${escapeLike(q.text)}%`) as string;
    parts.push(
      or(
        ilike(jobs.jmsNumber, p),
        ilike(jobs.matterReference, p),
        ilike(jobs.description, p),
        ilike(jobs.contactName, p),
      ),
    );
  }
  return {
    where: and(...parts),
    values: b.values,
    shape: b.shape.join(','),
    counters: { clientIds: client === undefined ? undefined : [client], statuses },
  };
}

/** The WHERE of a queue (every filter; none means every job of every client), values in place. `me`: whose 'mine'. */
export function queueWhere(q: QueueQuery, at: Date, timeZone: string, me: number | null = null): SQL | undefined {
  return buildQueueFilter(false, q, at, timeZone, me).where;
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
  assignedToId: jobs.assignedToId,
  invoiceNumber: liveInvoiceNumberOfJob,
};

/**
 * The ids of one page by the sort index: `walk` of them from `offset` (more than the page when looking ahead),
 * each with `total` when a count rides along (a scalar subquery, evaluated once, only when the page has a row).
 */
export function queueIdsStatement(
  db: Queryable,
  where: SQL | undefined,
  q: QueueQuery,
  walk: number | Placeholder,
  offset: number | Placeholder,
  total?: SQLWrapper,
) {
  const columns: Record<string, typeof jobs.id | SQL.Aliased> = total
    ? { id: jobs.id, total: sql<number>`(${total})`.as('total') }
    : { id: jobs.id };
  return db
    .select(columns)
    .from(jobs)
    .where(where)
    .orderBy(...jobListOrder(q.sortBy, q.sortOrder))
    .limit(walk)
    .offset(offset);
}

/** Rows by primary key with the client's name (`ids`: an int[] literal): one prepared statement per database. */
function rowsByIds(db: Db) {
  return preparedFor('queue', db, 'rows', () =>
    db
      .select(itemColumns)
      .from(jobs)
      .innerJoin(clients, eq(clients.id, jobs.clientId))
      .where(sql`${jobs.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('queue_rows'),
  );
}

/**
 * Filters the counters cannot serve and no index counts cheaply (text, job type): the page's walk looks
 * `TEXT_PAGES_AHEAD` pages further instead of counting, as the client's job list does for 'contains' filters.
 */
const looksAhead = (q: QueueQuery) => q.orderType !== null || q.text !== '';

/** Client and status filters alone: the per-client, per-status counters give the exact total. */
const servedByCounters = (q: QueueQuery) => q.orderType === null && !q.due && !q.text && !q.logged && !q.assignee;

/**
 * The number of jobs that match (the page links) when the page itself does not tell: THE one place the queue
 * counts, with the job list's count machinery (lib/jobs/counts.ts, docs/decisions). Client and status filters
 * alone are served exactly by the per-client, per-status counters the database keeps (no scan, also across all
 * clients); any other filter counts at most COUNT_CAP matches past the page, and beyond that the total is a
 * lower bound (`totalCapped`).
 */
export async function countQueue(
  db: Queryable,
  q: QueueQuery,
  where: SQL | undefined,
  offset: number,
): Promise<{ totalCount: number; totalCapped: boolean }> {
  if (servedByCounters(q))
    return {
      totalCount: await countJobs(
        { clientIds: q.clientId === null ? undefined : [q.clientId], statuses: q.statuses },
        db,
      ),
      totalCapped: false,
    };
  return cappedJobCount(where, offset, db);
}

/**
 * The page's ids (with the total when it rides along): a prepared statement per filter shape, sort and page
 * clause, bound with the values (built once per instance, planned once per connection where LIMIT is written in:
 * `pageClause`, also for a job type's walk ahead of an offered size), for client, status, due and job type
 * filters. A text filter goes with its values written in (planned with them: its generic plan would read every
 * trigram match). A job type's generic plan walks the same sort index as its custom plans do (no index leads with
 * the job type), and planning it with its values on every call had cost more than its page: the queue's
 * job-type p95 was 2.3–3.0 times the floor's, 1.7–2.6 prepared (docs/architecture.md, "Job list at scale").
 */
async function queueIds(
  db: Db,
  q: QueueQuery,
  at: Date,
  timeZone: string,
  me: number,
  limit: number,
  offset: number,
): Promise<{ id: number; total?: number }[]> {
  const ahead = looksAhead(q);
  const walk = idsToWalk(limit, ahead);
  // The total rides with the ids when the counters serve the filter (exact) or a due filter counts (capped).
  const counters = servedByCounters(q);
  if (q.text) {
    const st = queueIdsStatement(db, queueWhere(q, at, timeZone, me), q, walk, offset).toSQL();
    return executeWithValues<{ id: number; total?: number }>(db, st.sql, st.params);
  }
  const filter = buildQueueFilter(true, q, at, timeZone, me);
  const clause = pageClause(walk, offset, limit);
  const st = preparedFor('queue', db, `ids|${filter.shape}|${q.sortBy}|${q.sortOrder}|${clause.key}`, () => {
    // A job type looks ahead instead of counting (`looksAhead`): no total rides along.
    const total = ahead
      ? undefined
      : counters
        ? jobCountQuery(db, filter.counters)
        : cappedJobCountQuery(db, filter.where, countLimitOf({ walk, offset, limit }));
    return queueIdsStatement(db, filter.where, q, clause.limit, clause.offset, total).prepare('queue_ids');
  });
  return (await st.execute({ ...filter.values, limit: walk, offset, countLimit: offset + countCapOf(limit) + 1 })) as {
    id: number;
    total?: number;
  }[];
}

/**
 * One page of the queue and how many jobs match: the page's ids by the sort index (`queueIds`), then the rows by
 * primary key. The total: a short page tells it; a text or job type filter looks ahead with the page's own walk;
 * other filters count (countQueue), in the ids' statement.
 */
export async function listQueue(
  actor: Actor,
  q: QueueQuery,
  page: Page,
): Promise<ListResult<QueueItem> & { totalCapped: boolean }> {
  const staff = authorize(actor, 'jobs.read', staffPolicy);
  const db = await getDb();
  const { limit, offset } = limitOffset(page);
  const ahead = looksAhead(q);
  const walk = idsToWalk(limit, ahead);
  const counters = servedByCounters(q);
  const at = now();
  const found = await queueIds(db, q, at, staff.timeZone, staff.userId, limit, offset);
  const pageIds = found.length > limit ? found.slice(0, limit) : found;
  const rows = pageIds.length
    ? inIdOrder(pageIds, (await rowsByIds(db).execute({ ids: idArray(pageIds) })) as QueueItem[])
    : [];
  const result = (totalCount: number, totalCapped = false) => ({ rows, totalCount, pageSize: page.size, totalCapped });
  const first = found[0];
  if (counters && first) return result(Number(first.total));
  // A short page that is not empty is the last one (or a short first page the whole queue): it tells the total.
  if (pageIds.length < limit && (pageIds.length > 0 || offset === 0)) return result(offset + pageIds.length);
  if (ahead && first) return result(offset + found.length, found.length >= walk);
  if (first) return result(Number(first.total), Number(first.total) > offset + countCapOf(limit));
  return {
    rows,
    pageSize: page.size,
    ...(await countQueue(db, q, queueWhere(q, at, staff.timeZone, staff.userId), offset)),
  };
}

/** The options of the owner filter and the bulk "assign to": active staff users, by name. */
export async function queueStaff(actor: Actor): Promise<StaffChoice[]> {
  authorize(actor, 'jobs.read', staffPolicy);
  return assignableStaff();
}

/** The options of the client filter: every client, by name. */
export async function queueClients(actor: Actor): Promise<{ id: number; name: string; isActive: boolean }[]> {
  authorize(actor, 'jobs.read', staffPolicy);
  const db = await getDb();
  return db
    .select({ id: clients.id, name: clients.name, isActive: clients.isActive })
    .from(clients)
    .orderBy(clients.name, clients.id);
}

// ---------------------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------------------

export const QUEUE_EXPORT_FILE = 'JobQueue.csv';

export const QUEUE_EXPORT_MSG = {
  unknownClient: 'This client does not exist.',
} as const;
export const QUEUE_CSV_HEADER = [
  'JMS Number',
  'Client',
  'Order Type',
  'Status',
  'Matter Reference',
  'Description',
  'Contact Name',
  'Time Logged',
  'Time Due',
  'Time Delivered',
  'Assigned To',
];
const EXPORT_BATCH_ROWS = 5000;
/** A staff user's name as the queue shows it (joined on jobs.assigned_to_id; null: nobody). */
const ASSIGNEE_NAME = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.userName})`;

/**
 * The CSV of the whole queue (every page) in its order, streamed in keyset batches (each continues after the
 * last row of the previous one: an index range scan, never OFFSET), so memory stays flat at any size. Times in
 * the staff member's zone. The export is audited (who exported what).
 */
export async function queueExportStream(
  actor: Actor,
  q: QueueQuery & { jobIds?: number[] | null },
): Promise<ReadableStream<Uint8Array>> {
  const staff = authorize(actor, 'jobs.read', staffPolicy);
  const db = await getDb();
  const at = now();
  const where = and(
    queueWhere(q, at, staff.timeZone, staff.userId),
    q.jobIds?.length ? inArray(jobs.id, q.jobIds) : undefined,
  );
  // The audit row names the client filtered on: one that does not exist is the caller's mistake (a 400), not a
  // foreign-key error.
  if (q.clientId !== null) {
    const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, q.clientId)).limit(1);
    if (!client) throw new ValidationError({ ClientId: [QUEUE_EXPORT_MSG.unknownClient] });
  }
  await recordAudit(db, userPrincipal(staff), {
    action: 'ops.jobs.exported',
    clientId: q.clientId,
    targetType: 'job_queue',
    targetId: null,
    details: { query: { ...q } },
  });
  const order = jobListOrder(q.sortBy, q.sortOrder);
  const keys = sortKeyColumns(q.sortBy);
  const zone = staff.timeZone;
  async function* batches(): AsyncGenerator<unknown[][]> {
    let cursor: JobCursor | undefined;
    for (;;) {
      const rows = await db
        .select({
          ...itemColumns,
          assignedTo: ASSIGNEE_NAME,
          keys: sql<(string | null)[]>`array[${sql.join(keys, sql`, `)}]`,
        })
        .from(jobs)
        .innerJoin(clients, eq(clients.id, jobs.clientId))
        .leftJoin(users, eq(users.id, jobs.assignedToId))
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
        r.assignedTo ?? '',
      ]);
      if (rows.length < EXPORT_BATCH_ROWS) return;
      const last = rows[rows.length - 1]!;
      cursor = { keys: last.keys, id: last.id };
    }
  }
  return csvBatchStream(QUEUE_CSV_HEADER, batches());
}
