import { describe, expect, it } from 'vitest';
import { TIME_CREATED_FILTERS, TIME_DELIVERED_FILTERS, TIME_DUE_FILTERS, timeRange } from './time-filters';

// 10 March 2026, 13:00 in Sydney (UTC+11); 9 March 2026, 21:00 in Los Angeles (UTC-7).
const NOW = new Date('2026-03-10T02:00:00Z');
const iso = (r: ReturnType<typeof timeRange>) =>
  r ? { from: r.from?.toISOString(), to: r.to?.toISOString(), overdue: r.overdue, missing: r.missing } : null;

describe('time buckets', () => {
  it('offer Any first, with distinct ids', () => {
    for (const list of [TIME_CREATED_FILTERS, TIME_DUE_FILTERS, TIME_DELIVERED_FILTERS]) {
      expect(list[0]).toEqual({ id: 0, label: 'Any' });
      expect(new Set(list.map((b) => b.id)).size).toBe(list.length);
    }
  });

  it('are calendar days in the user’s zone', () => {
    expect(iso(timeRange('created', 1, NOW, 'Australia/Sydney'))).toMatchObject({
      from: '2026-03-09T13:00:00.000Z',
      to: '2026-03-10T13:00:00.000Z',
    });
    expect(iso(timeRange('created', 1, NOW, 'America/Los_Angeles'))).toMatchObject({
      from: '2026-03-09T07:00:00.000Z',
      to: '2026-03-10T07:00:00.000Z',
    });
    expect(iso(timeRange('created', 2, NOW, 'Australia/Sydney'))).toMatchObject({
      from: '2026-03-08T13:00:00.000Z',
      to: '2026-03-09T13:00:00.000Z',
    });
    expect(iso(timeRange('created', 3, NOW, 'Australia/Sydney'))).toMatchObject({
      from: '2026-03-03T13:00:00.000Z',
      to: '2026-03-10T13:00:00.000Z',
    });
    expect(iso(timeRange('due', 3, NOW, 'Australia/Sydney'))).toMatchObject({
      from: '2026-03-10T13:00:00.000Z',
      to: '2026-03-11T13:00:00.000Z',
    });
  });

  it('follow daylight saving changes (Sydney leaves DST on 5 April 2026)', () => {
    const r = timeRange('due', 5, NOW, 'Australia/Sydney');
    // 9 April 00:00 is AEST (UTC+10).
    expect(r?.to?.toISOString()).toBe('2026-04-08T14:00:00.000Z');
  });

  it('months are calendar months', () => {
    expect(iso(timeRange('created', 5, NOW, 'Australia/Sydney'))).toMatchObject({
      from: '2026-02-28T13:00:00.000Z',
      to: '2026-03-31T13:00:00.000Z',
    });
    expect(iso(timeRange('delivered', 6, new Date('2026-01-15T00:00:00Z'), 'UTC'))).toMatchObject({
      from: '2025-12-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
  });

  it('overdue is "due before now"; not delivered is "no delivery time"; Any and unknown ids are no filter', () => {
    expect(timeRange('due', 1, NOW, 'Australia/Sydney')).toEqual({ to: NOW, overdue: true });
    expect(timeRange('delivered', 7, NOW, 'Australia/Sydney')).toEqual({ missing: true });
    expect(timeRange('created', 0, NOW, 'Australia/Sydney')).toBeNull();
    expect(timeRange('created', 99, NOW, 'Australia/Sydney')).toBeNull();
  });

  it('an unknown zone falls back to UTC instead of failing the list', () => {
    expect(iso(timeRange('created', 1, NOW, 'Mars/Olympus'))).toMatchObject({ from: '2026-03-10T00:00:00.000Z' });
  });
});
