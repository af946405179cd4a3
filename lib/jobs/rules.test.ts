import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import {
  defaultDue,
  defaultDueInputs,
  defaultReadyInputs,
  formatTimeInput,
  isAfterHours,
  isDueWithinWarningWindow,
  nowInTimeZone,
  parseDateInput,
  parseTimeInput,
  parseWallClock,
  readyDueProblems,
  refreshedDefaultTimes,
  toInstant,
} from './rules';
import { JOB_MSG, makeJobStepOneSchema } from './schema';

const SYD = 'Australia/Sydney';

describe('date and time inputs (§9: dd/MM/yyyy, 12-hour hh:mm AM/PM in 15-minute steps)', () => {
  it.each([
    ['04/03/2025', { day: 4, month: 3, year: 2025 }],
    ['29/02/2024', { day: 29, month: 2, year: 2024 }],
    ['29/02/2025', null],
    ['31/04/2025', null],
    ['4/3/2025', null],
    ['2025-03-04', null],
    ['00/03/2025', null],
  ])('date %s', (input, expected) => {
    expect(parseDateInput(input)).toEqual(expected);
  });

  it.each([
    ['12:00 AM', 0],
    ['12:15 AM', 15],
    ['09:45 AM', 9 * 60 + 45],
    ['9:45 am', 9 * 60 + 45],
    ['12:00 PM', 12 * 60],
    ['11:45 PM', 23 * 60 + 45],
    ['10:10 AM', null],
    ['13:00 PM', null],
    ['00:15 AM', null],
    ['10:00', null],
  ])('time %s', (input, expected) => {
    expect(parseTimeInput(input)).toBe(expected);
  });

  it('formats times back to the picker form', () => {
    expect([0, 15, 9 * 60, 12 * 60 + 30, 23 * 60 + 45].map(formatTimeInput)).toEqual([
      '12:00 AM',
      '12:15 AM',
      '09:00 AM',
      '12:30 PM',
      '11:45 PM',
    ]);
  });
});

describe('now in the user time zone', () => {
  it('reads the wall clock of the zone, not of the machine (Sydney vs UTC near midnight)', () => {
    const now = new Date('2025-01-05T22:30:00Z');
    expect(nowInTimeZone(now, SYD)).toEqual({
      date: { year: 2025, month: 1, day: 6 },
      minutes: 9 * 60 + 30,
      weekday: 1,
    });
    expect(nowInTimeZone(now, 'UTC')).toEqual({
      date: { year: 2025, month: 1, day: 5 },
      minutes: 22 * 60 + 30,
      weekday: 7,
    });
  });

  it('agrees with date-fns-tz every 97 minutes through a year, in zones with and without daylight saving', () => {
    const zones = [
      SYD,
      'UTC',
      'America/New_York',
      'Europe/London',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ];
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (const zone of zones) {
      for (let t = start; t < start + 366 * 86_400_000; t += 97 * 60_000) {
        const [y, mo, d, h, mi, wd] = formatInTimeZone(t, zone, 'yyyy M d H m i').split(' ').map(Number);
        expect(nowInTimeZone(new Date(t), zone), `${zone} ${new Date(t).toISOString()}`).toEqual({
          date: { year: y, month: mo, day: d },
          minutes: (h ?? 0) * 60 + (mi ?? 0),
          weekday: wd,
        });
      }
    }
  });

  it('converts a wall-clock time in the zone to an instant (daylight saving included)', () => {
    expect(toInstant({ date: { year: 2025, month: 1, day: 6 }, minutes: 570 }, SYD).toISOString()).toBe(
      '2025-01-05T22:30:00.000Z',
    );
    expect(toInstant({ date: { year: 2025, month: 6, day: 6 }, minutes: 570 }, SYD).toISOString()).toBe(
      '2025-06-05T23:30:00.000Z',
    );
  });

  it('rejects an unknown zone', () => {
    expect(() => nowInTimeZone(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('after-hours window (§9, decision 001: weekdays 07:00–15:59 in the user zone, always on weekends)', () => {
  // Tuesday 4 March 2025 in Sydney is UTC+11 (AEDT).
  it.each([
    ['Tue 06:59', '2025-03-03T19:59:00Z', SYD, true],
    ['Tue 07:00', '2025-03-03T20:00:00Z', SYD, false],
    ['Tue 12:00', '2025-03-04T01:00:00Z', SYD, false],
    ['Tue 15:59', '2025-03-04T04:59:00Z', SYD, false],
    ['Tue 16:00', '2025-03-04T05:00:00Z', SYD, true],
    ['Tue 23:30', '2025-03-04T12:30:00Z', SYD, true],
    ['Sat 10:00', '2025-03-07T23:00:00Z', SYD, true],
    ['Sun 12:00', '2025-03-09T01:00:00Z', SYD, true],
    ['Mon 09:30 Sydney = Sun 22:30 UTC (Sydney user)', '2025-01-05T22:30:00Z', SYD, false],
    ['Mon 09:30 Sydney = Sun 22:30 UTC (UTC user)', '2025-01-05T22:30:00Z', 'UTC', true],
    ['Fri 15:59 Sydney = Fri 04:59 UTC (UTC user)', '2025-03-07T04:59:00Z', 'UTC', true],
  ])('%s → after hours: %s', (_label, iso, zone, expected) => {
    expect(isAfterHours(new Date(iso), zone)).toBe(expected);
  });
});

describe('default due time (§9: on the next hour when the ready minute is 0, else the hour after the next)', () => {
  it.each([
    ['04/03/2025', '09:00 AM', '04/03/2025', '10:00 AM'],
    ['04/03/2025', '09:15 AM', '04/03/2025', '11:00 AM'],
    ['04/03/2025', '09:30 AM', '04/03/2025', '11:00 AM'],
    ['04/03/2025', '09:45 AM', '04/03/2025', '11:00 AM'],
    ['04/03/2025', '11:00 AM', '04/03/2025', '12:00 PM'],
    ['04/03/2025', '10:45 PM', '05/03/2025', '12:00 AM'],
    ['04/03/2025', '11:00 PM', '05/03/2025', '12:00 AM'],
    ['04/03/2025', '11:15 PM', '05/03/2025', '01:00 AM'],
    ['31/12/2025', '11:30 PM', '01/01/2026', '01:00 AM'],
  ])('ready %s %s → due %s %s', (dr, tr, dd, td) => {
    expect(defaultDueInputs(dr, tr)).toEqual({ dateDueInput: dd, timeDueInput: td });
  });

  it('gives nothing for invalid ready inputs', () => {
    expect(defaultDueInputs('31/02/2025', '09:00 AM')).toBeNull();
    expect(defaultDueInputs('04/03/2025', '09:07 AM')).toBeNull();
  });

  it('is one to two hours after the ready time', () => {
    for (let m = 0; m < 1440; m += 15) {
      const due = defaultDue({ date: { year: 2025, month: 3, day: 4 }, minutes: m });
      const gap = (due.date.day - 4) * 1440 + due.minutes - m;
      expect(gap).toBeGreaterThanOrEqual(60);
      expect(gap).toBeLessThanOrEqual(120);
      expect(due.minutes % 60).toBe(0);
    }
  });

  it('defaults the ready time to now rounded up to the next 15 minutes in the user zone', () => {
    expect(defaultReadyInputs(new Date('2025-03-03T23:07:00Z'), SYD)).toEqual({
      dateReadyInput: '04/03/2025',
      timeReadyInput: '10:15 AM',
    });
    expect(defaultReadyInputs(new Date('2025-03-03T23:00:00Z'), SYD)).toEqual({
      dateReadyInput: '04/03/2025',
      timeReadyInput: '10:00 AM',
    });
    expect(defaultReadyInputs(new Date('2025-03-04T12:50:00Z'), SYD)).toEqual({
      dateReadyInput: '05/03/2025',
      timeReadyInput: '12:00 AM',
    });
  });
});

describe('ready and due rules (§5)', () => {
  const now = new Date('2025-03-03T23:00:30Z'); // Tue 4 Mar 2025 10:00:30 in Sydney
  const wc = (d: string, t: string) => {
    const w = parseWallClock(d, t);
    if (!w) throw new Error(`bad fixture ${d} ${t}`);
    return w;
  };
  it.each([
    ['valid', '04/03/2025', '10:30 AM', '04/03/2025', '12:00 PM', []],
    ['ready in the current minute', '04/03/2025', '10:00 AM', '04/03/2025', '11:00 AM', []],
    ['ready tomorrow, due later', '05/03/2025', '09:00 AM', '06/03/2025', '09:00 AM', []],
    [
      'ready date in the past',
      '03/03/2025',
      '10:30 AM',
      '04/03/2025',
      '12:00 PM',
      [['dateReadyInput', 'readyDateInPast']],
    ],
    [
      'ready time in the past',
      '04/03/2025',
      '09:45 AM',
      '04/03/2025',
      '12:00 PM',
      [['timeReadyInput', 'readyTimeInPast']],
    ],
    ['due date in the past', '04/03/2025', '10:30 AM', '03/03/2025', '12:00 PM', [['dateDueInput', 'dueDateInPast']]],
    [
      'due date before ready date',
      '06/03/2025',
      '10:30 AM',
      '05/03/2025',
      '12:00 PM',
      [['dateDueInput', 'dueDateBeforeReady']],
    ],
    ['due equal to ready', '04/03/2025', '10:30 AM', '04/03/2025', '10:30 AM', [['timeDueInput', 'dueNotAfterReady']]],
    [
      'due before ready, same day',
      '04/03/2025',
      '01:00 PM',
      '04/03/2025',
      '12:00 PM',
      [['timeDueInput', 'dueNotAfterReady']],
    ],
    ['due time in the past', '04/03/2025', '10:30 AM', '04/03/2025', '09:45 AM', [['timeDueInput', 'dueTimeInPast']]],
  ])('%s', (_label, dr, tr, dd, td, expected) => {
    const problems = readyDueProblems(wc(dr, tr), wc(dd, td), now, SYD).map((p) => [p.field, p.problem]);
    expect(problems).toEqual(expected);
  });

  it("uses today of the user's zone: 04/03 is yesterday in Sydney but today in UTC at 13:30 UTC", () => {
    const late = new Date('2025-03-04T13:30:00Z'); // Wed 05/03 00:30 in Sydney
    const ready = wc('04/03/2025', '02:00 PM');
    const due = wc('04/03/2025', '04:00 PM');
    expect(readyDueProblems(ready, due, late, SYD).map((p) => p.problem)).toEqual(['readyDateInPast', 'dueDateInPast']);
    expect(readyDueProblems(ready, due, late, 'UTC')).toEqual([]);
  });
});

describe('due-time warning (§5, §9: due within 30 minutes of now)', () => {
  const now = new Date('2025-03-03T23:00:00Z'); // 10:00 in Sydney
  it.each([
    ['10:00 AM', true],
    ['10:15 AM', true],
    ['10:30 AM', true],
    ['10:45 AM', false],
    ['09:45 AM', false],
  ])('due 04/03/2025 %s → warn %s', (time, warn) => {
    expect(isDueWithinWarningWindow('04/03/2025', time, now, SYD)).toBe(warn);
  });

  it('compares in the user zone and ignores invalid inputs', () => {
    expect(isDueWithinWarningWindow('03/03/2025', '11:15 PM', now, 'UTC')).toBe(true);
    expect(isDueWithinWarningWindow('03/03/2025', '11:15 PM', now, SYD)).toBe(false);
    expect(isDueWithinWarningWindow('', '10:15 AM', now, SYD)).toBe(false);
  });
});

describe("the form's own ready and due defaults gone stale (a draft resumed later)", () => {
  const filledAt = new Date('2025-03-03T23:05:00Z'); // Tue 4 Mar 2025 10:05 in Sydney
  const filled = { ...defaultReadyInputs(filledAt, SYD), dateDueInput: '04/03/2025', timeDueInput: '12:00 PM' };
  const anHourLater = new Date('2025-03-04T00:06:00Z'); // 11:06 in Sydney

  it('moves them forward from now when they have passed', () => {
    expect(filled.timeReadyInput).toBe('10:15 AM');
    expect(refreshedDefaultTimes(filled, anHourLater, SYD)).toEqual({
      dateReadyInput: '04/03/2025',
      timeReadyInput: '11:15 AM',
      dateDueInput: '04/03/2025',
      timeDueInput: '01:00 PM',
    });
  });

  it('leaves them alone while both are still ahead', () => {
    expect(refreshedDefaultTimes(filled, new Date('2025-03-03T23:10:00Z'), SYD)).toBeNull();
  });

  it('moves them when only the due time has passed', () => {
    const dueSoon = { ...filled, timeReadyInput: '10:15 AM', timeDueInput: '10:30 AM' };
    expect(refreshedDefaultTimes(dueSoon, new Date('2025-03-03T23:31:00Z'), SYD)?.timeReadyInput).toBe('10:45 AM');
  });

  it('moved times pass step one where the stale ones were refused', () => {
    const schema = makeJobStepOneSchema({ now: anHourLater, timeZone: SYD });
    const base = {
      orderType: 4,
      contactName: 'Ann Lee',
      email: 'ann@example.com',
      contactPhone: '0290001234',
      afterHourContactNumber: '0290001234',
      matterReference: 'M-1',
      clientBranchAddressId: 1,
    };
    const stale = schema.safeParse({ ...base, ...filled });
    expect(stale.success ? [] : stale.error.issues.map((i) => i.message)).toContain(JOB_MSG.readyTimeInPast);
    const moved = refreshedDefaultTimes(filled, anHourLater, SYD);
    expect(schema.safeParse({ ...base, ...moved }).success).toBe(true);
  });
});
