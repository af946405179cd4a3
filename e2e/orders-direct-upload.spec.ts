/**
 * Direct-to-bucket uploads in the browser (issue 29): an instance of the portal with S3_DIRECT_UPLOADS on the
 * test's S3 server (s3rver, with a CORS rule for the browser's PUT). Three files dropped on the order form at once,
 * one cancelled mid-upload and retried; each goes by presigned PUT straight to the bucket, the portal checks it
 * (size, SHA-256) and answers its receipt; the saved job lists all three and each downloads with its SHA-256.
 * Ports: E2E_PORT_BASE + 60 (the instance), + 62 (S3). Its own embedded database, seeded with the demo data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { OPEN_CORS, startTestS3, type TestS3 } from '../test/s3';
import { enterOtp, otpReference, readOtp, settleNotice, submitCredentials } from './support/auth';
import { ports } from './support/ports';

const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const PORT = base + 60;
const APP = `http://127.0.0.1:${PORT}`;
const BUCKET = 'jms-direct';
const ZONE = 'Australia/Sydney';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let s3: TestS3;
let app: { child: ChildProcess; dataDir: string; exited: Promise<number | null> } | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  s3 = await startTestS3(BUCKET, base + 62, { cors: OPEN_CORS });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jms-direct-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      APP_URL: APP,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      MAIL_WORKER_INTERVAL_MS: '100',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_DIRECT_UPLOADS: 'true',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
    },
  });
  app = { child, dataDir, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  const until = Date.now() + 150_000;
  for (;;) {
    if (
      await fetch(`${APP}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error('the direct-upload instance did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }
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
  await s3?.stop();
});

test('three files dropped at once go straight to the bucket: one cancelled mid-upload and retried; each checked and listed with its receipt', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${APP}/SignIn`);
  await submitCredentials(page, 'hv.user');
  await enterOtp(page, await readOtp('hv.user', await otpReference(page)));
  await page.waitForURL(`${APP}/JobClient`);
  await settleNotice(page);
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${APP}/SaveJob`);
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Order type', exact: true }).selectOption({ label: 'Consulting' });
  await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412345678');
  await page.getByRole('combobox', { name: 'Matter reference' }).fill(`DIRECT-${Date.now()}`);
  const branch = page.getByRole('combobox', { name: 'Client branch address', exact: true });
  if ((await branch.inputValue()) === '') await branch.selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Instructions', exact: true }).fill('Files straight to the bucket.');
  const tomorrow = formatInTimeZone(new Date(Date.now() + 86_400_000), ZONE, 'dd/MM/yyyy');
  await page.getByRole('textbox', { name: 'Ready date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Ready time', exact: true }).selectOption('10:00 AM');
  await page.getByRole('textbox', { name: 'Requested due date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Requested due time', exact: true }).selectOption('12:00 PM');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Consulting details' })).toBeVisible();

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().startsWith(s3.endpoint)) puts.push(r.url());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  const files = [
    { name: 'brief.pdf', size: 40_000, fill: 1 },
    { name: 'bundle.pdf', size: 4 * 1024 * 1024, fill: 2 },
    { name: 'index.pdf', size: 30_000, fill: 3 },
  ];
  const dt = await page.evaluateHandle((list) => {
    const d = new DataTransfer();
    for (const f of list)
      d.items.add(new File([new Uint8Array(f.size).fill(f.fill)], f.name, { type: 'application/pdf' }));
    return d;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop'])
    await page.dispatchEvent('form:has(input[type="file"])', type, { dataTransfer: dt });
  const row = (name: string) => page.getByTestId('source-file').filter({ hasText: name });
  const big = row('bundle.pdf');
  await expect
    .poll(
      async () =>
        Number(
          (await big
            .getByRole('progressbar')
            .getAttribute('aria-valuenow')
            .catch(() => '0')) ?? 0,
        ),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await big.getByRole('button', { name: 'Cancel upload of bundle.pdf' }).click();
  await expect(big).toContainText('The upload was cancelled. Nothing was attached.');
  await expect(row('brief.pdf')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row('index.pdf')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await big.getByRole('button', { name: 'Retry upload of bundle.pdf' }).click();
  await expect(big).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const bytes = (f: (typeof files)[number]) => Buffer.alloc(f.size, f.fill);
  for (const f of files)
    await expect(row(f.name).getByTestId('source-file-sha256')).toHaveText(`SHA-256 ${sha(bytes(f))}`);
  // The bytes went to the bucket, not through the portal.
  expect(puts.length).toBeGreaterThanOrEqual(4);

  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobClient\?messageType=1&jb=/);
  let jb = new URL(page.url()).searchParams.get('jb') ?? '';
  for (let i = 0; i < 4; i++) jb = Buffer.from(jb, 'base64').toString('utf8');
  const job = await (await page.request.get(`${APP}/api/Job/${Number(jb)}`)).json();
  expect(job.DocumentModel.map((d: { FileName: string }) => d.FileName).sort()).toEqual([
    'brief.pdf',
    'bundle.pdf',
    'index.pdf',
  ]);
  for (const d of job.DocumentModel as { DocumentId: number; FileName: string; Sha256: string }[]) {
    const f = files.find((x) => x.name === d.FileName)!;
    expect(d.Sha256).toBe(sha(bytes(f)));
    const got = await (await page.request.get(`${APP}/api/Document/Download/${d.DocumentId}`)).body();
    expect(sha(got)).toBe(sha(bytes(f)));
  }
});
