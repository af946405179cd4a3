/**
 * The one check that a date is a real day of the calendar (2026-02-30 is not; 2028-02-29 is), for dates
 * written yyyy-MM-dd (invoices, the activity filter) and for a year, month and day already read from another
 * format (the job form's dd/MM/yyyy). Proleptic Gregorian, by arithmetic (no Date: Date.UTC reads years
 * 0–99 as 1900–1999).
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
