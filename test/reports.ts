/**
 * The firms the reports' db tests start from (lib/reports/*.db.test.ts), on 20 November 2026 in Sydney (their
 * administrators' zone): a firm's administrator with a Print job logged on 3 November, a Scan job on 10 October
 * and a job at 00:00 on 1 November in Sydney (still 31 October in UTC); and another firm's administrator.
 * Restore the clock with the returned function.
 */
import { fixedClock, setClock } from '@/lib/clock';
import { makeJob, signedIn } from './factories';

export async function reportFirms() {
  const restore = setClock(fixedClock('2026-11-20T01:00:00Z'));
  const admin = await signedIn(4);
  const other = await signedIn(4);
  const c = admin.clientId;
  const print = await makeJob({ clientId: c, orderType: 5, createdAt: new Date('2026-11-03T00:00:00Z') });
  const scan = await makeJob({ clientId: c, orderType: 6, createdAt: new Date('2026-10-10T00:00:00Z') });
  await makeJob({ clientId: c, createdAt: new Date('2026-10-31T14:00:00Z') });
  return { restore, admin, other, c, print, scan };
}
