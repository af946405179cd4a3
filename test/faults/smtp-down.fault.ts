/**
 * The SMTP server down for 20 s, under load: a production portal on a fresh PostgreSQL database; sign-ins queue
 * their code e-mails every 250 ms while writers add jobs; the SMTP server stops, and starts again 20 s later.
 *
 * Every acknowledged code is delivered once the server is back, none twice, and no job is lost or doubled. The
 * recovery allowed after the server is back, 30 s: a message that failed throughout waits its backoff (5 s, then
 * 10 s, then 20 s: lib/mail/worker.ts), so its next attempt comes at most 20 s after the server returns, plus a
 * worker round and the send.
 */
import { afterAll, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import {
  branchOf,
  deliveries,
  freshDatabase,
  jobsListed,
  MAIL_USERS,
  PORT_BASE,
  removeDir,
  report,
  requestCode,
  signIn,
  sleep,
  startPortal,
  tally,
  uncaughtIn,
  until,
  waitReady,
  writeJobs,
  type MailAck,
  type Portal,
} from './harness';

const DOWN_MS = 20_000;
const ALLOWED_MS = 30_000;

let smtp: TestSmtp | undefined;
let portal: Portal | undefined;
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;

afterAll(async () => {
  await portal?.stop();
  if (portal) removeDir(portal.dataDir);
  await smtp?.stop();
  await db?.drop();
});

it('SMTP down for 20 s under load: every acknowledged e-mail delivered once when it is back, within 30 s', async () => {
  smtp = await startTestSmtp();
  db = await freshDatabase('smtp');
  portal = startPortal({
    port: PORT_BASE + 4,
    databaseUrl: db.url,
    env: { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: '250' },
  });
  await waitReady(portal.url);
  const url = portal.url;
  const token = await signIn(url, smtp);
  const branchId = await branchOf(url, token);

  let stopped = false;
  const prefix = `SMTP${Date.now().toString(36).toUpperCase()}`;
  const writing = writeJobs({
    urls: () => [url],
    token,
    branchId,
    prefix,
    writers: 4,
    retries: 2,
    stop: () => stopped,
  });

  const acks: MailAck[] = [];
  let attempts = 0;
  const ask = async (ms: number) => {
    const end = Date.now() + ms;
    for (let i = 0; Date.now() < end; i++) {
      attempts++;
      const ack = await requestCode(url, MAIL_USERS[i % MAIL_USERS.length] ?? 'hv.user');
      if (ack) acks.push(ack);
      await sleep(250);
    }
  };
  await ask(3_000);
  await smtp.stop();
  const downAt = Date.now();
  await ask(DOWN_MS - 1_000);
  await sleep(downAt + DOWN_MS - Date.now());
  await smtp.start();
  const upAt = Date.now();
  const undeliveredAtRestart = deliveries(acks, smtp).filter((n) => n === 0).length;
  const recoveryMs = (await until(() => deliveries(acks, smtp!).every((n) => n > 0), ALLOWED_MS + 30_000))
    ? Date.now() - upAt
    : Infinity;
  await sleep(2_000);
  stopped = true;
  const log = await writing;
  const jobs = tally(log, await jobsListed(url, token, prefix));
  const counts = deliveries(acks, smtp);

  report('SMTP down for 20 s', {
    attempts,
    acknowledged: acks.length,
    lost: counts.filter((n) => n === 0).length,
    duplicated: counts.filter((n) => n > 1).length,
    recoveryMs,
    allowedMs: ALLOWED_MS,
    undeliveredAtRestart,
    jobAttempts: log.attempted.size,
    jobsAcknowledged: log.acknowledged.size,
    jobsLost: jobs.lost.length,
    jobsDuplicated: jobs.duplicated.length,
    uncaughtExceptions: uncaughtIn(portal).length,
  });

  expect(undeliveredAtRestart, 'codes acknowledged while the server was down').toBeGreaterThan(10);
  expect(counts.filter((n) => n === 0).length, 'acknowledged codes never delivered').toBe(0);
  expect(counts.filter((n) => n > 1).length, 'codes delivered twice').toBe(0);
  expect(recoveryMs).toBeLessThanOrEqual(ALLOWED_MS);
  expect(jobs.lost).toEqual([]);
  expect(jobs.duplicated).toEqual([]);
  expect(uncaughtIn(portal)).toEqual([]);
});
