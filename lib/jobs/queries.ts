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
 *  - a 'contains' filter on a job column or a time filter: count(*) that stops after `offset + COUNT_CAP + 1`
 *    matches; when it stops there, TotalCount is that lower bound and `totalCapped` is set;
 *  - not at all when the page itself shows where the list ends (a short page).
 * See docs/architecture.md "Job list at scale".
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db, type Queryable } from '@/db/client';
import { invoiceJobs, invoices, jobFeedback, jobs, jobStatusCounts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { ForbiddenError } from '@/lib/http/errors';
import { limitOffset, type ListResult, type Page } from '@/lib/lists/paging';
import { preparedFor } from '@/lib/lists/prepared';
import type { JobListQuery } from './list-schema';
import { jobListFilterTemplate, jobListOrder, type JobListFilter } from './list-sql';

export { getJobForClient, jobSlip, jobWithNames, type JobDetail, type JobDocument, type JobSlip, type JobWithNames } from './slip';

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

/** The client whose jobs an actor may list; staff without a client have no job list. */
export function clientIdOf(actor: Actor): number {
  if (actor.clientId === null) throw new ForbiddenError();
  return actor.clientId;
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
  hasFeedback: sql<boolean>`exists (select 1 from ${jobFeedback} where ${jobFeedback.jobId} = ${jobs.id})`.mapWith(Boolean),
  // An invoice names its first job; the others of a several-job invoice are in invoice_jobs (issue 13).
  invoiced: sql<boolean>`(exists (select 1 from ${invoices} where ${invoices.clientId} = ${jobs.clientId} and ${invoices.jmsNumber} = ${jobs.jmsNumber}) or exists (select 1 from ${invoiceJobs} where ${invoiceJobs.jobId} = ${jobs.id}))`.mapWith(Boolean),
};

export interface JobListContext {
  clientId: number;
  now: Date;
  timeZone: string;
}

/**
 * A 'contains' or time filter counts at most this many matches past the start of the asked page; more than
 * that answers a lower bound (`offset + COUNT_CAP + 1`, flagged `totalCapped`). The README's legacy contract
 * notes quote this number. 1,000 (a hundred pages of ten ahead) keeps a 'contains' count within a few times the
 * cost of the page's own rows: such a count walks the client's index until it has found that many matches.
 */
export const COUNT_CAP = 1_000;

/**
 * The statements of a list page for one filter template: the page's rows and `count`. The rows carry the total (a
 * scalar subquery, evaluated once, only when the page has a row: one round trip) when the counters serve the filter
 * (their sum over at most 13 rows) or when it is a time filter (the count capped at `countLimit`, a walk of the
 * time index); `count` then serves a page past the end. With a 'contains' filter the capped count runs beside the
 * rows instead, in parallel on another connection (`totalInRows` false): inside the rows' statement it shared one
 * prepared generic plan with them, which walked far more than either alone (measured: ~44 ms of database time
 * per request instead of a few).
 */
function listPlan(q: Queryable, filter: Pick<JobListFilter, 'where' | 'counters' | 'text'>, query: JobListQuery) {
  const order = jobListOrder(query.sortBy, query.sortOrder);
  const ids = q
    .select({ id: jobs.id })
    .from(jobs)
    .where(filter.where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  const count = filter.counters
    ? q.select({ n: sql<number>`coalesce(sum(${jobStatusCounts.n}), 0)::int`.mapWith(Number) }).from(jobStatusCounts).where(filter.counters)
    : q
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(q.select({ one: sql`1`.as('one') }).from(jobs).where(filter.where).limit(sql.placeholder('countLimit')).as('capped'));
  const totalInRows = filter.counters !== null || !filter.text;
  const columns = totalInRows ? { ...listColumns, total: sql<number>`(${count})`.mapWith(Number) } : listColumns;
  return {
    rows: q.select(columns).from(jobs).innerJoin(ids, eq(jobs.id, ids.id)).orderBy(...order),
    count,
    /** The total is exact from the counters, not a capped count of jobs. */
    exact: filter.counters !== null,
    totalInRows,
  };
}

/** The count's placeholder values: the filter's, and for a capped count where it stops. */
function countValues(filter: JobListFilter, offset: number): Record<string, unknown> {
  return filter.counters ? filter.values : { ...filter.values, countLimit: offset + COUNT_CAP + 1 };
}

/**
 * The two statements of a list page, with placeholders, and the values that fill them (the benchmark runs
 * exactly these through the driver).
 */
export function jobListStatements(q: Queryable, ctx: JobListContext, query: JobListQuery, page: Page) {
  const filter = jobListFilterTemplate(ctx.clientId, query, ctx.now, ctx.timeZone);
  const { limit, offset } = limitOffset(page);
  return {
    limit,
    offset,
    values: { ...countValues(filter, offset), limit, offset },
    countValues: countValues(filter, offset),
    shape: planKey(filter, query),
    ...listPlan(q, filter, query),
  };
}

/**
 * The least work that serves the same page (the benchmark's floor): the page's ids by the sort index, and the
 * statement that reads rows by primary key (`ids` placeholder, an int[]), with no count.
 */
export function jobListFloorStatements(q: Queryable, ctx: JobListContext, query: JobListQuery, page: Page) {
  const filter = jobListFilterTemplate(ctx.clientId, query, ctx.now, ctx.timeZone);
  const { limit, offset } = limitOffset(page);
  const order = jobListOrder(query.sortBy, query.sortOrder);
  return {
    values: { ...filter.values, limit, offset },
    ids: q.select({ id: jobs.id }).from(jobs).where(filter.where).orderBy(...order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
    rows: q.select(listColumns).from(jobs).where(inArray(jobs.id, sql`(select unnest(${sql.placeholder('ids')}::int[]))`)),
  };
}

const planKey = (filter: JobListFilter, query: JobListQuery) => `${filter.shape}|${query.sortBy}|${query.sortOrder}`;

function prepareListPlan(db: Db, filter: JobListFilter, query: JobListQuery) {
  const plan = listPlan(db, filter, query);
  return { rows: plan.rows.prepare('job_list_rows'), count: plan.count.prepare('job_list_count'), exact: plan.exact, totalInRows: plan.totalInRows };
}

/** What a list answers: the rows and TotalCount, which is a lower bound when `totalCapped` is set. */
export interface JobListResult extends ListResult<JobListItem> {
  /** More jobs match than were counted: `totalCount` is `offset + COUNT_CAP + 1` (only with a 'contains' or time filter). */
  totalCapped: boolean;
}

/**
 * One page of the actor's client's jobs, with the number of jobs that match: exact from the counters
 * (unfiltered, status and client-name filters) or from the page itself (a short page), otherwise counted up
 * to the cap.
 */
export async function listJobs(actor: Actor, query: JobListQuery, page: Page): Promise<JobListResult> {
  const db = await getDb();
  const filter = jobListFilterTemplate(clientIdOf(actor), query, now(), actor.timeZone);
  const { limit, offset } = limitOffset(page);
  const plan = preparedFor('jobs', db, planKey(filter, query), () => prepareListPlan(db, filter, query));
  const values = countValues(filter, offset);
  // The total comes with the rows, or (a 'contains' filter) the capped count runs beside them.
  const [found, beside] = await Promise.all([
    plan.rows.execute({ ...values, limit, offset }) as Promise<(JobListItem & { total?: number })[]>,
    plan.totalInRows ? null : plan.count.execute(values),
  ]);
  const rows: JobListItem[] = plan.totalInRows ? found.map(({ total: _total, ...r }) => r) : found;
  const result = (totalCount: number, totalCapped = false): JobListResult => ({ rows, totalCount, pageSize: page.size, totalCapped });
  const capped = (n: number) => result(n, !plan.exact && n > offset + COUNT_CAP);
  if (plan.exact && found[0]) return result(found[0].total ?? 0);
  // A short page that is not empty is the last one (or a short first page the whole list): it tells the total.
  if (rows.length < limit && (rows.length > 0 || offset === 0)) return result(offset + rows.length);
  if (found[0]?.total !== undefined) return capped(found[0].total);
  return capped((beside ?? (await plan.count.execute(values)))[0]?.n ?? 0);
}
