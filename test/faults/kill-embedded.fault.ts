/**
 * kill -9 of an embedded-database instance mid-save: a production portal on the embedded database (PGlite in its
 * data directory), 4 writers adding jobs; the portal is killed (SIGKILL, its whole process group) with requests in
 * flight, then started again on the same directory, and the writers go on.
 *
 * Every acknowledged job is in the list once after the restart, nothing is doubled (the requests cut by the kill
 * are sent again with the same Idempotency-Key once it is back). Recovery allowed, 90 s from the kill until the
 * restarted portal is ready: a cold start of Node, Next and the embedded database (open, recover, check
 * migrations) on a loaded 2-core machine, with the other cases running beside it.
 */
import { afterAll, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import {
  addJob,
  branchOf,
  jobsListed,
  PORT_BASE,
  removeDir,
  report,
  signIn,
  sleep,
  startPortal,
  tally,
  uncaughtIn,
  waitReady,
  writeJobs,
  type Portal,
  type WriteLog,
} from './harness';

const ALLOWED_MS = 90_000;

let smtp: TestSmtp | undefined;
let portal: Portal | undefined;
let dataDir = '';

afterAll(async () => {
  await portal?.stop();
  if (dataDir) removeDir(dataDir);
  await smtp?.stop();
});

it('kill -9 of an embedded-database instance mid-save: after the restart every acknowledged job is there, once', async () => {
  smtp = await startTestSmtp();
  const port = PORT_BASE + 3;
  const env = { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: '250' };
  const { secret, totpKey } = { secret: 'f'.repeat(64), totpKey: Buffer.alloc(32, 7).toString('base64') };
  portal = startPortal({ port, secret, totpKey, env });
  dataDir = portal.dataDir;
  await waitReady(portal.url);
  const url = portal.url;
  const token = await signIn(url, smtp);
  const branchId = await branchOf(url, token);

  const prefix = `EMB${Date.now().toString(36).toUpperCase()}`;
  const log: WriteLog = { calls: [], acknowledged: new Map(), attempted: new Set() };
  let stopped = false;
  const firstHalf = writeJobs({
    urls: () => [url],
    token,
    branchId,
    prefix,
    writers: 4,
    stop: () => stopped,
    log,
  });
  await sleep(8_000);
  portal.kill('SIGKILL');
  const killedAt = Date.now();
  stopped = true;
  await portal.exited;
  await firstHalf;
  const cut = log.calls.filter((c) => c.status === 0);
  const uncaughtBefore = uncaughtIn(portal);

  portal = startPortal({ port, secret, totpKey, env, dataDir });
  await waitReady(portal.url);
  const recoveryMs = Date.now() - killedAt;
  // The requests the kill cut, sent again with their keys, as a client that got no answer does.
  for (const c of cut) {
    const again = await addJob(url, token, branchId, c.reference);
    log.calls.push(again);
    if (again.jobId) log.acknowledged.set(c.reference, again.jobId);
  }
  const { lost, duplicated } = tally(log, await jobsListed(url, token, prefix));
  report('kill -9 of an embedded-database instance mid-save', {
    attempts: log.attempted.size,
    requests: log.calls.length,
    acknowledged: log.acknowledged.size,
    lost: lost.length,
    duplicated: duplicated.length,
    recoveryMs,
    allowedMs: ALLOWED_MS,
    cutByKill: cut.length,
    retriesAnswered: cut.filter((c) => log.acknowledged.has(c.reference)).length,
    uncaughtExceptions: uncaughtBefore.length + uncaughtIn(portal).length,
  });

  expect(cut.length, 'requests in flight when the portal was killed').toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(duplicated).toEqual([]);
  expect(cut.filter((c) => !log.acknowledged.has(c.reference)).map((c) => c.reference)).toEqual([]);
  expect(recoveryMs).toBeLessThanOrEqual(ALLOWED_MS);
});
