/**
 * One of two instances killed right after claiming mail: the other delivers the rest within 15 s.
 *
 * Two production portals on one fresh PostgreSQL database. A's SMTP server accepts the connection and then says
 * nothing, so A's worker holds what it claimed, mid-send, until it is killed (kill -9 of its process group);
 * B sends to a real SMTP server. Sign-ins on A queue their code e-mails (A sends them at once, after the answer)
 * while writers add jobs on both. 15 s is what the issue allows: the outbox lease (10 s, renewed only by a live
 * sender) plus a few of B's worker rounds.
 */
import net from 'node:net';
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
  sharedSecrets,
  signIn,
  sleep,
  startPortal,
  tally,
  until,
  waitReady,
  writeJobs,
  type MailAck,
  type Portal,
} from './harness';

const ALLOWED_MS = 15_000;

let smtp: TestSmtp | undefined;
let silent: net.Server | undefined;
const silentSockets = new Set<net.Socket>();
const portals: Portal[] = [];
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;

afterAll(async () => {
  for (const p of portals) {
    await p.stop();
    removeDir(p.dataDir);
  }
  for (const s of silentSockets) s.destroy();
  await new Promise((r) => (silent ? silent.close(r) : r(undefined)));
  await smtp?.stop();
  await db?.drop();
});

it('an instance killed right after claiming mail: the other delivers every acknowledged message within 15 s, once', async () => {
  smtp = await startTestSmtp();
  silent = net.createServer((s) => {
    silentSockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => silent?.listen(0, '127.0.0.1', r));
  const silentPort = (silent.address() as net.AddressInfo).port;

  db = await freshDatabase('mailclaim');
  const { secret, totpKey } = sharedSecrets();
  const common = { databaseUrl: db.url, secret, totpKey };
  // B first: it migrates and seeds the database, and its caller signs in while only B sends mail.
  const b = startPortal({
    ...common,
    port: PORT_BASE + 8,
    env: { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: '250' },
  });
  portals.push(b);
  await waitReady(b.url);
  const token = await signIn(b.url, smtp);
  const branchId = await branchOf(b.url, token);
  const a = startPortal({
    ...common,
    port: PORT_BASE + 7,
    env: { SMTP_URL: `smtp://127.0.0.1:${silentPort}`, MAIL_WORKER_INTERVAL_MS: '250' },
  });
  portals.push(a);
  await waitReady(a.url);

  // Background load: job writers on both instances throughout.
  let aAlive = true;
  let stopped = false;
  const prefix = `MAIL${Date.now().toString(36).toUpperCase()}`;
  const writing = writeJobs({
    urls: () => (aAlive ? [a.url, b.url] : [b.url]),
    token,
    branchId,
    prefix,
    writers: 4,
    retries: 2,
    stop: () => stopped,
  });

  // Sign-ins on A, until A's worker is mid-send (its silent SMTP server has a connection) and 20 are acknowledged.
  const acks: MailAck[] = [];
  for (let round = 0; round < 10 && (acks.length < 20 || silentSockets.size === 0); round++) {
    const answers = await Promise.all(MAIL_USERS.map((u) => requestCode(a.url, u)));
    acks.push(...answers.filter((x): x is MailAck => x !== null));
  }
  expect(silentSockets.size, 'A was sending when killed').toBeGreaterThan(0);
  a.kill('SIGKILL');
  const killedAt = Date.now();
  aAlive = false;
  const undeliveredAtKill = deliveries(acks, smtp).filter((n) => n === 0).length;

  const allDelivered = () => deliveries(acks, smtp!).every((n) => n > 0);
  // until() answers as soon as the last acknowledged code has arrived: the time since the kill is the recovery.
  const lastArrival = (await until(allDelivered, 40_000)) ? Date.now() - killedAt : Infinity;
  const counts = deliveries(acks, smtp);

  await sleep(2_000);
  stopped = true;
  const log = await writing;
  const listed = await jobsListed(b.url, token, prefix);
  const jobs = tally(log, listed);
  const lostMail = counts.filter((n) => n === 0).length;
  const doubledMail = deliveries(acks, smtp).filter((n) => n > 1).length;

  report('instance killed right after claiming mail', {
    attempts: acks.length,
    acknowledged: acks.length,
    lost: lostMail,
    duplicated: doubledMail,
    recoveryMs: lastArrival,
    allowedMs: ALLOWED_MS,
    undeliveredAtKill,
    jobAttempts: log.attempted.size,
    jobsAcknowledged: log.acknowledged.size,
    jobsLost: jobs.lost.length,
    jobsDuplicated: jobs.duplicated.length,
  });

  expect(undeliveredAtKill, 'A held claimed mail when it was killed').toBeGreaterThan(0);
  expect(lostMail, 'acknowledged codes never delivered').toBe(0);
  expect(doubledMail, 'codes delivered twice').toBe(0);
  expect(lastArrival).toBeLessThanOrEqual(ALLOWED_MS);
  expect(jobs.lost).toEqual([]);
  expect(jobs.duplicated).toEqual([]);
});
