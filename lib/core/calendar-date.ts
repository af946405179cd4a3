/**
 * The one check that a date is a real day of the calendar (2026-02-30 is not; 2028-02-29 is), for dates
 * written yyyy-MM-dd (invoices, the activity filter) and for a year, month and day already read from another
 * format (the job form's dd/MM/yyyy); and the months written yyyy-MM that the reports' period and the lists' month
 * filters take. Proleptic Gregorian, by arithmetic (no Date: Date.UTC reads years 0–99 as 1900–1999).
 *
 * This is the floor under the domains (lib/core): it imports no domain folder. Browser-safe.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The number of days of a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Is year-month-day (month 1–12) a real day of the calendar? */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A real calendar date written yyyy-MM-dd, exactly (no spaces, no time). */
export function isCalendarDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  return m !== null && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month written yyyy-MM, exactly ('2026-03'; not '2026-3' nor '2026-13'). */
export function isMonthKey(s: string): boolean {
  return MONTH.test(s);
}

/** The month `n` months after a yyyy-MM month (n may be negative), yyyy-MM. */
export function addMonths(month: string, n: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((((i % 12) + 12) % 12) + 1).padStart(2, '0')}`;
}

/** How many months from `from` to `to`, both included (0 or less when `to` comes first). */
export function monthSpan(from: string, to: string): number {
  const [fy = 0, fm = 1] = from.split('-').map(Number);
  const [ty = 0, tm = 1] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** The first and last day (yyyy-MM-dd) of a yyyy-MM month. */
export function monthDays(month: string): { first: string; last: string } {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}` };
}
