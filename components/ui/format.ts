/**
 * Date display (spec §9): dd-MMM-yyyy, and dd-MMM-yyyy hh:mm a, in the user's IANA time zone.
 * Pure functions, safe in server and client components.
 */
import { formatInTimeZone } from 'date-fns-tz';

export const DISPLAY_DATE = 'dd-MMM-yyyy';
export const DISPLAY_DATE_TIME = 'dd-MMM-yyyy hh:mm a';
export const DISPLAY_TIME = 'hh:mm a';

export type DateValue = Date | string | number | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function toDate(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function inZone(d: Date, timeZone: string, pattern: string): string {
  try {
    return formatInTimeZone(d, timeZone, pattern);
  } catch {
    // An unknown zone id must not break a page: show UTC rather than nothing.
    return formatInTimeZone(d, 'UTC', pattern);
  }
}

/** dd-MMM-yyyy in `timeZone` ('' for empty or invalid). A plain 'yyyy-MM-dd' is a calendar date: shown as is. */
export function formatDate(value: DateValue, timeZone: string): string {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) {
      const [, y, mo, d] = m;
      const month = MONTHS[Number(mo) - 1];
      return month ? `${d}-${month}-${y}` : '';
    }
  }
  const d = toDate(value);
  return d ? inZone(d, timeZone, DISPLAY_DATE) : '';
}

/** dd-MMM-yyyy hh:mm AM/PM in `timeZone` ('' for empty or invalid). */
export function formatDateTime(value: DateValue, timeZone: string): string {
  const d = toDate(value);
  return d ? inZone(d, timeZone, DISPLAY_DATE_TIME) : '';
}

/** hh:mm AM/PM in `timeZone` ('' for empty or invalid). */
export function formatTime(value: DateValue, timeZone: string): string {
  const d = toDate(value);
  return d ? inZone(d, timeZone, DISPLAY_TIME) : '';
}

/** ISO string for a <time dateTime> attribute ('' for empty or invalid). */
export function isoOf(value: DateValue): string {
  const d = toDate(value);
  return d ? d.toISOString() : '';
}
