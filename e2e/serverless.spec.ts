/**
 * The serverless path (issue 27): an instance of the production build with every in-process worker OFF
 * (MAIL_WORKER_ENABLED=false, WEBHOOK_WORKER_ENABLED=false, ORPHAN_SWEEP_INTERVAL_MINUTES=0), as on a platform where
 * nothing runs between requests. A sign-in code still arrives within 2 s of the sign-in request (after() sends it
 * right after the response); the cron route refuses callers without CRON_SECRET and, with it, drains what no
 * request sent: a mail that failed during an SMTP outage, and an orphaned file. (Webhooks and digests through the
 * same route: lib/server/cron.db.test.ts.)
 *
 * The instance is this spec's own (embedded database, seeded like the main e2e instance) and mails to an SMTP
 * server this spec starts and stops. Ports: E2E_PORT_BASE + 60 (instance), + 61 (SMTP).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { DEMO_PASSWORD, otpFromMail } from './support/auth';
import { waitReady } from '../test/faults/harness';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const PORT = base + 60;
const PORT_SMTP = base + 61;
const URL_ = `http://127.0.0.1:${PORT}`;
const CRON_SECRET = `cron-${randomUUID()}`;
const USER = 'e2e.otp';

let smtp: TestSmtp;
let app: { child: ChildProcess; dataDir: string; exited: Promise<number | null> } | undefined;

const cron = (authorization?: string) =>
  fetch(`${URL_}/api/cron/run`, { headers: authorization ? { authorization } : {} });

async function signInStep(): Promise<{ LStatus: number; OtpReference: string | null }> {
  const res = await fetch(`${URL_}/api/Authentication/SignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: USER, Password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { LStatus: number; OtpReference: string | null };
}

const forRef = (ref: string) => (m: { to: string[]; subject: string }) =>
  m.to.includes(`${USER}@example.com`) && m.subject.includes(`(ref ${ref.replace(/[^A-Z0-9]/g, '')})`);

test.beforeAll(async () => {
  test.setTimeout(200_000);
  smtp = await startTestSmtp(PORT_SMTP);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jms-serverless-'));
  // Its own process group: the start script runs the Next server as a child, and the teardown ends both.
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/start-app.ts', dataDir], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      APP_URL: URL_,
      SMTP_URL: smtp.url,
      MAIL_WORKER_ENABLED: 'false',
      WEBHOOK_WORKER_ENABLED: 'false',
      ORPHAN_SWEEP_INTERVAL_MINUTES: '0',
      CRON_SECRET,
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
    },
  });
  app = { child, dataDir, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  await waitReady(URL_);
});

test.afterAll(async () => {
  if (app) {
    try {
      if (app.child.pid) process.kill(-app.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await app.exited;
    rmSync(app.dataDir, { recursive: true, force: true });
  }
  await smtp?.stop();
});

test('workers off: the sign-in code arrives within 2 s of the sign-in request (after())', async () => {
  // The instance's first sign-in (a cold instance: it loads the sign-in's modules, and no others, decision 037;
  // the database and argon2 were warmed before the instance answered, lib/server/start.ts) is printed, not held to
  // 2 s: 1.0–1.3 s at load 10 on 2 CPUs leaves too little margin for a loaded CI machine.
  const coldStarted = Date.now();
  const warm = await signInStep();
  await smtp.waitFor(forRef(warm.OtpReference ?? ''), 10_000);
  console.log(
    `serverless: the first sign-in of the instance: its code arrived ${Date.now() - coldStarted} ms after the request`,
  );

  const started = Date.now();
  const step = await signInStep();
  const answered = Date.now() - started;
  expect(step.LStatus).toBe(1);
  const mail = await smtp.waitFor(forRef(step.OtpReference ?? ''), 2_000);
  const elapsed = Date.now() - started;
  console.log(`serverless: sign-in answered in ${answered} ms, its code arrived ${elapsed} ms after the request`);
  expect(otpFromMail(mail.text)).toMatch(/^\d{6}$/);
  expect(elapsed).toBeLessThan(2_000);
});

test('the cron route: 401 without CRON_SECRET or with a wrong one', async () => {
  for (const auth of [undefined, `Bearer ${CRON_SECRET}-wrong`, `Bearer ${CRON_SECRET.slice(1)}`, CRON_SECRET]) {
    const res = await cron(auth);
    expect(res.status, String(auth)).toBe(401);
  }
});

test('the cron route drains what no request sent: a mail that failed in an SMTP outage, and an orphaned file', async () => {
  // A file no document names, written two days ago into the instance's local storage.
  const key = randomUUID();
  const dir = path.join(app!.dataDir, 'uploads', key.slice(0, 2));
  mkdirSync(dir, { recursive: true });
  const orphan = path.join(dir, key);
  writeFileSync(orphan, 'bytes of an instance that died before writing the row');
  const old = new Date(Date.now() - 2 * 86_400_000);
  utimesSync(orphan, old, old);

  // The SMTP server is down when after() tries: the code stays in the outbox, due again 5 s later.
  await smtp.stop();
  const step = await signInStep();
  expect(step.LStatus).toBe(1);
  await new Promise((r) => setTimeout(r, 1_500));
  await smtp.start();
  // No timer runs in this instance: past its backoff the code is still waiting.
  await new Promise((r) => setTimeout(r, 6_000));
  expect(smtp.received.filter(forRef(step.OtpReference ?? ''))).toEqual([]);
  expect(existsSync(orphan)).toBe(true);

  const res = await cron(`Bearer ${CRON_SECRET}`);
  expect(res.status).toBe(200);
  const report = (await res.json()) as { ms: number; tasks: Record<string, { handled: number; error?: string }> };
  expect(Object.keys(report.tasks)).toEqual(['digests', 'payment-reminders', 'mail', 'webhooks', 'orphan-sweep']);
  expect(Object.values(report.tasks).every((t) => t.error === undefined)).toBe(true);
  expect(report.tasks.mail?.handled).toBeGreaterThanOrEqual(1);
  expect(report.tasks['orphan-sweep']?.handled).toBeGreaterThanOrEqual(1);
  const mail = await smtp.waitFor(forRef(step.OtpReference ?? ''), 2_000);
  expect(otpFromMail(mail.text)).toMatch(/^\d{6}$/);
  expect(existsSync(orphan)).toBe(false);
});
