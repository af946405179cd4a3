import { describe, expect, it } from 'vitest';
import { JOB_STATUS_IDS } from '@/lib/reference';
import { nextDigestAt } from './alerts';
import { allowedNextStatuses, canTransition, statusChangeSchema, STATUS, TRANSITIONS } from './workflow-rules';

describe('job workflow rules (spec §4)', () => {
  it('names every one of the 13 statuses, and only those', () => {
    expect(
      Object.keys(TRANSITIONS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...JOB_STATUS_IDS].sort((a, b) => a - b));
    for (const to of Object.values(TRANSITIONS).flat()) expect(JOB_STATUS_IDS).toContain(to);
  });

  it('runs the main line from Cost Estimate to Delivered, and the staff e2e path', () => {
    const line = [15, 12, 6, 9, 1, 2, 7, 4, 14, 8];
    for (let i = 1; i < line.length; i++)
      expect(canTransition(line[i - 1]!, line[i]!), `${line[i - 1]} → ${line[i]}`).toBe(true);
    expect(
      canTransition(STATUS.submitted, STATUS.started) &&
        canTransition(STATUS.started, STATUS.readyForDelivery) &&
        canTransition(STATUS.readyForDelivery, STATUS.delivered),
    ).toBe(true);
  });

  it('Delivered is final; Cancelled can only be undone to Submitted; nothing moves to itself', () => {
    expect(allowedNextStatuses(STATUS.delivered)).toEqual([]);
    expect(allowedNextStatuses(STATUS.cancelled)).toEqual([STATUS.submitted]);
    for (const s of JOB_STATUS_IDS) expect(canTransition(s, s)).toBe(false);
  });

  it('On Hold pauses any open job and resumes it at any open step; a delivered or cancelled job cannot be put on hold', () => {
    for (const s of [12, 6, 9, 1, 2, 7, 4, 14]) {
      expect(canTransition(s, STATUS.onHold)).toBe(true);
      expect(canTransition(STATUS.onHold, s)).toBe(true);
    }
    expect(canTransition(STATUS.delivered, STATUS.onHold)).toBe(false);
    expect(canTransition(STATUS.cancelled, STATUS.onHold)).toBe(false);
  });

  it('refuses skipping backwards through the line (Started → Submitted, Delivered → Started)', () => {
    expect(canTransition(STATUS.started, STATUS.submitted)).toBe(false);
    expect(canTransition(STATUS.delivered, STATUS.started)).toBe(false);
    expect(canTransition(STATUS.submitted, STATUS.delivered)).toBe(false);
  });

  it('the input: a known status, an optional comment without HTML, client-visible by default', () => {
    expect(statusChangeSchema.parse({ toStatus: '2' })).toEqual({ toStatus: 2, comment: '', visibility: 'client' });
    expect(
      statusChangeSchema.parse({
        toStatus: 8,
        comment: '  Handed over  ',
        visibility: 'internal',
        expectedStatus: '4',
      }),
    ).toEqual({
      toStatus: 8,
      comment: 'Handed over',
      visibility: 'internal',
      expectedStatus: 4,
    });
    expect(statusChangeSchema.safeParse({ toStatus: 99 }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ toStatus: 2, comment: '<b>x</b>' }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ toStatus: 2, comment: '   ' }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ toStatus: 2, comment: 'x'.repeat(1001) }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ toStatus: 2, visibility: 'everyone' }).success).toBe(false);
  });
});

describe('nextDigestAt: the next 08:00 in the user’s zone', () => {
  it('later the same day, or the next morning', () => {
    // 06:30 in Sydney (AEDT, UTC+11) → 08:00 the same day.
    expect(nextDigestAt(new Date('2026-11-23T19:30:00Z'), 'Australia/Sydney').toISOString()).toBe(
      '2026-11-23T21:00:00.000Z',
    );
    // 08:00 exactly → tomorrow.
    expect(nextDigestAt(new Date('2026-11-23T21:00:00Z'), 'Australia/Sydney').toISOString()).toBe(
      '2026-11-24T21:00:00.000Z',
    );
    // 15:00 in Perth (UTC+8) → 08:00 next day.
    expect(nextDigestAt(new Date('2026-11-24T07:00:00Z'), 'Australia/Perth').toISOString()).toBe(
      '2026-11-25T00:00:00.000Z',
    );
  });
  it('across a daylight-saving change (Sydney, 4 October 2026: 02:00 → 03:00)', () => {
    // 12:00 on 3 October (AEST, UTC+10) → 08:00 on 4 October, already AEDT (UTC+11).
    expect(nextDigestAt(new Date('2026-10-03T02:00:00Z'), 'Australia/Sydney').toISOString()).toBe(
      '2026-10-03T21:00:00.000Z',
    );
    // And back (5 April 2026: 03:00 → 02:00): 12:00 on 4 April (AEDT) → 08:00 on 5 April (AEST, UTC+10).
    expect(nextDigestAt(new Date('2026-04-04T01:00:00Z'), 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T22:00:00.000Z',
    );
  });
});
