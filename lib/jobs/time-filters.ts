/**
 * The time filters of the job list (spec §3 TimeCreatedFilter, TimeDueFilter, TimeDeliveredFilter; §7
 * api/Job/TimeCreatedFilters, TimeDueFilters, TimeDeliveredFilters). Each filter is a bucket id; 0 is Any.
 *
 * Buckets are calendar ranges in the user's IANA time zone, evaluated against the injected clock: "Today" is
 * the user's midnight to the next midnight, "Last 7 days" is today and the six days before it, "Next 7 days"
 * is today and the six days after it, months are calendar months. A range is half-open [from, to).
 * Pure and browser-safe.
 */
import { addDays, isValidTimeZone, nowInTimeZone, toInstant, type CalendarDate } from './rules';

export interface TimeBucket {
  id: number;
  label: string;
}

export const ANY_TIME = 0;

export const TIME_CREATED_FILTERS = [
  { id: 0, label: 'Any' },
  { id: 1, label: 'Today' },
  { id: 2, label: 'Yesterday' },
  { id: 3, label: 'Last 7 days' },
  { id: 4, label: 'Last 30 days' },
  { id: 5, label: 'This month' },
  { id: 6, label: 'Last month' },
  { id: 7, label: 'Last 12 months' },
] as const satisfies readonly TimeBucket[];

export const TIME_DUE_FILTERS = [
  { id: 0, label: 'Any' },
  { id: 1, label: 'Overdue' },
  { id: 2, label: 'Today' },
  { id: 3, label: 'Tomorrow' },
  { id: 4, label: 'Next 7 days' },
  { id: 5, label: 'Next 30 days' },
  { id: 6, label: 'Yesterday' },
  { id: 7, label: 'Last 7 days' },
] as const satisfies readonly TimeBucket[];

export const TIME_DELIVERED_FILTERS = [
  { id: 0, label: 'Any' },
  { id: 1, label: 'Today' },
  { id: 2, label: 'Yesterday' },
  { id: 3, label: 'Last 7 days' },
  { id: 4, label: 'Last 30 days' },
  { id: 5, label: 'This month' },
  { id: 6, label: 'Last month' },
  { id: 7, label: 'Not delivered yet' },
] as const satisfies readonly TimeBucket[];

export type TimeFilterKind = 'created' | 'due' | 'delivered';

export const TIME_FILTERS: Record<TimeFilterKind, readonly TimeBucket[]> = {
  created: TIME_CREATED_FILTERS,
  due: TIME_DUE_FILTERS,
  delivered: TIME_DELIVERED_FILTERS,
};

export function timeBucketIds(kind: TimeFilterKind): number[] {
  return TIME_FILTERS[kind].map((b) => b.id);
}

export function timeBucketLabel(kind: TimeFilterKind, id: number): string {
  return TIME_FILTERS[kind].find((b) => b.id === id)?.label ?? 'Any';
}

/**
 * What a bucket means for the column: a half-open instant range, and/or a special condition.
 * - overdue: due before now and the job is neither delivered nor cancelled;
 * - missing: the column is empty (not delivered yet).
 */
export interface TimeRange {
  from?: Date;
  to?: Date;
  overdue?: true;
  missing?: true;
}

/**
 * The instant a calendar day starts in a zone. A pure function of the zone's rules, asked for the same few days by
 * every filtered list request, so its answers are kept (per instance, bounded; Dates are copied out).
 */
const dayStarts = new Map<string, number>();
function startOf(d: CalendarDate, tz: string): Date {
  const key = `${tz}|${d.year}-${d.month}-${d.day}`;
  let t = dayStarts.get(key);
  if (t === undefined) {
    t = toInstant({ date: d, minutes: 0 }, tz).getTime();
    if (dayStarts.size >= 5_000) dayStarts.clear();
    dayStarts.set(key, t);
  }
  return new Date(t);
}
const firstOfMonth = (d: CalendarDate): CalendarDate => ({ year: d.year, month: d.month, day: 1 });
const monthsLater = (d: CalendarDate, n: number): CalendarDate => {
  const m = d.year * 12 + (d.month - 1) + n;
  return { year: Math.floor(m / 12), month: (m % 12) + 1, day: 1 };
};

/** Days [today + fromDays, today + toDays) in the zone. */
function days(today: CalendarDate, fromDays: number, toDays: number, tz: string): TimeRange {
  return { from: startOf(addDays(today, fromDays), tz), to: startOf(addDays(today, toDays), tz) };
}

function months(today: CalendarDate, fromMonths: number, toMonths: number, tz: string): TimeRange {
  const first = firstOfMonth(today);
  return { from: startOf(monthsLater(first, fromMonths), tz), to: startOf(monthsLater(first, toMonths), tz) };
}

/**
 * The range of a bucket at `now` in `timeZone`; null for Any (0) and for unknown ids (callers validate ids
 * with the list schema, so an unknown id here never narrows the list by accident).
 */
export function timeRange(kind: TimeFilterKind, id: number, now: Date, timeZone: string): TimeRange | null {
  if (id === ANY_TIME) return null;
  const tz = safeZone(timeZone);
  const today = nowInTimeZone(now, tz).date;
  if (kind === 'due') {
    switch (id) {
      case 1:
        return { to: now, overdue: true };
      case 2:
        return days(today, 0, 1, tz);
      case 3:
        return days(today, 1, 2, tz);
      case 4:
        return days(today, 0, 7, tz);
      case 5:
        return days(today, 0, 30, tz);
      case 6:
        return days(today, -1, 0, tz);
      case 7:
        return days(today, -6, 1, tz);
      default:
        return null;
    }
  }
  switch (id) {
    case 1:
      return days(today, 0, 1, tz);
    case 2:
      return days(today, -1, 0, tz);
    case 3:
      return days(today, -6, 1, tz);
    case 4:
      return days(today, -29, 1, tz);
    case 5:
      return months(today, 0, 1, tz);
    case 6:
      return months(today, -1, 0, tz);
    case 7:
      return kind === 'delivered' ? { missing: true } : months(today, -11, 1, tz);
    default:
      return null;
  }
}

/**
 * Months 'YYYY-MM' from `from` up to and including `to` in the zone, as instants [from, to); '' leaves that end
 * open. The job list's logged-months filter: the same months as the /Reports page counts its jobs in.
 */
export function monthsRange(from: string, to: string, timeZone: string): TimeRange {
  const tz = safeZone(timeZone);
  const first = (month: string): CalendarDate => {
    const [year = 1970, m = 1] = month.split('-').map(Number);
    return { year, month: m, day: 1 };
  };
  return {
    ...(from ? { from: startOf(first(from), tz) } : {}),
    ...(to ? { to: startOf(monthsLater(first(to), 1), tz) } : {}),
  };
}

function safeZone(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}
