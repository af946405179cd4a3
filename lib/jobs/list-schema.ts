/**
 * The job list query (spec §3 "Job list query and answer", §2 sort columns, §9 sort and paging constants):
 *
 * - `jobListBodySchema`: the legacy PascalCase body of POST api/Job/JobsList/… and api/Job/ExportCSVJobs
 *   (wrong types, HTML and over-long filters answer 400 with field messages; unknown fields are ignored, as
 *   callers send extra ones);
 * - `JobListQuery`: the one internal form every service takes;
 * - `queryFromSearchParams` / `querySearchParams`: the /JobClient URL state (lenient: garbage falls back
 *   to the default, a page never fails on a hand-edited URL).
 *
 * Browser-safe (no server imports): the filter island builds URLs with the same names.
 */
import { z } from 'zod';
import { isMonthKey } from '@/lib/core/calendar-date';
import { JOB_STATUS_IDS, SORT_ASC, SORT_DESC } from '@/lib/reference';
import { FIELD_MSG, hasHtmlTag, hasNul } from '@/lib/validation';
import { timeBucketIds } from './time-filters';

/** Sort columns of §2 in their legacy numbers; 0 is the default order (time logged). */
export const JOB_SORT_COLUMNS = [
  { id: 0, label: 'Default' },
  { id: 1, label: 'Job number' },
  { id: 2, label: 'Matter/Ref' },
  { id: 3, label: 'Description' },
  { id: 4, label: 'Contact name' },
  { id: 5, label: 'Time logged' },
  { id: 6, label: 'Time due' },
  { id: 7, label: 'Time delivered' },
  { id: 8, label: 'Status' },
] as const;

export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number]['id'];
export const JOB_SORT_IDS: readonly number[] = JOB_SORT_COLUMNS.map((c) => c.id);
export const DEFAULT_JOB_SORT = 0;
export const DEFAULT_JOB_SORT_ORDER = SORT_DESC;
/** The longest text filter accepted. */
export const FILTER_MAX = 100;
/** The longest matter reference the matter filter takes (references are free text). */
export const MATTER_MAX = 200;

/**
 * The "what needs me" filters of the /JobClient strip, one at a time (URL `need`, body AttentionFilter):
 * - due24: open jobs (neither Delivered nor Cancelled) due within the next 24 hours;
 * - files: delivered jobs with a file to download (a deliverable);
 * - nofeedback: delivered jobs without feedback (feedback is open to them: lib/jobs/feedback.ts).
 * Overdue, waiting on the client, ready for collection and delivered in the last 7 days are the existing due,
 * status and delivered filters.
 */
export const JOB_ATTENTION = ['due24', 'files', 'nofeedback'] as const;
export type JobAttention = (typeof JOB_ATTENTION)[number];
export const JOB_ATTENTION_LABELS: Record<JobAttention, string> = {
  due24: 'Due within 24 hours',
  files: 'Delivered with files to download',
  nofeedback: 'Delivered without feedback',
};
/** What the "mine" filter shows, in the filter panel and above the list. */
export const MINE_LABEL = 'Only my jobs';
export const MINE_HINT = 'Jobs you ordered, or that name you as contact.';

const isAttention = (v: unknown): v is JobAttention =>
  typeof v === 'string' && (JOB_ATTENTION as readonly string[]).includes(v);

export interface JobListQuery {
  /** 'contains', case-insensitive; '' means no filter. */
  jmsNumber: string;
  matterReference: string;
  description: string;
  contactName: string;
  clientName: string;
  /** Time bucket ids (lib/jobs/time-filters.ts); 0 means Any. */
  timeCreated: number;
  timeDue: number;
  timeDelivered: number;
  /** Job status ids; empty means every status. Sorted, without duplicates. */
  statuses: number[];
  /** A "what needs me" filter ('' means none). */
  attention: JobAttention | '';
  /**
   * Only the viewer's own jobs: those they ordered, or that name them as contact by their e-mail address (the rule
   * of a user's "my jobs" alerts). Whose jobs those are comes from the session, never from the query.
   */
  mine: boolean;
  /** Exactly this matter reference ('' means any): the /Matter page's list (not a URL parameter of /JobClient). */
  matterExact: string;
  /**
   * Logged (created) from this month, and up to and including that month, in the user's time zone: 'YYYY-MM', ''
   * for an open end. The /Reports page's links set them: a month's jobs, or the period's.
   */
  loggedFrom: string;
  loggedTo: string;
  sortBy: number;
  sortOrder: 1 | 2;
}

export const DEFAULT_JOB_QUERY: JobListQuery = Object.freeze({
  jmsNumber: '',
  matterReference: '',
  description: '',
  contactName: '',
  clientName: '',
  timeCreated: 0,
  timeDue: 0,
  timeDelivered: 0,
  statuses: [],
  attention: '',
  mine: false,
  matterExact: '',
  loggedFrom: '',
  loggedTo: '',
  sortBy: DEFAULT_JOB_SORT,
  sortOrder: DEFAULT_JOB_SORT_ORDER,
}) as JobListQuery;

export function normaliseStatuses(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id) => JOB_STATUS_IDS.includes(id)))].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------------
// The legacy body
// ---------------------------------------------------------------------------------------------------------

const filterText = z
  .string({ error: 'must be text' })
  .max(FILTER_MAX, FIELD_MSG.tooLong(FILTER_MAX))
  .refine((s) => !hasHtmlTag(s), FIELD_MSG.htmlTags)
  .refine((s) => !hasNul(s), FIELD_MSG.nulCharacter)
  .nullish()
  .transform((v) => (v ?? '').trim());

/** A whole number (or its digits as text, as some callers send select values) among `allowed`. */
const oneOf = (allowed: readonly number[], fallback: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/, FIELD_MSG.invalidChoice)
        .transform(Number),
    ])
    .refine((n) => allowed.includes(n), FIELD_MSG.invalidChoice)
    .nullish()
    .transform((v) => v ?? fallback);

/** A month filter: 'YYYY-MM'; '' and null mean an open end. */
const LOGGED_MONTH_MSG = 'must be a month written YYYY-MM';
const monthFilter = z
  .string({ error: LOGGED_MONTH_MSG })
  .refine((s) => s === '' || isMonthKey(s), LOGGED_MONTH_MSG)
  .nullish()
  .transform((v) => v ?? '');

const statusId = z
  .number({ error: 'must be a job status id' })
  .int()
  .refine((n) => JOB_STATUS_IDS.includes(n), 'unknown job status');

const statusItem = z.union([
  statusId,
  z.object({ JobStatusId: statusId, JobStatus: z.string().max(50).optional() }).transform((s) => s.JobStatusId),
]);

/** Job numbers are text, but some callers send them as numbers. */
const jobNumberFilter = z
  .union([z.number().int().nonnegative().transform(String), z.string({ error: 'must be text' })])
  .nullish()
  .pipe(filterText);

export const jobListBodySchema = z
  .object({
    JMSNumber: jobNumberFilter,
    MatterReference: filterText,
    JobShortDescription: filterText,
    ContactName: filterText,
    ClientName: filterText,
    TimeCreatedFilter: oneOf(timeBucketIds('created'), 0),
    TimeDueFilter: oneOf(timeBucketIds('due'), 0),
    TimeDeliveredFilter: oneOf(timeBucketIds('delivered'), 0),
    JobStatusModel: z.array(statusItem).max(50).nullish(),
    AttentionFilter: z
      .string({ error: 'must be text' })
      .refine((v) => v === '' || isAttention(v), FIELD_MSG.invalidChoice)
      .nullish(),
    MyJobsOnly: z.boolean({ error: 'must be true or false' }).nullish(),
    MatterReferenceExact: z
      .string({ error: 'must be text' })
      .max(MATTER_MAX, FIELD_MSG.tooLong(MATTER_MAX))
      .refine((s) => !hasNul(s), FIELD_MSG.nulCharacter)
      .nullish(),
    LoggedFromMonth: monthFilter,
    LoggedToMonth: monthFilter,
    SortBy: oneOf(JOB_SORT_IDS, DEFAULT_JOB_SORT),
    SortOrder: oneOf([SORT_ASC, SORT_DESC], DEFAULT_JOB_SORT_ORDER),
  })
  .nullish()
  .transform((b): JobListQuery => ({
    jmsNumber: b?.JMSNumber ?? '',
    matterReference: b?.MatterReference ?? '',
    description: b?.JobShortDescription ?? '',
    contactName: b?.ContactName ?? '',
    clientName: b?.ClientName ?? '',
    timeCreated: b?.TimeCreatedFilter ?? 0,
    timeDue: b?.TimeDueFilter ?? 0,
    timeDelivered: b?.TimeDeliveredFilter ?? 0,
    statuses: normaliseStatuses(b?.JobStatusModel ?? []),
    attention: isAttention(b?.AttentionFilter) ? b.AttentionFilter : '',
    mine: b?.MyJobsOnly === true,
    matterExact: b?.MatterReferenceExact ?? '',
    loggedFrom: b?.LoggedFromMonth ?? '',
    loggedTo: b?.LoggedToMonth ?? '',
    sortBy: b?.SortBy ?? DEFAULT_JOB_SORT,
    sortOrder: b?.SortOrder === SORT_ASC ? SORT_ASC : SORT_DESC,
  }));

export type JobListBody = z.input<typeof jobListBodySchema>;

/** The legacy body of a query (what the Export button posts: exactly the list on screen). */
export function toJobListBody(q: JobListQuery): NonNullable<JobListBody> {
  return {
    JMSNumber: q.jmsNumber,
    MatterReference: q.matterReference,
    JobShortDescription: q.description,
    ContactName: q.contactName,
    ClientName: q.clientName,
    TimeCreatedFilter: q.timeCreated,
    TimeDueFilter: q.timeDue,
    TimeDeliveredFilter: q.timeDelivered,
    JobStatusModel: q.statuses.map((JobStatusId) => ({ JobStatusId })),
    ...(q.attention ? { AttentionFilter: q.attention } : {}),
    ...(q.mine ? { MyJobsOnly: true } : {}),
    ...(q.matterExact ? { MatterReferenceExact: q.matterExact } : {}),
    ...(q.loggedFrom ? { LoggedFromMonth: q.loggedFrom } : {}),
    ...(q.loggedTo ? { LoggedToMonth: q.loggedTo } : {}),
    SortBy: q.sortBy,
    SortOrder: q.sortOrder,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The /JobClient URL
// ---------------------------------------------------------------------------------------------------------

/** URL parameter names of the list state. */
export const JOB_PARAM = {
  jmsNumber: 'jms',
  matterReference: 'matter',
  description: 'desc',
  contactName: 'contact',
  clientName: 'client',
  timeCreated: 'created',
  timeDue: 'due',
  timeDelivered: 'delivered',
  statuses: 'status',
  attention: 'need',
  mine: 'mine',
  loggedFrom: 'loggedFrom',
  loggedTo: 'loggedTo',
  sortBy: 'sort',
  sortOrder: 'dir',
  page: 'page',
  pageSize: 'size',
} as const;

export const JOB_LIST_PARAM_NAMES: readonly string[] = Object.values(JOB_PARAM);

export interface ParamReader {
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
}

function cleanFilter(v: string | null): string {
  const s = (v ?? '').trim().slice(0, FILTER_MAX);
  return hasHtmlTag(s) || hasNul(s) ? '' : s;
}

const month = (v: string | null) => (v !== null && isMonthKey(v) ? v : '');

function pick(v: string | null, allowed: readonly number[], fallback: number): number {
  const n = Number(v);
  return v !== null && v !== '' && allowed.includes(n) ? n : fallback;
}

/** The query of a /JobClient URL; anything unusable falls back to the default. */
export function queryFromSearchParams(p: ParamReader): JobListQuery {
  return {
    jmsNumber: cleanFilter(p.get(JOB_PARAM.jmsNumber)),
    matterReference: cleanFilter(p.get(JOB_PARAM.matterReference)),
    description: cleanFilter(p.get(JOB_PARAM.description)),
    contactName: cleanFilter(p.get(JOB_PARAM.contactName)),
    clientName: cleanFilter(p.get(JOB_PARAM.clientName)),
    timeCreated: pick(p.get(JOB_PARAM.timeCreated), timeBucketIds('created'), 0),
    timeDue: pick(p.get(JOB_PARAM.timeDue), timeBucketIds('due'), 0),
    timeDelivered: pick(p.get(JOB_PARAM.timeDelivered), timeBucketIds('delivered'), 0),
    statuses: normaliseStatuses(
      p
        .getAll(JOB_PARAM.statuses)
        .flatMap((s) => s.split(','))
        .map(Number),
    ),
    attention: ((v) => (isAttention(v) ? v : ''))(p.get(JOB_PARAM.attention)),
    mine: p.get(JOB_PARAM.mine) === '1',
    matterExact: '',
    loggedFrom: month(p.get(JOB_PARAM.loggedFrom)),
    loggedTo: month(p.get(JOB_PARAM.loggedTo)),
    sortBy: pick(p.get(JOB_PARAM.sortBy), JOB_SORT_IDS, DEFAULT_JOB_SORT),
    sortOrder: p.get(JOB_PARAM.sortOrder) === '1' ? SORT_ASC : SORT_DESC,
  };
}

/** True when the URL carries any list state (then a saved preference is not applied). */
export function hasListParams(p: ParamReader): boolean {
  return JOB_LIST_PARAM_NAMES.some((n) => p.has(n));
}

/** The URL parameters of a list state; defaults are left out so URLs stay short. */
export function querySearchParams(q: JobListQuery, pageSize?: number, defaultPageSize = 10): [string, string][] {
  const out: [string, string][] = [];
  const text = (k: keyof typeof JOB_PARAM, v: string) => v && out.push([JOB_PARAM[k], v]);
  text('jmsNumber', q.jmsNumber);
  text('matterReference', q.matterReference);
  text('description', q.description);
  text('contactName', q.contactName);
  text('clientName', q.clientName);
  if (q.timeCreated) out.push([JOB_PARAM.timeCreated, String(q.timeCreated)]);
  if (q.timeDue) out.push([JOB_PARAM.timeDue, String(q.timeDue)]);
  if (q.timeDelivered) out.push([JOB_PARAM.timeDelivered, String(q.timeDelivered)]);
  for (const s of q.statuses) out.push([JOB_PARAM.statuses, String(s)]);
  if (q.attention) out.push([JOB_PARAM.attention, q.attention]);
  if (q.mine) out.push([JOB_PARAM.mine, '1']);
  text('loggedFrom', q.loggedFrom);
  text('loggedTo', q.loggedTo);
  if (q.sortBy !== DEFAULT_JOB_SORT || q.sortOrder !== DEFAULT_JOB_SORT_ORDER) {
    out.push([JOB_PARAM.sortBy, String(q.sortBy)], [JOB_PARAM.sortOrder, String(q.sortOrder)]);
  }
  if (pageSize !== undefined && pageSize !== defaultPageSize) out.push([JOB_PARAM.pageSize, String(pageSize)]);
  return out;
}

export function isDefaultQuery(q: JobListQuery): boolean {
  return querySearchParams(q).length === 0;
}

/** The {id} of the legacy job paths: a plain positive integer (the legacy callers' form). */
export const jobIdPathSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a job id (a whole number)')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'must be a job id (a whole number)'),
});
