/**
 * kill -9 of one of two instances mid-save: two production portals on one fresh PostgreSQL database, 8 writers
 * adding jobs on both. A is killed (its whole process group, SIGKILL) while requests are in flight. A request that
 * got no answer is sent again to B with the same Idempotency-Key, as a careful client does.
 *
 * Every acknowledged job is in the list once; nothing is doubled, even when A had saved a job whose answer never
 * came and B got the retry. Recovery allowed, 10 s: B serves throughout, so a writer whose request died with A
 * only needs its retry on B to be answered: one request on a loaded machine.
 */
import { afterAll, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import {
  branchOf,
  freshDatabase,
  jobsListed,
  PORT_BASE,
  removeDir,
  report,
  sharedSecrets,
  signIn,
  sleep,
  startPortal,
  tally,
  uncaughtIn,
  waitReady,
  writeJobs,
  type Portal,
} from './harness';

const ALLOWED_MS = 10_000;

let smtp: TestSmtp | undefined;
const portals: Portal[] = [];
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;

afterAll(async () => {
  for (const p of portals) {
    await p.stop();
    removeDir(p.dataDir);
  }
  await smtp?.stop();
  await db?.drop();
});

it('kill -9 of one of two instances mid-save: nothing acknowledged lost, nothing doubled, B answers the retries', async () => {
  smtp = await startTestSmtp();
  db = await freshDatabase('kill');
  const { secret, totpKey } = sharedSecrets();
  const common = { databaseUrl: db.url, secret, totpKey, env: { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: '250' } };
  const a = startPortal({ ...common, port: PORT_BASE + 1 });
  portals.push(a);
  await waitReady(a.url);
  const b = startPortal({ ...common, port: PORT_BASE + 2 });
  portals.push(b);
  await waitReady(b.url);
  const token = await signIn(b.url, smtp);
  const branchId = await branchOf(b.url, token);

  let aAlive = true;
  let stopped = false;
  const prefix = `KILL${Date.now().toString(36).toUpperCase()}`;
  const writing = writeJobs({
    urls: () => (aAlive ? [a.url, b.url] : [b.url]),
    token,
    branchId,
    prefix,
    writers: 8,
    retries: 3,
    stop: () => stopped,
  });
  await sleep(8_000);
  a.kill('SIGKILL');
  const killedAt = Date.now();
  aAlive = false;
  await a.exited;
  await sleep(8_000);
  stopped = true;
  const log = await writing;
  const { lost, duplicated } = tally(log, await jobsListed(b.url, token, prefix));

  // Recovery: from the kill until every job whose request was cut by it was acknowledged by B.
  const cut = log.calls.filter((c) => c.status === 0 && c.startedAt < killedAt);
  const recoveredAt = Math.max(
    killedAt,
    ...log.calls
      .filter((c) => c.status === 200 && cut.some((x) => x.reference === c.reference))
      .map((c) => c.startedAt + c.ms),
  );
  const unanswered = cut.filter((c) => !log.acknowledged.has(c.reference));
  report('kill -9 of one of two instances mid-save', {
    attempts: log.attempted.size,
    requests: log.calls.length,
    acknowledged: log.acknowledged.size,
    lost: lost.length,
    duplicated: duplicated.length,
    recoveryMs: recoveredAt - killedAt,
    allowedMs: ALLOWED_MS,
    cutByKill: cut.length,
    retriesNeverAnswered: unanswered.length,
    acknowledgedAfterKill: log.calls.filter((c) => c.status === 200 && c.startedAt >= killedAt).length,
    uncaughtOnB: uncaughtIn(b).length,
  });

  expect(cut.length, 'requests in flight on A when it was killed').toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(duplicated).toEqual([]);
  expect(unanswered.map((c) => c.reference)).toEqual([]);
  expect(recoveredAt - killedAt).toBeLessThanOrEqual(ALLOWED_MS);
  expect(uncaughtIn(b)).toEqual([]);
});
