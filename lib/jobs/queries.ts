/**
 * Reading jobs (spec §1 jobs, §2 /JobClient, §3 job list query and answer): the list of one client's jobs with
 * 'contains' filters, status and time filters, nine sort orders and paging. Every query is scoped by the
 * actor's client; another client's job answers exactly like a missing one.
 *
 * Paging: the page's ids are found first (an index-only walk over the sort index, skipping OFFSET rows),
 * then only those rows are read ("deferred join"), so a deep page costs little more than the first. The
 * total is an exact count(*) over the same WHERE, skipped when the first page already holds every row.
 * See docs/architecture.md "Job list at scale".
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db, type Queryable } from '@/db/client';
import { invoiceJobs, invoices, jobFeedback, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { ForbiddenError } from '@/lib/http/errors';
import { limitOffset, type ListResult, type Page } from '@/lib/lists/paging';
import type { JobListQuery } from './list-schema';
import { jobListFilterTemplate, jobListOrder, type JobListFilter } from './list-sql';

export { getJobForClient, jobSlip, type JobDetail, type JobDocument, type JobSlip } from './slip';

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

/** The two statements of a list page for one filter template: the page's rows and the count. */
function listPlan(q: Queryable, where: SQL, query: JobListQuery) {
  const order = jobListOrder(query.sortBy, query.sortOrder);
  const ids = q
    .select({ id: jobs.id })
    .from(jobs)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  return {
    rows: q.select(listColumns).from(jobs).innerJoin(ids, eq(jobs.id, ids.id)).orderBy(...order),
    count: q.select({ n: count() }).from(jobs).where(where),
  };
}

/**
 * The two statements of a list page, with placeholders, and the values that fill them (the benchmark runs
 * exactly these through the driver).
 */
export function jobListStatements(q: Queryable, ctx: JobListContext, query: JobListQuery, page: Page) {
  const filter = jobListFilterTemplate(ctx.clientId, query, ctx.now, ctx.timeZone);
  const { limit, offset } = limitOffset(page);
  return { limit, offset, values: { ...filter.values, limit, offset }, shape: planKey(filter, query), ...listPlan(q, filter.where, query) };
}

const planKey = (filter: JobListFilter, query: JobListQuery) => `${filter.shape}|${query.sortBy}|${query.sortOrder}`;

function prepareListPlan(db: Db, where: SQL, query: JobListQuery) {
  const plan = listPlan(db, where, query);
  return { rows: plan.rows.prepare('job_list_rows'), count: plan.count.prepare('job_list_count') };
}

/**
 * Prepared list statements per database and filter shape. Building a statement (Drizzle walking the query
 * into SQL text) costs more Node time than the database spends on a cheap page, so each shape is built
 * once and then only bound. Bounded, least recently used out; per instance, nothing depends on it.
 */
const PLANS_MAX = 200;
const plans = new WeakMap<Db, Map<string, ReturnType<typeof prepareListPlan>>>();

function preparedPlan(db: Db, key: string, where: SQL, query: JobListQuery) {
  let forDb = plans.get(db);
  if (!forDb) plans.set(db, (forDb = new Map()));
  let plan = forDb.get(key);
  if (plan) {
    forDb.delete(key);
  } else {
    plan = prepareListPlan(db, where, query);
    if (forDb.size >= PLANS_MAX) {
      const oldest = forDb.keys().next();
      if (!oldest.done) forDb.delete(oldest.value);
    }
  }
  forDb.set(key, plan);
  return plan;
}

/** One page of the actor's client's jobs, with the exact number of jobs that match. */
export async function listJobs(actor: Actor, query: JobListQuery, page: Page): Promise<ListResult<JobListItem>> {
  const db = await getDb();
  const filter = jobListFilterTemplate(clientIdOf(actor), query, now(), actor.timeZone);
  const { limit, offset } = limitOffset(page);
  const plan = preparedPlan(db, planKey(filter, query), filter.where, query);
  const rows: JobListItem[] = await plan.rows.execute({ ...filter.values, limit, offset });
  // The first page already holds every match: no need to count them again.
  if (offset === 0 && rows.length < limit) return { rows, totalCount: rows.length, pageSize: page.size };
  const [c] = await plan.count.execute(filter.values);
  return { rows, totalCount: c?.n ?? 0, pageSize: page.size };
}
