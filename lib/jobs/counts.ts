/**
 * How many jobs there are, by client and status, without reading any job: the `job_status_counts` counters,
 * which triggers on `jobs` keep exact in the same transaction as every insert, status change, move between
 * clients and delete (docs/decisions/008-job-list-counting.md).
 *
 * The client job list reads them through its prepared count statement (lib/jobs/queries.ts). The staff job
 * queue across all clients (/Ops) reads them here: `jobStatusTotals` gives the totals per status, summed over
 * every client or over the clients asked for, and `countJobs` one total for a client and status filter. Both
 * are exact whatever the number of jobs: one index range over at most clients × 13 small rows.
 *
 * A filter on anything else (order type, due time, text) is not in the counters: a list that has one counts
 * with a cap instead, `cappedJobCount` (the client list does the same in its prepared statement, `COUNT_CAP` in
 * queries.ts).
 */
import { and, asc, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { jobs, jobStatusCounts } from '@/db/schema';
import { COUNT_CAP } from './queries';

export interface JobCountFilter {
  /** Only these clients (undefined: every client; [] matches nothing); placeholders in a prepared statement. */
  clientIds?: readonly (number | Placeholder)[];
  /** Only these statuses (undefined or []: every status, as the list's status filter). */
  statuses?: readonly (number | Placeholder)[];
}

function where(f: JobCountFilter): SQL | undefined {
  return and(
    f.clientIds === undefined
      ? undefined
      : f.clientIds.length
        ? inArray(jobStatusCounts.clientId, [...f.clientIds])
        : sql`false`,
    f.statuses?.length ? inArray(jobStatusCounts.status, [...f.statuses]) : undefined,
  );
}

/** Jobs per status (statuses without jobs are left out), summed over the filter's clients; by status id. */
export async function jobStatusTotals(
  filter: JobCountFilter = {},
  q?: Queryable,
): Promise<{ status: number; count: number }[]> {
  const db = q ?? (await getDb());
  return db
    .select({ status: jobStatusCounts.status, count: sql<number>`sum(${jobStatusCounts.n})::int`.mapWith(Number) })
    .from(jobStatusCounts)
    .where(where(filter))
    .groupBy(jobStatusCounts.status)
    .having(sql`sum(${jobStatusCounts.n}) > 0`)
    .orderBy(asc(jobStatusCounts.status));
}

/** The statement of `countJobs` (a scalar subquery for a list's page statement). */
export function jobCountQuery(q: Queryable, filter: JobCountFilter = {}) {
  return q
    .select({ n: sql<number>`coalesce(sum(${jobStatusCounts.n}), 0)::int`.mapWith(Number) })
    .from(jobStatusCounts)
    .where(where(filter));
}

/** The exact number of jobs of the filter's clients in the filter's statuses. */
export async function countJobs(filter: JobCountFilter = {}, q?: Queryable): Promise<number> {
  const db = q ?? (await getDb());
  const [row] = await jobCountQuery(db, filter);
  return row?.n ?? 0;
}

/** The statement of `cappedJobCount`: how many jobs match `where`, counting at most `limit`. */
export function cappedJobCountQuery(q: Queryable, where: SQL | undefined, limit: number | Placeholder) {
  const matches = q
    .select({ one: sql`1`.as('one') })
    .from(jobs)
    .where(where)
    .limit(limit)
    .as('capped');
  return q.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(matches);
}

/**
 * The number of jobs matching `where` (any condition on `jobs`), counting at most `offset + COUNT_CAP + 1` of
 * them: past that, `totalCount` is `offset + COUNT_CAP + 1` (a lower bound) and `totalCapped` is set, exactly as
 * the client job list answers. For lists whose filter the counters cannot serve.
 */
export async function cappedJobCount(
  where: SQL | undefined,
  offset: number,
  q?: Queryable,
): Promise<{ totalCount: number; totalCapped: boolean }> {
  const db = q ?? (await getDb());
  const limit = offset + COUNT_CAP + 1;
  const [row] = await cappedJobCountQuery(db, where, limit);
  const n = row?.n ?? 0;
  return { totalCount: n, totalCapped: n >= limit };
}
