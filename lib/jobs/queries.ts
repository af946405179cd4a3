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
import { count, eq, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { invoices, jobFeedback, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { ForbiddenError } from '@/lib/http/errors';
import { limitOffset, type ListResult, type Page } from '@/lib/lists/paging';
import type { JobListQuery } from './list-schema';
import { jobListOrder, jobListWhere } from './list-sql';

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
  invoiced: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.clientId} = ${jobs.clientId} and ${invoices.jmsNumber} = ${jobs.jmsNumber})`.mapWith(Boolean),
};

export interface JobListContext {
  clientId: number;
  now: Date;
  timeZone: string;
}

/** The two statements of a list page (also run directly by the benchmark). */
export function jobListStatements(q: Queryable, ctx: JobListContext, query: JobListQuery, page: Page) {
  const where = jobListWhere(ctx.clientId, query, ctx.now, ctx.timeZone);
  const order = jobListOrder(query.sortBy, query.sortOrder);
  const { limit, offset } = limitOffset(page);
  const ids = q.select({ id: jobs.id }).from(jobs).where(where).orderBy(...order).limit(limit).offset(offset).as('page_ids');
  return {
    limit,
    offset,
    rows: q.select(listColumns).from(jobs).innerJoin(ids, eq(jobs.id, ids.id)).orderBy(...order),
    count: q.select({ n: count() }).from(jobs).where(where),
  };
}

/** One page of the actor's client's jobs, with the exact number of jobs that match. */
export async function listJobs(actor: Actor, query: JobListQuery, page: Page): Promise<ListResult<JobListItem>> {
  const ctx = { clientId: clientIdOf(actor), now: now(), timeZone: actor.timeZone };
  const st = jobListStatements(await getDb(), ctx, query, page);
  const rows: JobListItem[] = await st.rows;
  // The first page already holds every match: no need to count them again.
  if (st.offset === 0 && rows.length < st.limit) return { rows, totalCount: rows.length, pageSize: page.size };
  const [c] = await st.count;
  return { rows, totalCount: c?.n ?? 0, pageSize: page.size };
}
