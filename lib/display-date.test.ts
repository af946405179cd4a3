import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { displayDateTime } from '@/lib/display-date';

describe('displayDateTime', () => {
  it('is dd-MMM-yyyy hh:mm AM/PM in the zone, as date-fns-tz formats it', () => {
    const zones = [
      'Australia/Sydney',
      'Australia/Perth',
      'Australia/Lord_Howe',
      'America/New_York',
      'UTC',
      'Asia/Kolkata',
      'Asia/Kathmandu',
    ];
    for (
      let t = Date.parse('2025-12-31T10:00:00Z');
      t < Date.parse('2026-12-31T10:00:00Z');
      t += 7 * 3_600_000 + 13 * 60_000
    ) {
      for (const z of zones)
        expect(displayDateTime(new Date(t), z)).toBe(formatInTimeZone(new Date(t), z, 'dd-MMM-yyyy hh:mm a'));
    }
  });

  it('is exact minute by minute through the days a zone changes its offset (and the days either side)', () => {
    const days: [string, string][] = [
      ['Australia/Sydney', '2026-04-04T00:00:00Z'],
      ['Australia/Sydney', '2026-10-03T00:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T00:00:00Z'],
      ['America/New_York', '2026-03-07T00:00:00Z'],
      ['America/New_York', '2026-10-31T00:00:00Z'],
      ['Europe/London', '2026-03-28T00:00:00Z'],
    ];
    for (const [z, from] of days) {
      const start = Date.parse(from);
      for (let t = start; t < start + 3 * 86_400_000; t += 60_000 + 1_234) {
        expect(displayDateTime(new Date(t), z)).toBe(formatInTimeZone(new Date(t), z, 'dd-MMM-yyyy hh:mm a'));
      }
    }
  });

  it('midnight and noon are 12 AM and 12 PM; empty is empty; an unknown zone shows UTC', () => {
    expect(displayDateTime(new Date('2026-03-09T13:00:00Z'), 'Australia/Sydney')).toBe('10-Mar-2026 12:00 AM');
    expect(displayDateTime(new Date('2026-03-10T01:05:00Z'), 'Australia/Sydney')).toBe('10-Mar-2026 12:05 PM');
    expect(displayDateTime(null, 'UTC')).toBe('');
    expect(displayDateTime(new Date('2026-03-10T01:05:00Z'), 'Mars/Base')).toBe('10-Mar-2026 01:05 AM');
  });
});
