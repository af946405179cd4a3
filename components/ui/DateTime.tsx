import { formatDate, formatDateTime, isoOf, type DateValue } from './format';

export interface DateTimeProps {
  value: DateValue;
  /** The user's IANA time zone. */
  timeZone: string;
  /** Add hh:mm AM/PM. */
  withTime?: boolean;
  className?: string;
}

/** A <time> showing dd-MMM-yyyy (hh:mm a) in the user's zone; renders nothing for an empty value. */
export function DateTime({ value, timeZone, withTime = false, className }: DateTimeProps) {
  const text = withTime ? formatDateTime(value, timeZone) : formatDate(value, timeZone);
  if (!text) return null;
  const iso = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : isoOf(value);
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
