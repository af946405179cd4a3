/**
 * The display formats of dates and instants (spec §9), shared by the web screens, the legacy answers, mail and
 * the staff pages: dd-MMM-yyyy hh:mm AM/PM and dd-MMM-yyyy in the viewer's time zone, and a calendar date as
 * dd-MMM-yyyy.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { wallClock } from '@/lib/zone-clock';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

const display = (y: number, month: number, d: number, hour: number, minute: number) => {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${pad2(d)}-${MONTHS[month - 1]}-${y} ${pad2(h12)}:${pad2(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
};

/**
 * dd-MMM-yyyy hh:mm AM/PM (§9) in `timeZone`; '' when empty. Lists format three dates per row: on a day the
 * zone keeps one offset (all but a couple a year) this is arithmetic on that offset, found once per zone and
 * day with one cached Intl formatter; on a day of change, the digits of that formatter's `format()`.
 */
export function displayDateTime(d: Date | null | undefined, timeZone: string): string {
  if (!d) return '';
  const w = wallClock(d.getTime(), timeZone);
  return w ? display(w.year, w.month, w.day, w.hour, w.minute) : '';
}

/** dd-MMM-yyyy in the viewer's time zone (spec §9). */
export function displayDate(d: Date, timeZone: string): string {
  try {
    return formatInTimeZone(d, timeZone, 'dd-MMM-yyyy');
  } catch {
    return formatInTimeZone(d, 'UTC', 'dd-MMM-yyyy');
  }
}

/** A calendar date yyyy-MM-dd as dd-MMM-yyyy (spec §9). */
export function displayCalendarDate(date: string | null): string {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) return '';
  return `${m[3]}-${MONTHS[Number(m[2]) - 1] ?? ''}-${m[1]}`;
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A month yyyy-MM as 'Nov 2026' (the reports' months and the lists' month filters). */
export function displayMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return MONTH_LABEL.format(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1));
}

/**
 * A range of months (yyyy-MM, '' for an open end) as a sentence continues it: 'in Mar 2026', 'from Jan 2026 to
 * Mar 2026', 'from Jan 2026', 'up to Mar 2026'; '' when both ends are open.
 */
export function displayMonthRange(from: string, to: string): string {
  if (from && to) return from === to ? `in ${displayMonth(from)}` : `from ${displayMonth(from)} to ${displayMonth(to)}`;
  if (from) return `from ${displayMonth(from)}`;
  return to ? `up to ${displayMonth(to)}` : '';
}
