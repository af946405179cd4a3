/** The IANA time zones the portal offers (spec §2 /Settings; §7 GET api/Settings/TimeZone). */
import { now } from '@/lib/clock';

export interface TimeZoneOption {
  TimeZoneId: string;
  /** e.g. "(UTC+10:00) Australia/Sydney", the offset at the moment of the request. */
  DisplayName: string;
}

/**
 * One offset formatter per zone, made once per instance: making an Intl.DateTimeFormat is costly, and the
 * list has about 420 zones, so making them per call would dominate a /Settings render.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetLabel(timeZone: string, at: Date): string {
  let format = offsetFormats.get(timeZone);
  if (!format)
    offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const part = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  const offset = part && part !== 'GMT' ? part.replace('GMT', '') : '+00:00';
  return `(UTC${offset})`;
}

let ids: readonly string[] | undefined;

/** Every zone the runtime knows, and UTC, by name (fixed for the life of the process). */
export function timeZoneIds(): string[] {
  if (!ids) {
    const all = new Set(Intl.supportedValuesOf('timeZone'));
    all.add('UTC');
    ids = [...all].sort((a, b) => a.localeCompare(b));
  }
  return [...ids];
}

/**
 * The list as of the minute of `at`: offsets change only at whole minutes, so the list of the same minute is
 * the same list and is kept (the last one only; a few kilobytes of names).
 */
let lastList: { minute: number; list: readonly TimeZoneOption[] } | undefined;

export function timeZoneList(at: Date = now()): TimeZoneOption[] {
  const minute = Math.floor(at.getTime() / 60_000);
  if (lastList?.minute !== minute) {
    const when = new Date(minute * 60_000);
    lastList = {
      minute,
      list: timeZoneIds().map((id) => ({ TimeZoneId: id, DisplayName: `${offsetLabel(id, when)} ${id}` })),
    };
  }
  return lastList.list.map((o) => ({ ...o }));
}
