/**
 * The CSV export of the job list (spec §1, §7 POST api/Job/ExportCSVJobs, §9 Jobs.csv): exactly the filtered,
 * sorted list, every page, formatted in the database (labels, dd-MMM-yyyy hh:mm AM/PM in the user's zone) and
 * streamed, so memory stays constant.
 *
 * On PostgreSQL the whole export is one COPY (…) TO STDOUT WITH (FORMAT csv) of the list's query: the server
 * writes the records (and may scan in parallel), Node only passes the bytes on (lib/lists/copy.ts). On the
 * embedded database (no COPY TO STDOUT) rows are read in keyset batches in the list's own order (each batch
 * continues after the last row of the previous one, an index range scan — never OFFSET) and written by
 * csvBatchStream. Both give the same bytes (tested on both engines).
 *
 * Speed (docs/architecture.md "Job list at scale"): the statements are built with Drizzle but read through the
 * driver in array mode (no per-row objects to map and collect), and the next batch is already being read
 * while the current one is written, so the database and the writer work at the same time. At most two
 * batches are in memory.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { getHandle, type DbHandle, type Queryable } from '@/db/client';
import { jobs } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { copyCsvStatement, copyCsvStream, csvFormulaSafeSql } from '@/lib/lists/copy';
import { csvBatchStream, csvLine } from '@/lib/lists/csv';
import { EXPORT_FILE } from '@/lib/reference';
import type { JobListQuery } from './list-schema';
import {
  afterCursor,
  displayDateTimeOrNullSql,
  displayDateTimeSql,
  jobListOrder,
  jobListWhere,
  orderTypeNameSql,
  sortKeyColumns,
  statusLabelSql,
  type JobCursor,
} from './list-sql';
import { JOB_TEXT_FIELDS } from '@/lib/job-fields';
import type { JobListContext } from './queries';

export const JOB_EXPORT_FILE = EXPORT_FILE.jobs;
/** The optional text fields exported (lib/job-fields.ts), as columns after the fixed ones. */
const CSV_TEXT_FIELDS = JOB_TEXT_FIELDS.flatMap((f) => (f.csv ? [{ key: f.key, header: f.csv }] : []));
export const JOB_CSV_HEADER = [
  'JMS Number',
  'Matter Reference',
  'Description',
  'Contact Name',
  'Order Type',
  'Status',
  'Time Logged',
  'Time Due',
  'Time Delivered',
  ...CSV_TEXT_FIELDS.map((f) => f.header),
];
const CELLS = JOB_CSV_HEADER.length;
/** Rows per batch: large enough to amortise a round trip, small enough to keep memory flat. */
export const EXPORT_BATCH_ROWS = 5000;

/** The cells of a CSV row, in JOB_CSV_HEADER's order, formatted by the database. */
export function jobExportColumns(timeZone: string) {
  return {
    jmsNumber: jobs.jmsNumber,
    matterReference: jobs.matterReference,
    description: jobs.description,
    contactName: jobs.contactName,
    orderType: orderTypeNameSql(),
    status: statusLabelSql(),
    createdAt: displayDateTimeSql(jobs.createdAt, timeZone),
    dueAt: displayDateTimeSql(jobs.dueAt, timeZone),
    deliveredAt: displayDateTimeSql(jobs.deliveredAt, timeZone),
    ...Object.fromEntries(CSV_TEXT_FIELDS.map((f) => [f.key, jobs[f.key]])),
  };
}

/** The whole export as one statement (the benchmark runs it through COPY … TO STDOUT). */
export function jobExportAllStatement(q: Queryable, ctx: JobListContext, query: JobListQuery) {
  return q
    .select(jobExportColumns(ctx.timeZone))
    .from(jobs)
    .where(jobListWhere(ctx, query, ctx.now, ctx.timeZone))
    .orderBy(...jobListOrder(query.sortBy, query.sortOrder));
}

/**
 * The export as one COPY statement (PostgreSQL): the cells of jobExportColumns, empty ones as NULL. The users'
 * text is formula-escaped; labels and times never start with a formula character.
 */
export function jobExportCopyStatement(q: Queryable, ctx: JobListContext, query: JobListQuery): string {
  const zone = ctx.timeZone;
  const cells: Record<string, SQL<string | null>> = {
    jmsNumber: csvFormulaSafeSql(sql`${jobs.jmsNumber}`),
    matterReference: csvFormulaSafeSql(sql`${jobs.matterReference}`),
    description: csvFormulaSafeSql(sql`${jobs.description}`),
    contactName: csvFormulaSafeSql(sql`${jobs.contactName}`),
    orderType: sql`nullif(${orderTypeNameSql()}, '')`,
    status: sql`nullif(${statusLabelSql()}, '')`,
    createdAt: displayDateTimeOrNullSql(jobs.createdAt, zone),
    dueAt: displayDateTimeOrNullSql(jobs.dueAt, zone),
    deliveredAt: displayDateTimeOrNullSql(jobs.deliveredAt, zone),
    ...Object.fromEntries(CSV_TEXT_FIELDS.map((f) => [f.key, csvFormulaSafeSql(sql`${jobs[f.key]}`)])),
  };
  return copyCsvStatement(
    q
      .select(cells)
      .from(jobs)
      .where(jobListWhere(ctx, query, ctx.now, ctx.timeZone))
      .orderBy(...jobListOrder(query.sortBy, query.sortOrder)),
  );
}

/**
 * Jobs.csv as a byte stream: COPY on PostgreSQL, keyset batches on the embedded database. The actor is checked
 * and (on PostgreSQL) the statement started before this resolves, so a refusal is answered as an error, not
 * as a broken download.
 */
export async function jobExportStream(actor: Actor, query: JobListQuery): Promise<ReadableStream<Uint8Array>> {
  const ctx: JobListContext = { clientId: tenantOf(actor), userId: actor.userId, now: now(), timeZone: actor.timeZone };
  const handle = await getHandle();
  if (handle.raw.kind === 'postgres') {
    return copyCsvStream(
      handle.raw.client,
      jobExportCopyStatement(handle.db, ctx, query),
      new TextEncoder().encode(csvLine(JOB_CSV_HEADER)),
    );
  }
  return csvBatchStream(JOB_CSV_HEADER, jobExportBatches(actor, query));
}

/**
 * One export batch: the rows after `cursor` in the list's order. Each row is the CSV cells, then the id and
 * the sort keys as text (the next cursor).
 */
export function jobExportStatement(
  q: Queryable,
  ctx: JobListContext,
  query: JobListQuery,
  cursor: JobCursor | undefined,
  limit: number,
) {
  const where = jobListWhere(ctx, query, ctx.now, ctx.timeZone);
  const keys = Object.fromEntries(sortKeyColumns(query.sortBy).map((k, i) => [`k${i}`, k]));
  return q
    .select({ ...jobExportColumns(ctx.timeZone), id: jobs.id, ...keys })
    .from(jobs)
    .where(cursor ? and(where, afterCursor(query.sortBy, query.sortOrder, cursor)) : where)
    .orderBy(...jobListOrder(query.sortBy, query.sortOrder))
    .limit(limit);
}

/** Runs a built statement through the driver, rows as arrays of column values. */
async function readArrays(handle: DbHandle, st: { sql: string; params: unknown[] }): Promise<unknown[][]> {
  if (handle.raw.kind === 'postgres') {
    return handle.raw.client.unsafe(st.sql, st.params as never[]).values();
  }
  const r = await handle.raw.client.query<unknown[]>(st.sql, st.params, { rowMode: 'array' });
  return r.rows;
}

/**
 * The export's rows, batch by batch: each row holds the cells of JOB_CSV_HEADER first (then its id and sort
 * keys, which csvBatchStream leaves out). The actor is checked at once (a 403 is answered before any byte is
 * streamed); the rows are read while the caller consumes them.
 */
export function jobExportBatches(
  actor: Actor,
  query: JobListQuery,
  batchRows: number = EXPORT_BATCH_ROWS,
): AsyncGenerator<unknown[][]> {
  const ctx: JobListContext = { clientId: tenantOf(actor), userId: actor.userId, now: now(), timeZone: actor.timeZone };
  return (async function* () {
    const handle = await getHandle();
    const read = (cursor: JobCursor | undefined) =>
      readArrays(handle, jobExportStatement(handle.db, ctx, query, cursor, batchRows).toSQL());
    let next: Promise<unknown[][]> | null = read(undefined);
    try {
      while (next) {
        const rows: unknown[][] = await next;
        next = null;
        const last = rows.at(-1);
        // Read ahead: the next batch is fetched while this one is written.
        if (last && rows.length === batchRows) {
          next = read({
            id: Number(last[CELLS]),
            keys: last.slice(CELLS + 1).map((k) => (k === null || k === undefined ? null : String(k))),
          });
        }
        if (rows.length) yield rows;
      }
    } finally {
      // A cancelled download must not leave a read in flight unobserved.
      await next?.catch(() => undefined);
    }
  })();
}

/** The export's rows one by one, as the CSV cells (tests and callers that want rows). */
export function jobExportRows(actor: Actor, query: JobListQuery, batchRows?: number): AsyncGenerator<string[]> {
  const batches = jobExportBatches(actor, query, batchRows);
  return (async function* () {
    for await (const batch of batches)
      for (const r of batch) yield r.slice(0, CELLS).map((v) => (v === null || v === undefined ? '' : String(v)));
  })();
}
