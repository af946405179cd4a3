/**
 * Reading jobs (spec §1 jobs, §2 /JobClient, §3 job list query and answer): the list of one client's jobs with
 * 'contains' filters, status and time filters, nine sort orders and paging. Every query is scoped by the
 * actor's client; another client's job answers exactly like a missing one.
 *
 * Paging: the page's ids are found first (an index-only walk over the sort index, skipping OFFSET rows),
 * then only those rows are read ("deferred join"), so a deep page costs little more than the first.
 *
 * Counting never scans a client's jobs (docs/decisions/008-job-list-counting.md):
 *  - unfiltered, status and client-name filters: the sum of the exact per-client, per-status counters
 *    (`job_status_counts`, kept by triggers in the same transaction as every job change);
 *  - a time filter: count(*) that stops after `offset + COUNT_CAP + 1` matches; a 'contains' filter on a job
 *    column: the page's own walk looks `TEXT_PAGES_AHEAD` pages further; when either stops there, TotalCount is
 *    that lower bound and `totalCapped` is set;
 *  - not at all when the page itself shows where the list ends (a short page).
 * See docs/architecture.md "Job list at scale".
 */
import { fillPlaceholders, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { getDb, type Db, type Queryable } from '@/db/client';
import { invoiceJobs, invoices, jobAttentionCounts, jobFeedback, jobs, jobStatusCounts } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { limitOffset, pageClause, type ListResult, type Page } from '@/lib/lists/paging';
import { executeWithValues } from '@/lib/lists/inline';
import { preparedFor } from '@/lib/lists/prepared';
import type { JobListQuery } from './list-schema';
import { cappedCountSql, jobListFilterTemplate, jobListOrder, type JobListFilter } from './list-sql';

export {
  getJobForClient,
  jobSlip,
  jobWithNames,
  type JobDetail,
  type JobDocument,
  type JobSlip,
  type JobWithNames,
} from './slip';

export interface JobListItem {
  id: number;
  jmsNumber: string;
  matterReference: string;
  description: string;
  contactName: string;
  orderType: number;
  status: number;
  createdAt: Date;
  dueAt: Date;
  deliveredAt: Date | null;
  /** Feedback was given (the row offers "View feedback"). */
  hasFeedback: boolean;
  /** An invoice carries the job number (the row links to /Invoice?jm=…). */
  invoiced: boolean;
}

const listColumns = {
  id: jobs.id,
  jmsNumber: jobs.jmsNumber,
  matterReference: jobs.matterReference,
  description: jobs.description,
  contactName: jobs.contactName,
  orderType: jobs.orderType,
  status: jobs.status,
  createdAt: jobs.createdAt,
  dueAt: jobs.dueAt,
  deliveredAt: jobs.deliveredAt,
  // Written out in full: in a statement on `jobs` alone Drizzle leaves column names unqualified, and inside these
  // subqueries an unqualified "id" or "client_id" would name the subquery's own table.
  hasFeedback: sql<boolean>`exists (select 1 from ${jobFeedback} where ${jobFeedback}."job_id" = "jobs"."id")`.mapWith(
    Boolean,
  ),
  // An invoice names its first job; the others of a several-job invoice are in invoice_jobs.
  invoiced:
    sql<boolean>`(exists (select 1 from ${invoices} where ${invoices}."client_id" = "jobs"."client_id" and ${invoices}."jms_number" = "jobs"."jms_number") or exists (select 1 from ${invoiceJobs} where ${invoiceJobs}."job_id" = "jobs"."id"))`.mapWith(
      Boolean,
    ),
};

export interface JobListContext {
  clientId: number;
  /** The user looking (whose jobs "Only my jobs" keeps). */
  userId: number;
  now: Date;
  timeZone: string;
}

/**
 * A time filter counts at most this many matches past the start of the asked page; more than that answers a
 * lower bound (`offset + COUNT_CAP + 1`, flagged `totalCapped`). Such a count is an index-only walk of the
 * client's time index (about a tenth of a microsecond an entry). The README's legacy contract notes quote this
 * number.
 */
export const COUNT_CAP = 1_000;

/**
 * A 'contains' filter looks this many pages past the asked one, in the same walk that finds the page's ids
 * (`limit` × (1 + this) + 1 ids): fewer found than that is the exact total, otherwise `offset + limit × (1 +
 * this) + 1` is a lower bound, flagged `totalCapped`. A separate count cannot be bounded by a cap: it walks the
 * client's index until it finds its matches, and skipping the non-matching entries alone costs many times the
 * page (docs/decisions/008-job-list-counting.md).
 */
export const TEXT_PAGES_AHEAD = 2;

/** How many ids a page's walk asks for: the page, and for a 'contains' filter the pages ahead and one more. */
export const idsToWalk = (limit: number, text: boolean) => (text ? limit * (1 + TEXT_PAGES_AHEAD) + 1 : limit);

/**
 * The statements of a list page for one filter template, as the floor of the benchmark does it: the page's
 * ids by the sort index (`ids`), then those rows by primary key (`rows`, placeholder `ids`: an int[] literal).
 * Two small statements, each planned in a few hundredths of a millisecond: in one statement (the ids as a
 * subquery joined to the rows), PostgreSQL spends longer planning it than the page costs, and its generic plan,
 * with LIMIT unknown, walks the whole client.
 * The ids carry the total (a scalar subquery, evaluated once, only when the page has a row) when the counters
 * serve the filter (their sum over at most 13 rows) or for a time filter (the count capped at `countLimit`, a
 * walk of the time index); `count` serves a page past the end. A 'contains' filter counts with the ids' walk
 * itself (`TEXT_PAGES_AHEAD`).
 * `page`: the same page in one statement, for when it is planned once (`pageClause`: the first page, a size the
 * pages offer) and looks no further than the page (no 'contains' filter): the rows whose ids the same walk finds
 * (an array subquery, evaluated once), in the list's order (the same ORDER BY over those rows), with the total.
 * Planned once, it costs what the two statements cost in the database, and one round trip instead of two; planned
 * on every execution (a deeper page's OFFSET, a size written as a parameter) it would cost more than they do.
 */
function listPlan(
  q: Queryable,
  filter: Pick<JobListFilter, 'where' | 'counters' | 'attentionCounters' | 'text' | 'ownParts'>,
  query: JobListQuery,
  paging: ListPaging,
) {
  const order = jobListOrder(query.sortBy, query.sortOrder);
  const page = pageClause(paging.walk, paging.offset);
  const exact = filter.counters !== null || !!filter.attentionCounters;
  const count = filter.counters
    ? q
        .select({ n: sql<number>`coalesce(sum(${jobStatusCounts.n}), 0)::int`.mapWith(Number) })
        .from(jobStatusCounts)
        .where(filter.counters)
    : filter.attentionCounters
      ? q
          .select({ n: sql<number>`coalesce(sum(${jobAttentionCounts.n}), 0)::int`.mapWith(Number) })
          .from(jobAttentionCounts)
          .where(filter.attentionCounters)
      : filter.ownParts
        ? // "Only my jobs": its two sets counted apart (lib/jobs/list-sql.ts cappedCountSql).
          q.select({ n: cappedCountSql(filter, countLimitOf(paging)) }).from(sql`(select 1) as one`)
        : q.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(
            q
              .select({ one: sql`1`.as('one') })
              .from(jobs)
              .where(filter.where)
              .limit(countLimitOf(paging))
              .as('capped'),
          );
  const totalInIds = exact || !filter.text;
  const total: Record<string, SQL> = totalInIds ? { total: sql<number>`(${count})`.mapWith(Number) } : {};
  /** The page's walk of the sort index, selecting `columns`. */
  const walk = (columns: Record<string, SQL | typeof jobs.id>) =>
    q
      .select(columns)
      .from(jobs)
      .where(filter.where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  const pageColumns = { ...listColumns, ...total };
  return {
    ids: walk({ id: jobs.id, ...total }),
    rows: q
      .select(listColumns)
      .from(jobs)
      .where(sql`${jobs.id} = any(${sql.placeholder('ids')}::int[])`),
    page:
      page.plannedOnce && !filter.text
        ? q
            .select(pageColumns)
            .from(jobs)
            .where(sql`${jobs.id} = any(array(${walk({ id: jobs.id })}))`)
            .orderBy(...order)
        : null,
    count,
    /** The total is exact from the counters, not a capped count of jobs. */
    exact,
    totalInIds,
  };
}

/** How a page is asked of the statements: the ids to walk (`idsToWalk`) from `offset`. */
export interface ListPaging {
  walk: number;
  offset: number;
  /** The rows a page shows. */
  limit: number;
}

/**
 * How many matches from the page's start a capped count looks for: COUNT_CAP, or the whole page when one page
 * holds more ("All": up to MAX_ROWS_PER_PAGE rows), so that a full page never says fewer jobs match than it shows.
 */
export const countCapOf = (limit: number) => Math.max(COUNT_CAP, limit);

/**
 * Where a capped count stops (`offset + countCapOf(limit) + 1`): written in when the page's statement is planned
 * once (page 1 of a size the pages offer: `pageClause`, which the statement's key names), otherwise the
 * placeholder `countLimit` (`countValues`).
 */
export const countLimitOf = (paging: ListPaging): Placeholder =>
  pageClause(paging.walk, paging.offset).plannedOnce
    ? (sql.raw(String(countCapOf(paging.limit) + 1)) as unknown as Placeholder)
    : sql.placeholder('countLimit');

/** The key of a page's statements: the filter's shape, the sort, and how LIMIT, OFFSET and the cap are written. */
const planKey = (filter: JobListFilter, query: JobListQuery, paging: ListPaging) =>
  `${filter.shape}|${query.sortBy}|${query.sortOrder}|${pageClause(paging.walk, paging.offset).key}`;

/** The count's placeholder values: the filter's, and for a capped count where it stops. */
function countValues(filter: JobListFilter, paging: ListPaging): Record<string, unknown> {
  return filter.counters || filter.attentionCounters
    ? filter.values
    : { ...filter.values, countLimit: paging.offset + countCapOf(paging.limit) + 1 };
}

/** The `ids` placeholder of the rows statement: an int[] literal. */
export const idArray = (ids: readonly { id: number }[]) => `{${ids.map((r) => r.id).join(',')}}`;

/** Rows read by primary key, put back in the ids' order (a row deleted in between is left out). */
export function inIdOrder<T extends { id: number }>(ids: readonly { id: number }[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: T[] = [];
  for (const { id } of ids) {
    const r = byId.get(id);
    if (r) out.push(r);
  }
  return out;
}

/**
 * The statements of a list page, with placeholders, and the values that fill them (the benchmark runs
 * exactly these through the driver).
 */
export function jobListStatements(q: Queryable, ctx: JobListContext, query: JobListQuery, page: Page) {
  const filter = jobListFilterTemplate(ctx, query, ctx.now, ctx.timeZone);
  const { limit, offset } = limitOffset(page);
  const paging = { walk: idsToWalk(limit, filter.text), offset, limit };
  return {
    limit,
    offset,
    values: { ...countValues(filter, paging), limit: paging.walk, offset },
    countValues: countValues(filter, paging),
    shape: planKey(filter, query, paging),
    /** A 'contains' filter: the ids and the count go with their values written in (lib/lists/inline.ts). */
    text: filter.text,
    ...listPlan(q, filter, query, paging),
  };
}

/**
 * The least work that serves the same page (the benchmark's floor): the page's ids by the sort index, and the
 * statement that reads rows by primary key (`ids` placeholder, an int[]), with no count.
 */
export function jobListFloorStatements(q: Queryable, ctx: JobListContext, query: JobListQuery, page: Page) {
  const filter = jobListFilterTemplate(ctx, query, ctx.now, ctx.timeZone);
  const { limit, offset } = limitOffset(page);
  const order = jobListOrder(query.sortBy, query.sortOrder);
  // LIMIT and OFFSET written as the list writes them (lib/lists/paging.ts pageClause): planned once, not per call.
  const clause = pageClause(limit, offset);
  return {
    values: { ...filter.values, limit, offset },
    /** A 'contains' filter: run the ids with their values written in (as listJobs does). */
    text: filter.text,
    ids: q
      .select({ id: jobs.id })
      .from(jobs)
      .where(filter.where)
      .orderBy(...order)
      .limit(clause.limit)
      .offset(clause.offset),
    rows: q
      .select(listColumns)
      .from(jobs)
      .where(inArray(jobs.id, sql`(select unnest(${sql.placeholder('ids')}::int[]))`)),
  };
}

type Values = Record<string, unknown>;

/**
 * The list's statements for one shape, built once (`preparedFor`). A 'contains' filter's ids and count run with
 * their values written in (unnamed, planned with them every time: lib/lists/inline.ts says why); the others are
 * named prepared statements.
 */
function prepareListPlan(db: Db, filter: JobListFilter, query: JobListQuery, paging: ListPaging) {
  const plan = listPlan(db, filter, query, paging);
  const common = {
    rows: plan.rows.prepare('job_list_rows'),
    exact: plan.exact,
    totalInIds: plan.totalInIds,
  };
  if (filter.text) {
    const ids = plan.ids.toSQL();
    const count = plan.count.toSQL();
    return {
      ...common,
      ids: (values: Values) =>
        executeWithValues<{ id: number; total?: number }>(db, ids.sql, fillPlaceholders(ids.params, values)),
      // A raw statement's columns are named by the database, not by the select: the count is the row's one value.
      count: async (values: Values) =>
        (await executeWithValues<Record<string, unknown>>(db, count.sql, fillPlaceholders(count.params, values))).map(
          (r) => ({ n: Number(Object.values(r)[0]) }),
        ),
      // Its walk looks ahead of the page: always the two statements.
      page: undefined,
    };
  }
  const ids = plan.ids.prepare('job_list_ids');
  const count = plan.count.prepare('job_list_count');
  const page = plan.page && plan.page.prepare('job_list_page');
  return {
    ...common,
    ids: (values: Values) => ids.execute(values) as Promise<{ id: number; total?: number }[]>,
    count: (values: Values) => count.execute(values) as Promise<{ n: number }[]>,
    page: page ? (values: Values) => page.execute(values) as Promise<(JobListItem & { total?: number })[]> : undefined,
  };
}

/** The page's rows and what its walk found (the ids, with the total when it rides along): one statement or two. */
async function readPage(
  plan: ReturnType<typeof prepareListPlan>,
  values: Values,
  limit: number,
): Promise<{ rows: JobListItem[]; found: { id: number; total?: number }[] }> {
  if (plan.page) {
    const found = await plan.page(values);
    return { rows: found.map(({ total: _total, ...row }) => row), found };
  }
  const found = await plan.ids(values);
  const pageIds = found.length > limit ? found.slice(0, limit) : found;
  const rows = pageIds.length
    ? inIdOrder(pageIds, (await plan.rows.execute({ ids: idArray(pageIds) })) as JobListItem[])
    : [];
  return { rows, found };
}

/** What a list answers: the rows and TotalCount, which is a lower bound when `totalCapped` is set. */
export interface JobListResult extends ListResult<JobListItem> {
  /**
   * More jobs match than were counted (only with a 'contains' or time filter): `totalCount` is a lower bound,
   * `offset + limit × (1 + TEXT_PAGES_AHEAD) + 1` for a 'contains' filter, `offset + COUNT_CAP + 1` for a time filter.
   */
  totalCapped: boolean;
}

/**
 * One page of the actor's client's jobs, with the number of jobs that match: exact from the counters
 * (unfiltered, status and client-name filters) or from the page itself (a short page), otherwise counted up
 * to the cap (a time filter) or as far as the walk looked ahead (a 'contains' filter).
 */
export async function listJobs(actor: Actor, query: JobListQuery, page: Page): Promise<JobListResult> {
  const db = await getDb();
  const filter = jobListFilterTemplate(
    { clientId: tenantOf(actor), userId: actor.userId },
    query,
    now(),
    actor.timeZone,
  );
  const { limit, offset } = limitOffset(page);
  const walk = idsToWalk(limit, filter.text);
  const paging = { walk, offset, limit };
  const plan = preparedFor('jobs', db, planKey(filter, query, paging), () =>
    prepareListPlan(db, filter, query, paging),
  );
  const values = countValues(filter, paging);
  const { rows, found } = await readPage(plan, { ...values, limit: walk, offset }, limit);
  const result = (totalCount: number, totalCapped = false): JobListResult => ({
    rows,
    totalCount,
    pageSize: page.size,
    totalCapped,
  });
  const capped = (n: number) => result(n, !plan.exact && n > offset + countCapOf(limit));
  const first = found[0];
  if (plan.exact && first) return result(first.total ?? 0);
  // A short page that is not empty is the last one (or a short first page the whole list): it tells the total.
  const onPage = Math.min(found.length, limit);
  if (onPage < limit && (onPage > 0 || offset === 0)) return result(offset + onPage);
  if (first?.total !== undefined) return capped(first.total);
  // A 'contains' filter: the walk looked ahead; all it found, or more than it looked for (a lower bound).
  if (first) return result(offset + found.length, found.length >= walk);
  return capped(Number((await plan.count(values))[0]?.n ?? 0));
}
