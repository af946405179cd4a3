/** A due time within the order form's warning window (the time due warning), for the e2e specs that open it. */
import { formatInTimeZone } from 'date-fns-tz';

const ZONE = 'Australia/Sydney';

/**
 * A ready time and a due time 15 minutes later, due at most 30 minutes from now (both on the 15-minute grid,
 * in the user's zone). Near the end of a quarter hour there is none with a minute to spare: wait for the next.
 */
export async function soonDue(): Promise<{
  ready: { date: string; time: string };
  due: { date: string; time: string };
}> {
  const quarter = 15 * 60_000;
  const left = quarter - (Date.now() % quarter);
  if (left < 90_000) await new Promise((r) => setTimeout(r, left + 2_000));
  const due = new Date(Math.floor((Date.now() + 2 * quarter) / quarter) * quarter);
  const ready = new Date(due.getTime() - quarter);
  const f = (d: Date) => ({
    date: formatInTimeZone(d, ZONE, 'dd/MM/yyyy'),
    time: formatInTimeZone(d, ZONE, 'hh:mm a'),
  });
  return { ready: f(ready), due: f(due) };
}
