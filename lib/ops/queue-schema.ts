/**
 * The staff job queue across all clients: its query, URL state and export body. Browser-safe (the
 * filter island builds URLs with the same names). Filters: client, status (several), order type, due (overdue,
 * today, this week), logged today and owner (mine, a staff user, unassigned open jobs; the overview's
 * links) and one text box ('contains' in the job number, matter reference, description or contact name). Sorts:
 * the job list's numbers (lib/jobs/list-schema.ts) that make sense across clients.
 */
import { z } from 'zod';
import { FILTER_MAX, normaliseStatuses } from '@/lib/jobs/list-schema';
import { addDays, nowInTimeZone, toInstant, type CalendarDate } from '@/lib/jobs/rules';
import { ORDER_TYPES, SORT_ASC, SORT_DESC } from '@/lib/reference';
import { FIELD_MSG, hasHtmlTag, hasNul } from '@/lib/validation-rules';

export const QUEUE_SORTS = [
  { id: 0, label: 'Default (newest first)' },
  { id: 1, label: 'Job number' },
  { id: 5, label: 'Time logged' },
  { id: 6, label: 'Time due' },
  { id: 8, label: 'Status' },
] as const;
export const QUEUE_SORT_IDS: readonly number[] = QUEUE_SORTS.map((s) => s.id);

export const DUE_FILTERS = [
  { id: '', label: 'Any time' },
  { id: 'overdue', label: 'Overdue' },
  { id: 'today', label: 'Due today' },
  { id: 'week', label: 'Due this week' },
] as const;
export type DueFilter = (typeof DUE_FILTERS)[number]['id'];
const DUE_IDS: readonly string[] = DUE_FILTERS.map((d) => d.id);

const ORDER_TYPE_IDS: readonly number[] = ORDER_TYPES.map((t) => t.id);

/** "Logged": jobs received (created) today in the staff member's zone (the overview's "Submitted today"). */
export const LOGGED_FILTERS = [
  { id: '', label: 'Any time' },
  { id: 'today', label: 'Logged today' },
] as const;
export type LoggedFilter = (typeof LOGGED_FILTERS)[number]['id'];

/**
 * Who owns the job: '' anyone; 'mine' the staff member looking; 'none' open jobs nobody owns (the work
 * to hand out; Delivered and Cancelled jobs need no owner); or a staff user's id as text.
 */
export type AssigneeFilter = '' | 'mine' | 'none' | `${number}`;
export const ASSIGNEE_MINE = 'mine';
export const ASSIGNEE_NONE = 'none';
export function isAssigneeFilter(v: string): v is AssigneeFilter {
  return (
    v === '' || v === ASSIGNEE_MINE || v === ASSIGNEE_NONE || (/^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647)
  );
}

export interface QueueQuery {
  /** One client, or null for every client. */
  clientId: number | null;
  /** Job status ids; empty means every status. */
  statuses: number[];
  orderType: number | null;
  due: DueFilter;
  logged: LoggedFilter;
  assignee: AssigneeFilter;
  /** 'contains' in job number, matter reference, description or contact name; '' for none. */
  text: string;
  sortBy: number;
  sortOrder: 1 | 2;
}

export const DEFAULT_QUEUE_QUERY: QueueQuery = Object.freeze({
  clientId: null,
  statuses: [],
  orderType: null,
  due: '',
  logged: '',
  assignee: '',
  text: '',
  sortBy: 0,
  sortOrder: SORT_DESC,
}) as QueueQuery;

/** URL parameter names of the queue. */
export const QUEUE_PARAM = {
  clientId: 'client',
  statuses: 'status',
  orderType: 'type',
  due: 'due',
  logged: 'logged',
  assignee: 'owner',
  text: 'q',
  sortBy: 'sort',
  sortOrder: 'dir',
  page: 'page',
  pageSize: 'size',
} as const;
export const QUEUE_PARAM_NAMES: readonly string[] = Object.values(QUEUE_PARAM);

export interface ParamReader {
  get(name: string): string | null;
  getAll(name: string): string[];
}

const positiveId = (v: string | null): number | null =>
  v !== null && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;

function cleanText(v: string | null): string {
  const s = (v ?? '').trim().slice(0, FILTER_MAX);
  return hasHtmlTag(s) || hasNul(s) ? '' : s;
}

/** The query of a queue URL; anything unusable falls back to the default (a hand-edited URL never fails). */
export function queueFromSearchParams(p: ParamReader): QueueQuery {
  const type = Number(p.get(QUEUE_PARAM.orderType));
  const sort = Number(p.get(QUEUE_PARAM.sortBy));
  const due = p.get(QUEUE_PARAM.due) ?? '';
  const assignee = p.get(QUEUE_PARAM.assignee) ?? '';
  return {
    clientId: positiveId(p.get(QUEUE_PARAM.clientId)),
    statuses: normaliseStatuses(
      p
        .getAll(QUEUE_PARAM.statuses)
        .flatMap((s) => s.split(','))
        .map(Number),
    ),
    orderType: ORDER_TYPE_IDS.includes(type) ? type : null,
    due: (DUE_IDS.includes(due) ? due : '') as DueFilter,
    logged: p.get(QUEUE_PARAM.logged) === 'today' ? 'today' : '',
    assignee: isAssigneeFilter(assignee) ? assignee : '',
    text: cleanText(p.get(QUEUE_PARAM.text)),
    sortBy: p.get(QUEUE_PARAM.sortBy) !== null && QUEUE_SORT_IDS.includes(sort) ? sort : 0,
    sortOrder: p.get(QUEUE_PARAM.sortOrder) === '1' ? SORT_ASC : SORT_DESC,
  };
}

/** The URL parameters of a queue state; defaults are left out so URLs stay short. */
export function queueSearchParams(q: QueueQuery): [string, string][] {
  const out: [string, string][] = [];
  if (q.clientId !== null) out.push([QUEUE_PARAM.clientId, String(q.clientId)]);
  for (const s of q.statuses) out.push([QUEUE_PARAM.statuses, String(s)]);
  if (q.orderType !== null) out.push([QUEUE_PARAM.orderType, String(q.orderType)]);
  if (q.due) out.push([QUEUE_PARAM.due, q.due]);
  if (q.logged) out.push([QUEUE_PARAM.logged, q.logged]);
  if (q.assignee) out.push([QUEUE_PARAM.assignee, q.assignee]);
  if (q.text) out.push([QUEUE_PARAM.text, q.text]);
  if (q.sortBy !== 0 || q.sortOrder !== SORT_DESC)
    out.push([QUEUE_PARAM.sortBy, String(q.sortBy)], [QUEUE_PARAM.sortOrder, String(q.sortOrder)]);
  return out;
}

/** An option of the queue's client filter, as the page sends it: a suspended client is marked, the others are not. */
export interface QueueClientOption {
  id: number;
  name: string;
  suspended?: true;
}

/** The body the Export button posts (exactly the queue on screen) and the export endpoint parses strictly. */
export const queueExportBodySchema = z
  .strictObject({
    ClientId: z.number().int().positive().max(2_147_483_647).nullish(),
    Statuses: z.array(z.number().int()).max(50).nullish(),
    OrderType: z
      .number()
      .int()
      .refine((n) => ORDER_TYPE_IDS.includes(n), FIELD_MSG.invalidChoice)
      .nullish(),
    Due: z.enum(['', 'overdue', 'today', 'week'], { error: FIELD_MSG.invalidChoice }).nullish(),
    Logged: z.enum(['', 'today'], { error: FIELD_MSG.invalidChoice }).nullish(),
    Assignee: z.string().refine(isAssigneeFilter, FIELD_MSG.invalidChoice).nullish(),
    Text: z
      .string()
      .max(FILTER_MAX, FIELD_MSG.tooLong(FILTER_MAX))
      .refine((s) => !hasHtmlTag(s), FIELD_MSG.htmlTags)
      .refine((s) => !hasNul(s), FIELD_MSG.nulCharacter)
      .nullish(),
    SortBy: z
      .number()
      .int()
      .refine((n) => QUEUE_SORT_IDS.includes(n), FIELD_MSG.invalidChoice)
      .nullish(),
    SortOrder: z.union([z.literal(SORT_ASC), z.literal(SORT_DESC)]).nullish(),
    /** Export only these jobs of the queue (the ticked ones); absent: every matching job. */
    JobIds: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(500).nullish(),
  })
  .transform((b): QueueQuery & { jobIds: number[] | null } => ({
    jobIds: b.JobIds ?? null,
    clientId: b.ClientId ?? null,
    statuses: normaliseStatuses(b.Statuses ?? []),
    orderType: b.OrderType ?? null,
    due: b.Due ?? '',
    logged: b.Logged ?? '',
    assignee: (b.Assignee ?? '') as AssigneeFilter,
    text: (b.Text ?? '').trim(),
    sortBy: b.SortBy ?? 0,
    sortOrder: b.SortOrder ?? SORT_DESC,
  }));
export type QueueExportBody = z.input<typeof queueExportBodySchema>;

export function toQueueExportBody(q: QueueQuery): QueueExportBody {
  return {
    ClientId: q.clientId,
    Statuses: q.statuses,
    OrderType: q.orderType,
    Due: q.due,
    Logged: q.logged,
    Assignee: q.assignee,
    Text: q.text,
    SortBy: q.sortBy,
    SortOrder: q.sortOrder,
  };
}

/** What the logged filter means at `now` in the staff member's zone: created from the start of today. */
export function loggedRange(logged: LoggedFilter, now: Date, timeZone: string): { from: Date; to: Date } | null {
  if (!logged) return null;
  const today = nowInTimeZone(now, timeZone).date;
  return {
    from: toInstant({ date: today, minutes: 0 }, timeZone),
    to: toInstant({ date: addDays(today, 1), minutes: 0 }, timeZone),
  };
}

/** What a due filter means at `now` in the staff member's zone. Overdue: due before now, neither delivered nor cancelled. */
export function dueRange(
  due: DueFilter,
  now: Date,
  timeZone: string,
): { from?: Date; to?: Date; overdue?: true } | null {
  if (!due) return null;
  if (due === 'overdue') return { to: now, overdue: true };
  const today = nowInTimeZone(now, timeZone).date;
  const start = (d: CalendarDate) => toInstant({ date: d, minutes: 0 }, timeZone);
  if (due === 'today') return { from: start(today), to: start(addDays(today, 1)) };
  // This week: Monday to Sunday of the current week.
  const weekday = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  return { from: start(monday), to: start(addDays(monday, 7)) };
}
