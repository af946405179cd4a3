import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { displayDateTime } from './legacy';

describe('displayDateTime', () => {
  it('is dd-MMM-yyyy hh:mm AM/PM in the zone, as date-fns-tz formats it', () => {
    const zones = ['Australia/Sydney', 'Australia/Perth', 'Australia/Lord_Howe', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Asia/Kathmandu'];
    for (let t = Date.parse('2025-12-31T10:00:00Z'); t < Date.parse('2026-12-31T10:00:00Z'); t += 7 * 3_600_000 + 13 * 60_000) {
      for (const z of zones) expect(displayDateTime(new Date(t), z)).toBe(formatInTimeZone(new Date(t), z, 'dd-MMM-yyyy hh:mm a'));
    }
  });

  it('midnight and noon are 12 AM and 12 PM; empty is empty; an unknown zone shows UTC', () => {
    expect(displayDateTime(new Date('2026-03-09T13:00:00Z'), 'Australia/Sydney')).toBe('10-Mar-2026 12:00 AM');
    expect(displayDateTime(new Date('2026-03-10T01:05:00Z'), 'Australia/Sydney')).toBe('10-Mar-2026 12:05 PM');
    expect(displayDateTime(null, 'UTC')).toBe('');
    expect(displayDateTime(new Date('2026-03-10T01:05:00Z'), 'Mars/Base')).toBe('10-Mar-2026 01:05 AM');
  });
});
