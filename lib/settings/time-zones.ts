/** The IANA time zones the portal offers (spec §2 /Settings; §7 GET api/Settings/TimeZone). */
import { now } from '@/lib/clock';

export interface TimeZoneOption {
  TimeZoneId: string;
  /** e.g. "(UTC+10:00) Australia/Sydney", the offset at the moment of the request. */
  DisplayName: string;
}

function offsetLabel(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part && part !== 'GMT' ? part.replace('GMT', '') : '+00:00';
  return `(UTC${offset})`;
}

export function timeZoneIds(): string[] {
  const ids = new Set(Intl.supportedValuesOf('timeZone'));
  ids.add('UTC');
  return [...ids].sort((a, b) => a.localeCompare(b));
}

export function timeZoneList(at: Date = now()): TimeZoneOption[] {
  return timeZoneIds().map((id) => ({ TimeZoneId: id, DisplayName: `${offsetLabel(id, at)} ${id}` }));
}
