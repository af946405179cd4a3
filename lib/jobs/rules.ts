/**
 * Time rules of the job order (spec §5 step one, §9), evaluated in the user's IANA time zone against an
 * injected "now". Pure and browser-safe: date-fns-tz does the zone arithmetic.
 *
 * Form values: dates 'dd/MM/yyyy', times 12-hour 'hh:mm AM/PM' in 15-minute steps (§9). Internally a wall-clock
 * moment is a calendar date plus minutes after midnight; an instant is a UTC Date.
 */
import { fromZonedTime } from 'date-fns-tz';
import { wallClock } from '@/lib/zone-clock';
import { isRealDay } from '@/lib/core/calendar-date';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}
/** A wall-clock moment in some zone: the date and the minutes after midnight (0..1439). */
export interface WallClock {
  date: CalendarDate;
  minutes: number;
}
/** "Now" in the user's zone: wall clock plus ISO weekday (1 Monday .. 7 Sunday). */
export interface ZonedNow extends WallClock {
  weekday: number;
}

/** Time picker step (§9). */
export const TIME_STEP_MINUTES = 15;
/** Business hours (§9, docs/decisions/001): weekdays 07:00 to 15:59; outside them an after-hours phone is needed. */
export const BUSINESS_HOURS = { firstMinute: 7 * 60, endMinute: 16 * 60 } as const;
/** A due time within this many minutes of now opens the warning popup (§5, §9). */
export const DUE_WARNING_MINUTES = 30;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Zone names already checked (a pure fact of the runtime's time zone data; bounded). */
const zoneValidity = new Map<string, boolean>();

export function isValidTimeZone(timeZone: string): boolean {
  const known = zoneValidity.get(timeZone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
    valid = timeZone.length > 0;
  } catch {
    valid = false;
  }
  if (zoneValidity.size >= 1_000) zoneValidity.clear();
  zoneValidity.set(timeZone, valid);
  return valid;
}

/** Parses 'dd/MM/yyyy' (a real calendar date); null otherwise. */
export function parseDateInput(s: string): CalendarDate | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s.trim());
  if (!m) return null;
  const date = { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) };
  if (date.year < 1900 || date.month < 1 || date.month > 12 || date.day < 1) return null;
  return isRealDay(date.year, date.month, date.day) ? date : null;
}

export function formatDateInput(d: CalendarDate): string {
  return `${pad(d.day)}/${pad(d.month)}/${pad(d.year, 4)}`;
}

/** Parses 'hh:mm AM/PM' (hour 1..12, case-insensitive, 'h:mm' accepted) on a 15-minute step; minutes after midnight. */
export function parseTimeInput(s: string): number | null {
  const m = /^(\d{1,2}):(\d{2}) ?([AaPp][Mm])$/.exec(s.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour < 1 || hour > 12 || minute > 59 || minute % TIME_STEP_MINUTES !== 0) return null;
  const pm = (m[3] ?? '').toUpperCase() === 'PM';
  return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
}

export function formatTimeInput(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${pad(h12)}:${pad(minutes % 60)} ${h24 < 12 ? 'AM' : 'PM'}`;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** "Now" as the user sees it in `timeZone`. Throws RangeError for an unknown zone. */
export function nowInTimeZone(now: Date, timeZone: string): ZonedNow {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const w = wallClock(now.getTime(), timeZone);
  if (!w) throw new RangeError('Invalid time');
  const sunday0 = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  return {
    date: { year: w.year, month: w.month, day: w.day },
    minutes: w.hour * 60 + w.minute,
    // ISO weekday: Monday 1 … Sunday 7.
    weekday: sunday0 === 0 ? 7 : sunday0,
  };
}

/** The instant of a wall-clock moment in `timeZone` (a time skipped by a DST change moves forward). */
export function toInstant(w: WallClock, timeZone: string): Date {
  const { year, month, day } = w.date;
  return fromZonedTime(
    `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(Math.floor(w.minutes / 60))}:${pad(w.minutes % 60)}:00`,
    timeZone,
  );
}

/** Parses the date and time inputs together; null when either is invalid. */
export function parseWallClock(dateInput: string, timeInput: string): WallClock | null {
  const date = parseDateInput(dateInput);
  const minutes = parseTimeInput(timeInput);
  return date && minutes !== null ? { date, minutes } : null;
}

/**
 * After hours (docs/decisions/001): outside weekdays 07:00–15:59 in the user's zone, and all weekend.
 * Then the after-hours contact number is required.
 */
export function isAfterHours(now: Date, timeZone: string): boolean {
  const z = nowInTimeZone(now, timeZone);
  const weekend = z.weekday >= 6;
  return weekend || z.minutes < BUSINESS_HOURS.firstMinute || z.minutes >= BUSINESS_HOURS.endMinute;
}

/**
 * Default due time (§9): ready time plus 1 to 2 hours — on the next hour when the ready minute is 0
 * (09:00 → 10:00), otherwise the hour after the next (09:15 → 11:00). Rolls over midnight to the next day.
 */
export function defaultDue(ready: WallClock): WallClock {
  const hourStart = ready.minutes - (ready.minutes % 60);
  const due = hourStart + (ready.minutes % 60 === 0 ? 60 : 120);
  const days = Math.floor(due / 1440);
  return { date: addDays(ready.date, days), minutes: due % 1440 };
}

/** Form helper: the default due date and time inputs for given ready inputs; null when they are invalid. */
export function defaultDueInputs(
  dateReadyInput: string,
  timeReadyInput: string,
): { dateDueInput: string; timeDueInput: string } | null {
  const ready = parseWallClock(dateReadyInput, timeReadyInput);
  if (!ready) return null;
  const due = defaultDue(ready);
  return { dateDueInput: formatDateInput(due.date), timeDueInput: formatTimeInput(due.minutes) };
}

/** Form helper: a ready date and time defaulting to now rounded up to the next 15-minute step, in the user's zone. */
export function defaultReadyInputs(now: Date, timeZone: string): { dateReadyInput: string; timeReadyInput: string } {
  const z = nowInTimeZone(now, timeZone);
  const up = Math.ceil(z.minutes / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
  const date = up >= 1440 ? addDays(z.date, 1) : z.date;
  return { dateReadyInput: formatDateInput(date), timeReadyInput: formatTimeInput(up % 1440) };
}

/** The ready and due inputs of the order form. */
export interface ReadyDueInputs {
  dateReadyInput: string;
  timeReadyInput: string;
  dateDueInput: string;
  timeDueInput: string;
}

/**
 * The key under which the order form keeps, with its draft, whether the ready and due times are still the ones it
 * filled in itself (true) or the person has set one of them (false, or missing).
 */
export const TIMES_FILLED_BY_FORM = 'timesFilledByForm';

/**
 * The form's own ready and due defaults, brought up to date: when the ready or the due moment has passed (a draft
 * resumed later, a form left open), fresh defaults from `now` (ready rounded up to the next 15 minutes, due by the
 * §9 rule); otherwise null (nothing to move). Only for times the form filled in itself: a time the person chose
 * stays theirs and the §5 rules refuse it when it is in the past.
 */
export function refreshedDefaultTimes(values: ReadyDueInputs, now: Date, timeZone: string): ReadyDueInputs | null {
  const ready = parseWallClock(values.dateReadyInput, values.timeReadyInput);
  const due = parseWallClock(values.dateDueInput, values.timeDueInput);
  const nowMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  const passed = (w: WallClock | null) => w !== null && toInstant(w, timeZone).getTime() < nowMinute;
  if (!passed(ready) && !passed(due)) return null;
  const fresh = defaultReadyInputs(now, timeZone);
  const freshDue = defaultDueInputs(fresh.dateReadyInput, fresh.timeReadyInput);
  return freshDue ? { ...fresh, ...freshDue } : null;
}

export type ReadyDueField = 'dateReadyInput' | 'timeReadyInput' | 'dateDueInput' | 'timeDueInput';
export type ReadyDueProblem =
  'readyDateInPast' | 'readyTimeInPast' | 'dueDateInPast' | 'dueDateBeforeReady' | 'dueNotAfterReady' | 'dueTimeInPast';

/**
 * The ready/due rules of §5 for parsed values, compared with now in the user's zone at minute precision:
 * ready date not in the past; due date on or after today and on or after the ready date; due date-time
 * later than ready date-time; both date-times not before now. At most one problem per field.
 */
export function readyDueProblems(
  ready: WallClock,
  due: WallClock,
  now: Date,
  timeZone: string,
): { field: ReadyDueField; problem: ReadyDueProblem }[] {
  const today = nowInTimeZone(now, timeZone).date;
  const nowMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  const out: { field: ReadyDueField; problem: ReadyDueProblem }[] = [];
  const readyAt = toInstant(ready, timeZone).getTime();
  const dueAt = toInstant(due, timeZone).getTime();

  if (compareDates(ready.date, today) < 0) out.push({ field: 'dateReadyInput', problem: 'readyDateInPast' });
  else if (readyAt < nowMinute) out.push({ field: 'timeReadyInput', problem: 'readyTimeInPast' });

  if (compareDates(due.date, today) < 0) out.push({ field: 'dateDueInput', problem: 'dueDateInPast' });
  else if (compareDates(due.date, ready.date) < 0) out.push({ field: 'dateDueInput', problem: 'dueDateBeforeReady' });
  else if (dueAt < nowMinute) out.push({ field: 'timeDueInput', problem: 'dueTimeInPast' });
  else if (dueAt <= readyAt) out.push({ field: 'timeDueInput', problem: 'dueNotAfterReady' });
  return out;
}

/**
 * The due-time warning (§5, §9): true when the due date-time is not in the past and at most 30 minutes after
 * now. The form then shows the time-due warning popup, which the user must accept before saving.
 */
export function isDueWithinWarningWindow(
  dateDueInput: string,
  timeDueInput: string,
  now: Date,
  timeZone: string,
): boolean {
  const due = parseWallClock(dateDueInput, timeDueInput);
  if (!due) return false;
  const diff = toInstant(due, timeZone).getTime() - Math.floor(now.getTime() / 60_000) * 60_000;
  return diff >= 0 && diff <= DUE_WARNING_MINUTES * 60_000;
}
