/** The one calendar-date check (lib/core/calendar-date.ts). */
import { describe, expect, it } from 'vitest';
import { addMonths, daysInMonth, isCalendarDate, isMonthKey, isRealDay, monthDays, monthSpan } from './calendar-date';

describe('calendar dates', () => {
  it.each([
    '2026-01-31',
    '2026-02-28',
    '2028-02-29',
    '2000-02-29',
    '2026-04-30',
    '2026-12-31',
    '0050-06-15',
    '9999-12-31',
  ])('%s is a real date', (s) => {
    expect(isCalendarDate(s)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2100-02-29',
    '2026-02-30',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-05',
    '26-01-05',
    ' 2026-01-05',
    '2026-01-05T00:00',
    '2026/01/05',
    '',
  ])('%j is not', (s) => {
    expect(isCalendarDate(s)).toBe(false);
  });

  it('days in a month and real days from parts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(isRealDay(2024, 2, 29)).toBe(true);
    expect(isRealDay(2026, 2, 29)).toBe(false);
    expect(isRealDay(2026, 1.5, 1)).toBe(false);
    expect(isRealDay(Number.NaN, 1, 1)).toBe(false);
  });

  it('months written yyyy-MM: the check, the arithmetic and their days', () => {
    expect(['2026-01', '2026-12', '0050-06'].every(isMonthKey)).toBe(true);
    expect(['2026-00', '2026-13', '2026-1', '26-01', '2026-01-01', ' 2026-01', ''].some(isMonthKey)).toBe(false);
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', -27)).toBe('2023-12');
    expect(monthSpan('2025-07', '2026-06')).toBe(12);
    expect(monthSpan('2026-03', '2026-03')).toBe(1);
    expect(monthSpan('2026-04', '2026-03')).toBe(0);
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDays('2026-11')).toEqual({ first: '2026-11-01', last: '2026-11-30' });
  });
});
