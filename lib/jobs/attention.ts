/**
 * "What needs me": the counts of the strip above /JobClient, for the actor's client: the firm's jobs, or the viewer's
 * own (`StripScope`). Each count is the total of one job list filter (`attentionQuery`), so the link under it opens a
 * list whose total is the same number, and each is read at the floor, never by scanning the client's jobs:
 *
 * The firm's:
 * - waiting on the client (On Hold, Waiting For Payment) and ready for collection: the status counters
 *   (`job_status_counts`), exact;
 * - delivered with files to download and delivered without feedback: the attention counters
 *   (`job_attention_counts`, migration 0016), exact;
 * - due within 24 hours, overdue and delivered in the last 7 days: the list's own capped count (COUNT_CAP) over
 *   the client's open-jobs-by-due index (`jobs_client_open_due_idx`) or delivered index, the same statement as
 *   the list's total; past the cap both say "1,000+".
 *
 * The viewer's own: every count is the list's own capped count with "Only my jobs", which reads only the viewer's
 * jobs through the creator and contact indexes (`jobs_client_creator_idx`, `jobs_client_email_idx`); the counters
 * are per firm, so they cannot serve it.
 *
 * All of them in one statement (scalar subqueries over the client's row): one round trip.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clients, JOB_ATTENTION_KIND, jobAttentionCounts, jobs, jobStatusCounts } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { preparedFor } from '@/lib/lists/prepared';
import {
  ATTENTION_QUERIES,
  attentionQuery,
  type AttentionCount,
  type JobAttentionCounts,
  type JobAttentionKey,
  type StripScope,
} from './attention-keys';
import { cappedCountSql, jobListFilterTemplate } from './list-sql';
import { COUNT_CAP } from './queries';

export {
  ATTENTION_LABELS,
  ATTENTION_QUERIES,
  attentionQuery,
  type StripScope,
  type AttentionCount,
  type JobAttentionCounts,
  type JobAttentionKey,
} from './attention-keys';

const ALL_KEYS = Object.keys(ATTENTION_QUERIES) as JobAttentionKey[];
/** The counts each scope reads with the list's capped count (the others come from the firm's counters). */
const CAPPED: Record<StripScope, JobAttentionKey[]> = {
  firm: ['due24', 'overdue', 'deliveredRecently'],
  mine: ALL_KEYS,
};
/** Each capped count's placeholders are named apart (its statuses and instants differ from the others'). */
const prefixOf = (key: JobAttentionKey) => `${key}_`;

/**
 * The strip's one statement for a scope, with placeholders: the client (and the viewer, for their own jobs), and the
 * values of the capped counts (the list's own filter templates, lib/jobs/list-sql.ts, whose SQL depends only on
 * their shape, fixed here). Built once per database and scope and run as a named prepared statement, so a request
 * pays no planning.
 */
export function jobAttentionStatement<E extends Record<string, SQL>>(
  db: Queryable,
  extra: E = {} as E,
  scope: StripScope = 'firm',
  at: Date = new Date(),
  timeZone = 'UTC',
) {
  const client = sql.placeholder('clientId') as unknown as number;
  const capped = (key: JobAttentionKey) => {
    const filter = jobListFilterTemplate(
      { clientId: 0, userId: 0 },
      attentionQuery(key, scope),
      at,
      timeZone,
      prefixOf(key),
    );
    // The viewer's own jobs: the list's two sets counted apart, as its total counts them.
    if (filter.ownParts) return cappedCountSql(filter, sql.raw(String(COUNT_CAP + 1)));
    const matches = db
      .select({ one: sql`1`.as('one') })
      .from(jobs)
      .where(filter.where)
      .limit(COUNT_CAP + 1)
      .as(`capped_${key}`);
    return sql<number>`(select count(*)::int from ${matches})`.mapWith(Number);
  };
  const statuses = (ids: number[]) =>
    sql<number>`(select coalesce(sum(${jobStatusCounts.n}), 0)::int from ${jobStatusCounts} where ${and(eq(jobStatusCounts.clientId, client), inArray(jobStatusCounts.status, ids))})`.mapWith(
      Number,
    );
  const attention = (kind: number) =>
    sql<number>`(select coalesce(sum(${jobAttentionCounts.n}), 0)::int from ${jobAttentionCounts} where ${and(eq(jobAttentionCounts.clientId, client), eq(jobAttentionCounts.kind, kind))})`.mapWith(
      Number,
    );
  const mine = scope === 'mine';
  return db
    .select({
      due24: capped('due24'),
      overdue: capped('overdue'),
      waiting: mine ? capped('waiting') : statuses(ATTENTION_QUERIES.waiting.statuses),
      readyForCollection: mine ? capped('readyForCollection') : statuses(ATTENTION_QUERIES.readyForCollection.statuses),
      deliveredRecently: capped('deliveredRecently'),
      deliveredWithFiles: mine ? capped('deliveredWithFiles') : attention(JOB_ATTENTION_KIND.deliveredWithFiles),
      deliveredWithoutFeedback: mine
        ? capped('deliveredWithoutFeedback')
        : attention(JOB_ATTENTION_KIND.deliveredWithoutFeedback),
      // More of the firm's counts in the same round trip (the invoices' part: lib/invoices/attention.ts).
      ...extra,
    })
    .from(clients)
    .where(eq(clients.id, client));
}

/** Whose strip it is: the client, and the user looking (whose own jobs the 'mine' scope counts). */
export interface StripViewer {
  clientId: number;
  userId: number;
}

/** The values of the statement's placeholders for a viewer at `at` in `timeZone`. */
export function jobAttentionValues(
  viewer: StripViewer,
  at: Date,
  timeZone: string,
  scope: StripScope = 'firm',
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of CAPPED[scope])
    Object.assign(
      values,
      jobListFilterTemplate(viewer, attentionQuery(key, scope), at, timeZone, prefixOf(key)).values,
    );
  return { ...values, clientId: viewer.clientId };
}

/** The job counts of a row of the statement. */
export function jobAttentionOf(row: Partial<Record<JobAttentionKey, number>> | undefined): JobAttentionCounts {
  const exact = (n: number | undefined): AttentionCount => ({ n: n ?? 0, capped: false });
  const cap = (n: number | undefined): AttentionCount => ({ n: n ?? 0, capped: (n ?? 0) > COUNT_CAP });
  return {
    due24: cap(row?.due24),
    overdue: cap(row?.overdue),
    waiting: exact(row?.waiting),
    readyForCollection: exact(row?.readyForCollection),
    deliveredRecently: cap(row?.deliveredRecently),
    deliveredWithFiles: exact(row?.deliveredWithFiles),
    deliveredWithoutFeedback: exact(row?.deliveredWithoutFeedback),
  };
}

/** The job counts of the strip for the actor's client (the page reads them with the invoices': lib/invoices/attention.ts). */
export async function countJobAttention(actor: Actor, scope: StripScope = 'firm'): Promise<JobAttentionCounts> {
  const clientId = tenantOf(actor);
  const db = await getDb();
  const statement = preparedFor('job-attention', db, `strip-${scope}`, () =>
    jobAttentionStatement(db, {}, scope).prepare(`job_attention_strip_${scope}`),
  );
  const [row] = (await statement.execute(
    jobAttentionValues({ clientId, userId: actor.userId }, now(), actor.timeZone, scope),
  )) as Partial<Record<JobAttentionKey, number>>[];
  return jobAttentionOf(row);
}
