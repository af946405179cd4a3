/**
 * The wall clock of an instant in a time zone, fast: lists format three dates per row, and every time-filtered
 * request needs "today" in the user's zone. On a day the zone keeps one offset (all but a couple a year) this
 * is arithmetic on that offset, found once per zone and UTC day with one cached Intl formatter; on a day of
 * change, the digits of that formatter's `format()`. Tested against date-fns-tz over a year in seven zones and
 * minute by minute through offset changes (lib/display-date.test.ts). An unknown zone reads as UTC.
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone, with one cached Intl formatter per zone (lists format many dates). */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      f = zoneFormat('UTC');
    }
    if (zoneFormats.size < 500) zoneFormats.set(timeZone, f);
  }
  return f;
}

/** month, day, year, hour and minute in the order the en-US formatter writes them ("1/31/2026, 09:05"). */
const FIELDS = /(\d+)\D+(\d+)\D+(\d+)\D+(\d+)\D+(\d+)/;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The zone's offset from UTC (ms) at the minute of `t`, read from the formatter's wall clock; null if unreadable. */
function offsetAt(f: Intl.DateTimeFormat, t: number): number | null {
  const m = FIELDS.exec(f.format(t));
  if (!m) return null;
  const wall = Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4]) % 24, Number(m[5]));
  return wall - Math.floor(t / MINUTE_MS) * MINUTE_MS;
}

/**
 * The offset of a zone through one UTC day, when it is the same at the day's first and last minute (a zone
 * changes its offset at most once a day, so the whole day then has it); null on a day of change, where every
 * instant is formatted on its own. A pure function of the zone's rules, kept per instance and bounded.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();

function dayOffset(f: Intl.DateTimeFormat, timeZone: string, t: number): number | null {
  const day = Math.floor(t / DAY_MS);
  let days = dayOffsets.get(timeZone);
  if (!days) {
    if (dayOffsets.size >= 500) dayOffsets.clear();
    dayOffsets.set(timeZone, (days = new Map()));
  }
  let o = days.get(day);
  if (o === undefined) {
    const first = offsetAt(f, day * DAY_MS);
    o = first !== null && first === offsetAt(f, (day + 1) * DAY_MS - MINUTE_MS) ? first : null;
    if (days.size >= 20_000) days.clear();
    days.set(day, o);
  }
  return o;
}

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
}

/** The wall clock at `t` (ms since the epoch) in `timeZone`; null for an invalid instant. */
export function wallClock(t: number, timeZone: string): WallClock | null {
  if (Number.isNaN(t)) return null;
  const f = zoneFormat(timeZone);
  const offset = dayOffset(f, timeZone, t);
  if (offset !== null) {
    const w = new Date(t + offset);
    return {
      year: w.getUTCFullYear(),
      month: w.getUTCMonth() + 1,
      day: w.getUTCDate(),
      hour: w.getUTCHours(),
      minute: w.getUTCMinutes(),
    };
  }
  const m = FIELDS.exec(f.format(t));
  if (!m) return null;
  return { year: Number(m[3]), month: Number(m[1]), day: Number(m[2]), hour: Number(m[4]) % 24, minute: Number(m[5]) };
}
