import { describe, expect, it } from 'vitest';
import { issueDateRange, minusDays, todayIn } from './issue-date';

describe('issue-date buckets', () => {
  it('take "today" from the user time zone', () => {
    const at = new Date('2026-03-31T14:30:00Z');
    expect(todayIn('Australia/Sydney', at)).toBe('2026-04-01');
    expect(todayIn('UTC', at)).toBe('2026-03-31');
    expect(todayIn('America/Los_Angeles', at)).toBe('2026-03-31');
    expect(todayIn('Not/AZone', at)).toBe('2026-03-31');
  });

  it.each([
    [0, null],
    [1, { from: '2026-02-24', to: '2026-03-02' }],
    [2, { from: '2026-02-01', to: '2026-03-02' }],
    [3, { from: '2025-12-03', to: '2026-03-02' }],
    [4, { from: '2026-03-01', to: '2026-03-31' }],
    [5, { from: '2026-02-01', to: '2026-02-28' }],
    [6, { from: '2026-01-01', to: '2026-12-31' }],
    [7, { from: '2025-01-01', to: '2025-12-31' }],
  ] as const)('bucket %i on 2026-03-02 is %j', (id, range) => {
    expect(issueDateRange(id, '2026-03-02')).toEqual(range);
  });

  it('handles January for "last month" and leap years', () => {
    expect(issueDateRange(5, '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(issueDateRange(5, '2028-03-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(minusDays('2026-01-01', 1)).toBe('2025-12-31');
  });
});
