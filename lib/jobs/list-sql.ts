/**
 * SQL of the job list, shared by the page, the legacy list endpoint, the CSV export and the benchmark:
 * the filter (always scoped to one client), the nine sort orders of §2 with the id as unique tiebreak, and
 * the keyset condition that continues an export after its last row.
 *
 * Every sort is written so that PostgreSQL can walk a (client_id, key…, id) index in either direction: the
 * NULLS placement follows the index (forward scan: NULLS LAST; backward scan: NULLS FIRST). The columns are
 * NOT NULL, so this changes nothing for the user; only "time delivered" is nullable and keeps undelivered
 * jobs last in both directions. See docs/architecture.md "Job list at scale".
 */
import { and, eq, gte, ilike, inArray, isNotNull, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  clients,
  documents,
  JOB_ATTENTION_KIND,
  jobAttentionCounts,
  jobFeedback,
  jobs,
  jobStatusCounts,
  users,
} from '@/db/schema';
import { DELIVERED_STATUS, JOB_STATUSES, ORDER_TYPES, SORT_ASC } from '@/lib/reference';
import type { JobListQuery } from './list-schema';
import { monthsRange, timeRange, type TimeFilterKind } from './time-filters';

const CANCELLED_STATUS = 10;

/**
 * A job still open (what "overdue" asks besides the due time): neither Delivered nor Cancelled, and no delivery
 * time. Its values are written in, not bound: it is the WHERE of the partial index jobs_open_due_idx
 * (db/schema.ts), and only the same condition lets the planner use that index, in a generic plan too
 * (lib/ops/ops.db.test.ts checks the staff queue's overdue count uses it).
 */
export const OPEN_JOB = sql`${jobs.status} not in (${sql.raw(String(DELIVERED_STATUS))}, ${sql.raw(String(CANCELLED_STATUS))}) and ${jobs.deliveredAt} is null`;

/** Escapes LIKE wildcards so a filter matches its text literally (PostgreSQL's default escape is \). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type TextColumn =
  typeof jobs.matterReference | typeof jobs.jmsNumber | typeof jobs.description | typeof jobs.contactName;
type TimeColumn = typeof jobs.createdAt | typeof jobs.dueAt | typeof jobs.deliveredAt;

/**
 * The filter of a list, written once for two uses: with its values in place (a statement built for one
 * request: the export), or as a template with named placeholders plus the values that fill them. A
 * template's SQL depends only on the query's `shape` (which filters are set, how many statuses, which time
 * buckets), so the list can prepare it once per shape and only bind values per request.
 */
export interface JobListFilter {
  where: SQL;
  /** The placeholder values (template mode; empty otherwise). Instants are ISO strings. */
  values: Record<string, unknown>;
  /** What the SQL depends on: equal shapes give the same SQL text. */
  shape: string;
  /**
   * The same filter over `job_status_counts` (sum of `n` gives the exact number of matching jobs without
   * reading any), when the counters can serve it: no 'contains' filter on a job column and no time filter.
   * Null otherwise (the list then counts with a cap, see lib/jobs/queries.ts).
   */
  counters: SQL | null;
  /**
   * Set instead of `counters` for the strip's "delivered with files" and "delivered without feedback" lists alone:
   * the same total from `job_attention_counts` (its row for the client and kind).
   */
  attentionCounters?: SQL | null;
  /** A 'contains' filter on a job column is set (its selectivity is unknown to a prepared generic plan). */
  text: boolean;
  /**
   * "Only my jobs": the same rows as `where`, as two disjoint sets (ordered by the viewer; naming them as contact
   * and ordered by someone else). Counted apart, each is a walk of its own index (the creator side an index-only
   * one), where the rule's OR would read every matching row from the table (`cappedCountSql`).
   */
  ownParts?: [SQL, SQL] | null;
}

/**
 * How many rows match a filter, stopping at `limit` (a capped count: the list's total past the counters, and the
 * strip's counts), as a scalar subquery. With `ownParts` the two disjoint sets are counted apart, each stopping at
 * `limit`, and their sum capped: the same number as counting `where` itself.
 */
export function cappedCountSql(filter: Pick<JobListFilter, 'where' | 'ownParts'>, limit: SQL | Placeholder | number) {
  const capped = (where: SQL) =>
    sql`(select count(*) from (select 1 from ${jobs} where ${where} limit ${limit}) as capped)`;
  if (!filter.ownParts) return sql<number>`${capped(filter.where)}::int`.mapWith(Number);
  const [creator, contact] = filter.ownParts;
  return sql<number>`least(${capped(creator)} + ${capped(contact)}, ${limit})::int`.mapWith(Number);
}

/** Builds a statement's values in place, or as named placeholders whose values it records (a template). */
export class Binder {
  readonly values: Record<string, unknown> = {};
  readonly shape: string[] = [];
  /** `prefix`: put before every placeholder's name, so several templates can share one statement. */
  constructor(
    readonly template: boolean,
    readonly prefix = '',
  ) {}
  /** A value in the statement: itself, or a placeholder whose value is recorded. */
  bind<T>(name: string, value: T): T | Placeholder<string, T> {
    if (!this.template) return value;
    const named = `${this.prefix}${name}`;
    this.values[named] = value instanceof Date ? value.toISOString() : value;
    return sql.placeholder(named) as Placeholder<string, T>;
  }
}

function contains(b: Binder, name: string, column: TextColumn, value: string): SQL | undefined {
  if (!value) return undefined;
  b.shape.push(name);
  return ilike(column, b.bind(name, `%${escapeLike(value)}%`) as string);
}

function timeCondition(
  b: Binder,
  kind: TimeFilterKind,
  column: TimeColumn,
  id: number,
  now: Date,
  timeZone: string,
): SQL | undefined {
  const r = timeRange(kind, id, now, timeZone);
  if (!r) return undefined;
  // The bucket decides the condition's form (a range, open on one side, overdue, missing); `now` only its values.
  b.shape.push(`${kind}:${id}`);
  if (r.missing) return isNull(column);
  const parts: (SQL | undefined)[] = [];
  if (r.from) parts.push(gte(column, b.bind(`${kind}From`, r.from)));
  if (r.to) parts.push(lt(column, b.bind(`${kind}To`, r.to)));
  if (r.overdue) parts.push(OPEN_JOB);
  if (kind === 'delivered') parts.push(isNotNull(column));
  return and(...parts);
}

/** Logged in the query's months (the /Reports page's links): a range of creation times in the user's zone. */
function loggedCondition(b: Binder, q: JobListQuery, timeZone: string): SQL | undefined {
  if (!q.loggedFrom && !q.loggedTo) return undefined;
  const r = monthsRange(q.loggedFrom, q.loggedTo, timeZone);
  b.shape.push(`logged:${r.from ? 'from' : ''}-${r.to ? 'to' : ''}`);
  return and(
    r.from ? gte(jobs.createdAt, b.bind('loggedFrom', r.from)) : undefined,
    r.to ? lt(jobs.createdAt, b.bind('loggedTo', r.to)) : undefined,
  );
}

/** A live deliverable of the row's job (a file to download), as the counters' trigger reads it (migration 0016). */
const HAS_DELIVERABLE = sql`exists (select 1 from ${documents} where ${documents}."job_id" = "jobs"."id" and ${documents}."kind" = 'deliverable' and ${documents}."deleted_at" is null)`;
const HAS_FEEDBACK = sql`exists (select 1 from ${jobFeedback} where ${jobFeedback}."job_id" = "jobs"."id")`;
const DELIVERED = sql`${jobs.status} = ${sql.raw(String(DELIVERED_STATUS))}`;

/**
 * The job is the user's own: they ordered it, or it names them as contact by their e-mail address. The "my jobs"
 * alerts join it to users; the list's "Only my jobs" writes the same rule as two disjoint sets (`buildFilter`), each
 * found by its own index on the client's jobs (`jobs_client_creator_idx`, `jobs_client_email_idx`).
 */
export function ownJobOf(userId: SQL | Placeholder | number, email: SQL): SQL {
  return sql`(${jobs.createdById} = ${userId} or lower(${jobs.email}) = lower(${email}))`;
}

/** Hours ahead that "due within 24 hours" looks. */
export const DUE_SOON_HOURS = 24;

/** The condition of a "what needs me" filter; `now` places "due within 24 hours". */
function attentionCondition(b: Binder, q: JobListQuery, now: Date): SQL | undefined {
  switch (q.attention) {
    case 'due24':
      b.shape.push('due24');
      return and(
        OPEN_JOB,
        gte(jobs.dueAt, b.bind('due24From', now)),
        lt(jobs.dueAt, b.bind('due24To', new Date(now.getTime() + DUE_SOON_HOURS * 3_600_000))),
      );
    case 'files':
      b.shape.push('files');
      return and(DELIVERED, HAS_DELIVERABLE);
    case 'nofeedback':
      b.shape.push('nofeedback');
      return sql`${DELIVERED} and not ${HAS_FEEDBACK}`;
    default:
      return undefined;
  }
}

function buildFilter(
  template: boolean,
  clientId: number,
  userId: number,
  q: JobListQuery,
  now: Date,
  timeZone: string,
  prefix = '',
): JobListFilter {
  const b = new Binder(template, prefix);
  const client = b.bind('clientId', clientId);
  let mine: { either: SQL; creator: SQL; contact: SQL } | undefined;
  if (q.mine) {
    b.shape.push('mine');
    const me = b.bind('viewerId', userId) as number;
    // The rule of `ownJobOf` as two disjoint sets (`JobListFilter.ownParts`): the jobs the viewer ordered, and the
    // ids of those that name them as contact but someone else ordered, found first by the contact index (usually
    // a few), so no plan walks the firm's jobs looking for them.
    const email = sql`(select ${users.email} from ${users} where ${users.id} = ${me})`;
    const contactIds = sql`array(select "named"."id" from ${jobs} as "named" where "named"."client_id" = ${client} and lower("named"."email") = lower(${email}) and "named"."created_by_id" is distinct from ${me})`;
    const creator = sql`${jobs.createdById} = ${me}`;
    const contact = sql`${jobs.id} = any(${contactIds})`;
    mine = { either: sql`(${creator} or ${contact})`, creator, contact };
  }
  let matterExact: SQL | undefined;
  if (q.matterExact) {
    b.shape.push('matterExact');
    matterExact = eq(jobs.matterReference, b.bind('matterExact', q.matterExact) as string);
  }
  let clientName: SQL | undefined;
  let clientNameOfCounts: SQL | undefined;
  if (q.clientName) {
    b.shape.push('clientName');
    const pattern = b.bind('clientName', `%${escapeLike(q.clientName)}%`);
    const named = sql`(select ${clients.id} from ${clients} where ${clients.id} = ${client} and ${clients.name} ilike ${pattern})`;
    clientName = inArray(jobs.clientId, named);
    clientNameOfCounts = inArray(jobStatusCounts.clientId, named);
  }
  let statuses: SQL | undefined;
  let statusesOfCounts: SQL | undefined;
  if (q.statuses.length) {
    b.shape.push(`statuses:${q.statuses.length}`);
    const values = q.statuses.map((s, i) => b.bind(`status${i}`, s) as number);
    statuses = inArray(jobs.status, values);
    statusesOfCounts = inArray(jobStatusCounts.status, values);
  }
  const scanning: (SQL | undefined)[] = [
    contains(b, 'jmsNumber', jobs.jmsNumber, q.jmsNumber),
    contains(b, 'matterReference', jobs.matterReference, q.matterReference),
    contains(b, 'description', jobs.description, q.description),
    contains(b, 'contactName', jobs.contactName, q.contactName),
    timeCondition(b, 'created', jobs.createdAt, q.timeCreated, now, timeZone),
    timeCondition(b, 'due', jobs.dueAt, q.timeDue, now, timeZone),
    timeCondition(b, 'delivered', jobs.deliveredAt, q.timeDelivered, now, timeZone),
    loggedCondition(b, q, timeZone),
    matterExact,
    mine?.either,
  ];
  const attention = attentionCondition(b, q, now);
  const [jmsNumber, matterReference, description, contactName, ...times] = scanning;
  const parts: (SQL | undefined)[] = [
    eq(jobs.clientId, client as number),
    jmsNumber,
    matterReference,
    description,
    contactName,
    clientName,
    statuses,
    ...times,
    attention,
  ];
  const noOtherFilter = scanning.every((c) => c === undefined);
  const counters =
    noOtherFilter && !attention
      ? (and(eq(jobStatusCounts.clientId, client as number), clientNameOfCounts, statusesOfCounts) ?? null)
      : null;
  // "Delivered with files" and "delivered without feedback" alone: their own exact counters.
  const kind =
    q.attention === 'files'
      ? JOB_ATTENTION_KIND.deliveredWithFiles
      : q.attention === 'nofeedback'
        ? JOB_ATTENTION_KIND.deliveredWithoutFeedback
        : null;
  const attentionCounters =
    noOtherFilter && kind !== null && !q.clientName && !q.statuses.length
      ? and(
          eq(jobAttentionCounts.clientId, client as number),
          eq(jobAttentionCounts.kind, sql.raw(String(kind)) as unknown as number),
        )
      : null;
  const text = [jmsNumber, matterReference, description, contactName].some((c) => c !== undefined);
  const others = parts.filter((p) => p !== mine?.either);
  return {
    where: and(...parts) ?? eq(jobs.clientId, client as number),
    ownParts: mine ? [and(...others, mine.creator)!, and(...others, mine.contact)!] : null,
    values: b.values,
    shape: b.shape.join(','),
    counters,
    attentionCounters,
    text,
  };
}

/**
 * Whose list it is: the client whose jobs it shows, and the user looking (whose jobs "Only my jobs" keeps). Both
 * from the session.
 */
export interface JobListViewer {
  clientId: number;
  userId: number;
}

/** The WHERE of a list: the client first, then every filter of the query (values in place). */
export function jobListWhere(viewer: JobListViewer, q: JobListQuery, now: Date, timeZone: string): SQL {
  return buildFilter(false, viewer.clientId, viewer.userId, q, now, timeZone).where;
}

/**
 * The WHERE of a list as a template with placeholders, its values and its shape. `prefix` names its placeholders
 * apart from another template's in the same statement (the strip's counts).
 */
export function jobListFilterTemplate(
  viewer: JobListViewer,
  q: JobListQuery,
  now: Date,
  timeZone: string,
  prefix = '',
): JobListFilter {
  return buildFilter(true, viewer.clientId, viewer.userId, q, now, timeZone, prefix);
}

// ---------------------------------------------------------------------------------------------------------
// Sorting
// ---------------------------------------------------------------------------------------------------------

/** Workflow rank of a status (the order of JOB_STATUSES). A constant, immutable expression, so it can be indexed. */
export const STATUS_RANK_SQL = `array_position('{${JOB_STATUSES.map((s) => s.id).join(',')}}'::smallint[], "jobs"."status")`;

interface SortKey {
  expr: SQL;
  /** The SQL type to cast a keyset value back to. */
  type: 'timestamptz' | 'text' | 'int';
}

interface SortSpec {
  keys: SortKey[];
  /** The direction the supporting index is built in (its forward scan). */
  indexDesc: boolean;
  /** The first key may be NULL: keep NULLs last in both directions. */
  nullable?: boolean;
}

const key = (expr: SQL, type: SortKey['type']): SortKey => ({ expr, type });
const created: SortSpec = { keys: [key(sql`${jobs.createdAt}`, 'timestamptz')], indexDesc: true };

/** The nine sort columns of §2 (0 default, 1 job number … 8 status). */
export const JOB_SORTS: Record<number, SortSpec> = {
  0: created,
  1: { keys: [key(sql`char_length(${jobs.jmsNumber})`, 'int'), key(sql`${jobs.jmsNumber}`, 'text')], indexDesc: false },
  2: { keys: [key(sql`${jobs.matterReference}`, 'text')], indexDesc: false },
  3: { keys: [key(sql`${jobs.description}`, 'text')], indexDesc: false },
  4: { keys: [key(sql`${jobs.contactName}`, 'text')], indexDesc: false },
  5: created,
  6: { keys: [key(sql`${jobs.dueAt}`, 'timestamptz')], indexDesc: false },
  7: { keys: [key(sql`${jobs.deliveredAt}`, 'timestamptz')], indexDesc: false, nullable: true },
  8: { keys: [key(sql.raw(STATUS_RANK_SQL), 'int')], indexDesc: false },
};

function specOf(sortBy: number): SortSpec {
  return JOB_SORTS[sortBy] ?? created;
}

/** ORDER BY terms of a sort: its keys, then the id. */
export function jobListOrder(sortBy: number, sortOrder: number): SQL[] {
  const spec = specOf(sortBy);
  const descending = sortOrder !== SORT_ASC;
  const dir = descending ? sql.raw('desc') : sql.raw('asc');
  const nullsLast = spec.nullable || descending === spec.indexDesc;
  const nulls = sql.raw(nullsLast ? 'nulls last' : 'nulls first');
  return [...spec.keys.map((k) => k.expr), sql`${jobs.id}`].map((e) => sql`${e} ${dir} ${nulls}`);
}

/** The sort keys of a row as text (a keyset cursor keeps them exactly, microseconds included). */
export function sortKeyColumns(sortBy: number): SQL<string | null>[] {
  return specOf(sortBy).keys.map((k) => sql<string | null>`(${k.expr})::text`);
}

export interface JobCursor {
  keys: (string | null)[];
  id: number;
}

/** Rows strictly after the cursor in the list's order. */
export function afterCursor(sortBy: number, sortOrder: number, c: JobCursor): SQL {
  const spec = specOf(sortBy);
  const op = sql.raw(sortOrder === SORT_ASC ? '>' : '<');
  const values = spec.keys.map((k, i) => sql`cast(${c.keys[i] ?? null} as ${sql.raw(k.type)})`);
  const tuple = (xs: SQL[]) => sql`(${sql.join(xs, sql`, `)})`;
  const after = sql`${tuple([...spec.keys.map((k) => k.expr), sql`${jobs.id}`])} ${op} ${tuple([...values, sql`${c.id}`])}`;
  if (!spec.nullable) return after;
  const first = spec.keys[0];
  if (!first) return after;
  // NULLs come last in both directions: after a NULL only NULLs follow (by id); after a value, NULLs still follow.
  if (c.keys[0] === null) return sql`(${first.expr} is null and ${jobs.id} ${op} ${c.id})`;
  return sql`(${after} or ${first.expr} is null)`;
}

// ---------------------------------------------------------------------------------------------------------
// Labels in SQL (the export formats in the database, so the stream only quotes)
// ---------------------------------------------------------------------------------------------------------

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const labelCase = (column: string, items: readonly { id: number; label: string }[]): SQL<string> =>
  sql<string>`${sql.raw(`(case ${column} ${items.map((i) => `when ${i.id} then ${quote(i.label)}`).join(' ')} else '' end)`)}`;

export const statusLabelSql = (): SQL<string> => labelCase('"jobs"."status"', JOB_STATUSES);
export const orderTypeNameSql = (): SQL<string> =>
  labelCase(
    '"jobs"."order_type"',
    ORDER_TYPES.map((t) => ({ id: t.id, label: t.name })),
  );

/** dd-MMM-yyyy hh:mm AM/PM (§9) in a time zone, '' when empty. */
export function displayDateTimeSql(column: TimeColumn, timeZone: string): SQL<string> {
  return sql<string>`coalesce(${displayDateTimeOrNullSql(column, timeZone)}, '')`;
}

/** As displayDateTimeSql, NULL when empty (COPY writes NULL as an empty cell). */
export function displayDateTimeOrNullSql(column: TimeColumn, timeZone: string): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone ${timeZone}, 'DD-Mon-YYYY HH12:MI AM')`;
}
