/**
 * News as it happens across instances (issue 28 item 3): two portal instances (`npm start`, production build)
 * on one PostgreSQL database. A client user has the job list open on A; staff change a job's status on B in
 * another browser; within 5 s the row on A shows it, without a reload: the news goes through the database
 * (written in the change's transaction, NOTIFY at commit, LISTEN on every instance), never through one
 * instance's memory.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): a fresh database
 * is created for the run and dropped afterwards. Ports: E2E_PORT_BASE + 60, + 61.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { enterOtp, otpReference, readOtp, settleNotice, submitCredentials } from './support/auth';
import { ports } from './support/ports';
import { waitReady } from '../test/faults/harness';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const A = `http://127.0.0.1:${base + 60}`;
const B = `http://127.0.0.1:${base + 61}`;
const dbName = `jms_e2e_live_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const secret = randomBytes(48).toString('base64url');
const totpKey = randomBytes(32).toString('base64');

const instances: { child: ChildProcess; dataDir: string; exited: Promise<number | null> }[] = [];

function startInstance(url: string) {
  const port = new URL(url).port;
  const dataDir = mkdtempSync(path.join(tmpdir(), `jms-live-${port}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: port,
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      AUTH_SECRET: secret,
      TOTP_ENCRYPTION_KEY: totpKey,
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      MAIL_WORKER_INTERVAL_MS: '100',
      // A stream's own poll far slower than the 5 s asked: only NOTIFY can be that quick.
      LIVE_POLL_MS: '20000',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
    },
  });
  instances.push({ child, dataDir, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) });
}

async function signInOn(page: Page, url: string, userName: string, landing: RegExp) {
  await page.goto(`${url}/SignIn`);
  await submitCredentials(page, userName);
  await enterOtp(page, await readOtp(userName, await otpReference(page)));
  await page.waitForURL(landing);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database "${dbName}"`);
  } finally {
    await admin.end();
  }
  // A migrates and seeds the empty database; B starts on what A made.
  startInstance(A);
  await waitReady(A);
  startInstance(B);
  await waitReady(B);
});

test.afterAll(async () => {
  for (const i of instances) {
    try {
      if (i.child.pid) process.kill(-i.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await i.exited;
    rmSync(i.dataDir, { recursive: true, force: true });
  }
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  } finally {
    await admin.end();
  }
});

test('a status change made by staff on instance B shows on the job list open on instance A within 5 s, without a reload', async ({
  browser,
}) => {
  const clientCtx = await browser.newContext();
  const client = await clientCtx.newPage();
  await signInOn(client, A, 'hv.user', new RegExp(`^${A}/JobClient`));
  await settleNotice(client);
  await client.goto(`${A}/JobClient`);
  await client.evaluate(() => {
    (window as unknown as { __liveMark?: string }).__liveMark = 'not reloaded';
  });

  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signInOn(staff, B, 'staff.ops', new RegExp(`^${B}/Ops$`));

  // The first job on the client's list whose status staff may change.
  const rows = client.getByRole('table', { name: 'Jobs' }).getByRole('row');
  const count = await rows.count();
  let target: { href: string; jms: string; to: string } | null = null;
  for (let i = 1; i < count && !target; i++) {
    const link = rows.nth(i).getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    await staff.goto(`${B}${href.replace('/JobSlip', '/Ops/Job')}`);
    const select = staff.getByRole('form', { name: 'Change status' }).getByLabel('New status');
    if (!(await select.count())) continue;
    const options = (await select.locator('option').allTextContents())
      .map((s) => s.trim())
      .filter((s) => s && !/choose|select/i.test(s));
    const current = ((await rows.nth(i).textContent()) ?? '').trim();
    const to = options.find((o) => !current.includes(o));
    if (to) target = { href, jms: ((await link.textContent()) ?? '').trim(), to };
  }
  expect(target, 'a job staff may move').not.toBeNull();
  const { jms, to } = target!;
  const row = client.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: jms });
  await expect(row).not.toContainText(to);

  const form = staff.getByRole('form', { name: 'Change status' });
  await form.getByLabel('New status').selectOption({ label: to });
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByText(`Status changed to ${to}.`)).toBeVisible();

  await expect(row).toContainText(to, { timeout: 5000 });
  expect(await client.evaluate(() => (window as unknown as { __liveMark?: string }).__liveMark)).toBe('not reloaded');
  await Promise.all([clientCtx.close(), staffCtx.close()]);
});
