/**
 * Issue-date buckets as calendar-date ranges. An invoice's issue date is a calendar date, so the
 * buckets are evaluated on the calendar of the user's time zone: "today" is the date it is for the
 * user at now() (lib/clock), not the server's date.
 */
import { formatInTimeZone } from 'date-fns-tz';
import type { IssueDateFilterId } from './schema';

/** An inclusive range of calendar dates, yyyy-MM-dd; a missing end is open. */
export interface DateRange {
  from?: string;
  to?: string;
}

/** Today's date (yyyy-MM-dd) in `timeZone` at `at`; an unknown zone falls back to UTC. */
export function todayIn(timeZone: string, at: Date): string {
  try {
    return formatInTimeZone(at, timeZone, 'yyyy-MM-dd');
  } catch {
    return formatInTimeZone(at, 'UTC', 'yyyy-MM-dd');
  }
}

function parts(date: string): { y: number; m: number; d: number } {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return { y, m, d };
}

function iso(y: number, m: number, d: number): string {
  // Date.UTC normalises overflow (month 0, day 0...) so calendar arithmetic stays exact.
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/** The date `days` days before `date`. */
export function minusDays(date: string, days: number): string {
  const { y, m, d } = parts(date);
  return iso(y, m, d - days);
}

/** The range of an issue-date bucket relative to `today` (yyyy-MM-dd); null for Any. */
export function issueDateRange(id: IssueDateFilterId, today: string): DateRange | null {
  const { y, m } = parts(today);
  switch (id) {
    case 0:
      return null;
    case 1:
      return { from: minusDays(today, 6), to: today };
    case 2:
      return { from: minusDays(today, 29), to: today };
    case 3:
      return { from: minusDays(today, 89), to: today };
    case 4:
      return { from: iso(y, m, 1), to: iso(y, m + 1, 0) };
    case 5:
      return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
    case 6:
      return { from: iso(y, 1, 1), to: iso(y, 12, 31) };
    case 7:
      return { from: iso(y - 1, 1, 1), to: iso(y - 1, 12, 31) };
  }
}
