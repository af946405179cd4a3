import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format';

describe('date display (dd-MMM-yyyy in the user zone)', () => {
  const instant = new Date('2024-03-04T22:30:00Z');

  it('shows the calendar day of the given zone', () => {
    expect(formatDate(instant, 'Australia/Sydney')).toBe('05-Mar-2024');
    expect(formatDate(instant, 'America/New_York')).toBe('04-Mar-2024');
  });

  it('adds a 12-hour time', () => {
    expect(formatDateTime(instant, 'Australia/Sydney')).toBe('05-Mar-2024 09:30 AM');
    expect(formatDateTime('2024-12-31T13:05:00Z', 'UTC')).toBe('31-Dec-2024 01:05 PM');
    expect(formatTime('2024-12-31T00:15:00Z', 'UTC')).toBe('12:15 AM');
  });

  it('keeps a plain calendar date as it is, whatever the zone', () => {
    expect(formatDate('2024-01-09', 'Pacific/Honolulu')).toBe('09-Jan-2024');
    expect(formatDate('2024-01-09', 'Pacific/Auckland')).toBe('09-Jan-2024');
  });

  it('shows nothing for empty or invalid input', () => {
    expect(formatDate(null, 'UTC')).toBe('');
    expect(formatDate('', 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });

  it('falls back to UTC for an unknown zone instead of failing', () => {
    expect(formatDateTime(instant, 'Mars/Olympus')).toBe('04-Mar-2024 10:30 PM');
  });
});
