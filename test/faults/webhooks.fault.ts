/**
 * A webhook receiver down for 30 s, with one of two instances killed mid-delivery: two production portals on one
 * fresh PostgreSQL database, an endpoint registered for job.created, writers adding jobs on both. The receiver
 * stops for 30 s; when it is back it answers each delivery after 1 s, and A is killed (SIGKILL, its process group)
 * while deliveries are in flight.
 *
 * Every acknowledged job's job.created event arrives at least once, every arrival's signature is valid, and
 * duplicates (an event that arrived more than once) are counted. Recovery allowed, 45 s from the receiver's return:
 * a delivery A was sending when it died stays leased until its lease ends (DELIVERY_LEASE_MS, 15 s, no longer
 * renewed once A is gone), then B sends it on its next retry step (3 s at most here); events A's dispatcher had
 * claimed wait for the dispatcher's lease (DISPATCHER, 15 s) before B turns them into deliveries; the rest is the
 * backlog's sending and a loaded machine.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { signature } from '@/lib/webhooks/signing';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import {
  branchOf,
  freshDatabase,
  PORT_BASE,
  removeDir,
  report,
  sharedSecrets,
  signIn,
  sleep,
  startPortal,
  until,
  waitReady,
  writeJobs,
  type Portal,
} from './harness';

const DOWN_MS = 30_000;
const ALLOWED_MS = 45_000;
const RECEIVER_PORT = PORT_BASE + 9;

interface Arrival {
  messageId: string;
  jobId: number;
  valid: boolean;
  at: number;
}

let smtp: TestSmtp | undefined;
const portals: Portal[] = [];
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let receiver: http.Server | undefined;
const sockets = new Set<Socket>();

function closeReceiver(): Promise<void> {
  return new Promise((resolve) => {
    if (!receiver) return resolve();
    receiver.close(() => resolve());
    for (const s of sockets) s.destroy();
    sockets.clear();
    receiver = undefined;
  });
}

afterAll(async () => {
  for (const p of portals) {
    await p.stop();
    removeDir(p.dataDir);
  }
  await closeReceiver();
  await smtp?.stop();
  await db?.drop();
});

it('a receiver down for 30 s and an instance killed mid-delivery: every event delivered at least once, signed', async () => {
  smtp = await startTestSmtp();
  db = await freshDatabase('hooks');
  const { secret, totpKey } = sharedSecrets();
  const env = {
    SMTP_URL: smtp.url,
    MAIL_WORKER_INTERVAL_MS: '250',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_WORKER_INTERVAL_MS: '250',
    WEBHOOK_TIMEOUT_MS: '2000',
    // Retries within seconds (1 s, 2 s, then every 3 s), so the return of the receiver is seen at once.
    WEBHOOK_RETRY_SCHEDULE_SECONDS: Array.from({ length: 30 }, (_, i) => Math.min(i + 1, 3)).join(','),
  };
  const common = { databaseUrl: db.url, secret, totpKey, env };
  const a = startPortal({ ...common, port: PORT_BASE + 5 });
  portals.push(a);
  await waitReady(a.url);
  const b = startPortal({ ...common, port: PORT_BASE + 6 });
  portals.push(b);
  await waitReady(b.url);

  const registered = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'test/faults/register-endpoint.ts', `http://127.0.0.1:${RECEIVER_PORT}/hook`],
      {
        env: {
          ...process.env,
          ...env,
          NODE_ENV: 'production',
          DATABASE_URL: db.url,
          AUTH_SECRET: secret,
          TOTP_ENCRYPTION_KEY: totpKey,
          LOG_LEVEL: 'warn',
        },
      },
    )
      .toString()
      .trim()
      .split('\n')
      .at(-1) ?? '{}',
  ) as { secret: string };

  const arrivals: Arrival[] = [];
  let holdMs = 0;
  let inFlight = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      receiver = http.createServer((req, res) => {
        inFlight++;
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const id = String(req.headers['webhook-id'] ?? '');
          const ts = Number(req.headers['webhook-timestamp']);
          const valid = req.headers['webhook-signature'] === signature(registered.secret, id, ts, body);
          let jobId = 0;
          try {
            jobId = Number((JSON.parse(body) as { data: { jobId: number } }).data.jobId);
          } catch {
            jobId = 0;
          }
          // Arrived when its body is read; the answer follows after holdMs (the sender may die meanwhile).
          arrivals.push({ messageId: id, jobId, valid, at: Date.now() });
          setTimeout(() => {
            res.writeHead(200).end('ok');
            inFlight--;
          }, holdMs);
        });
      });
      receiver.on('connection', (s: Socket) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      receiver.listen(RECEIVER_PORT, '127.0.0.1', () => resolve());
    });
  await listen();

  const token = await signIn(b.url, smtp);
  const branchId = await branchOf(b.url, token);
  let aAlive = true;
  let stopped = false;
  const writing = writeJobs({
    urls: () => (aAlive ? [a.url, b.url] : [b.url]),
    token,
    branchId,
    prefix: `HOOK${Date.now().toString(36).toUpperCase()}`,
    writers: 4,
    retries: 2,
    stop: () => stopped,
  });
  await sleep(3_000);
  await closeReceiver();
  const downAt = Date.now();
  await sleep(DOWN_MS);
  holdMs = 1_000;
  await listen();
  const upAt = Date.now();
  const sendingAtKill = (await until(() => inFlight > 0, 10_000)) ? inFlight : 0;
  a.kill('SIGKILL');
  aAlive = false;
  await sleep(5_000);
  stopped = true;
  holdMs = 0;
  const log = await writing;

  const acknowledged = [...log.acknowledged.values()];
  const arrived = (jobId: number) => arrivals.some((x) => x.jobId === jobId && x.valid);
  const recoveryMs = (await until(() => acknowledged.every(arrived), ALLOWED_MS + 30_000))
    ? Math.max(...acknowledged.map((j) => Math.min(...arrivals.filter((x) => x.jobId === j).map((x) => x.at)))) - upAt
    : Infinity;
  const perJob = acknowledged.map((j) => arrivals.filter((x) => x.jobId === j).length);
  const invalid = arrivals.filter((x) => !x.valid);
  report('webhook receiver down for 30 s, an instance killed mid-delivery', {
    attempts: log.attempted.size,
    acknowledged: acknowledged.length,
    lost: perJob.filter((n) => n === 0).length,
    duplicated: perJob.filter((n) => n > 1).length,
    recoveryMs,
    allowedMs: ALLOWED_MS,
    downMs: upAt - downAt,
    arrivals: arrivals.length,
    invalidSignatures: invalid.length,
    sendingWhenKilled: sendingAtKill,
  });

  expect(sendingAtKill, 'deliveries in flight when A was killed').toBeGreaterThan(0);
  expect(perJob.filter((n) => n === 0).length, 'acknowledged jobs whose event never arrived').toBe(0);
  expect(invalid).toEqual([]);
  expect(recoveryMs).toBeLessThanOrEqual(ALLOWED_MS);
});
