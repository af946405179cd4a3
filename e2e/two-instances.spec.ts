/**
 * Two instances, one truth (issue 15 item 6): two portal instances (`npm start`, production build) on one
 * PostgreSQL database, one S3 server (s3rver) and one SMTP server (the e2e mail catcher). Shows that a session
 * started on A works on B; a file uploaded on A downloads on B with the same SHA-256; a mail enqueued while
 * both workers run is sent once; the sign-in lockout counts failures made on both; and SIGTERM on A lets its
 * requests in flight finish while B keeps serving.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): a fresh database
 * is created for the run and dropped afterwards. Ports: E2E_PORT_BASE + 50, + 51 (instances), + 52 (S3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import postgres from 'postgres';
import { startTestS3, type TestS3 } from '../test/s3';
import { DEMO_PASSWORD, enterOtp, otpReference, readOtp, settleNotice, submitCredentials } from './support/auth';
import { messagesTo } from './support/mailbox';
import { ports } from './support/ports';
import { waitReady } from '../test/faults/harness';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const PORT_A = base + 50;
const PORT_B = base + 51;
const PORT_S3 = base + 52;
const A = `http://127.0.0.1:${PORT_A}`;
const B = `http://127.0.0.1:${PORT_B}`;
const BUCKET = 'jms-two-instances';
const dbName = `jms_e2e_two_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const secret = randomBytes(48).toString('base64url');
// Production on PostgreSQL requires its own key for the authenticator-app secrets; both instances share it.
const totpKey = randomBytes(32).toString('base64');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let s3: TestS3;
const instances: Record<
  'A' | 'B',
  { child: ChildProcess; dataDir: string; exited: Promise<number | null> } | undefined
> = { A: undefined, B: undefined };

function startInstance(name: 'A' | 'B', port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `jms-two-${name}-`));
  // Its own process group: `npm start` runs the Next server as a child, and the teardown ends both.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      AUTH_SECRET: secret,
      TOTP_ENCRYPTION_KEY: totpKey,
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      MAIL_WORKER_INTERVAL_MS: '100',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      LOGIN_ATTEMPT_LIMIT: '5',
      // The lockout case counts plain failures; the captcha has its own tests.
      CAPTCHA_AFTER_FAILURES: '100',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  instances[name] = { child, dataDir, exited };
}

/** Signs in over the legacy API on one instance (password, then the e-mailed OTP) and returns the bearer token. */
async function tokenOn(request: APIRequestContext, url: string, userName: string): Promise<string> {
  const res = await request.post(`${url}/api/Authentication/SignIn`, {
    data: { UserName: userName, Password: DEMO_PASSWORD },
  });
  const step = (await res.json()) as { LStatus: number; ChallengeId: string; OtpReference: string };
  expect(step.LStatus).toBe(1);
  const code = await readOtp(userName, step.OtpReference);
  const auth = await request.post(`${url}/api/Authentication/AuthenticateUser`, {
    data: { ChallengeId: step.ChallengeId, OTP: code },
  });
  const done = (await auth.json()) as { jwtToken: string };
  return done.jwtToken;
}

function multipart(fileName: string, content: Buffer): { type: string; body: Buffer } {
  const boundary = `----two${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

test.beforeAll(async () => {
  // A migrates and seeds a fresh PostgreSQL database (the demo data, its files into S3) before B starts.
  test.setTimeout(180_000);
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database "${dbName}"`);
  } finally {
    await admin.end();
  }
  s3 = await startTestS3(BUCKET, PORT_S3);
  // A migrates and seeds the empty database; B starts on what A made.
  startInstance('A', PORT_A);
  await waitReady(A);
  startInstance('B', PORT_B);
  await waitReady(B);
});

test.afterAll(async () => {
  for (const i of Object.values(instances)) {
    if (!i) continue;
    // The whole group, so the Next server the start script ran never outlives the test and holds its port.
    try {
      if (i.child.pid) process.kill(-i.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await i.exited;
    rmSync(i.dataDir, { recursive: true, force: true });
  }
  await s3?.stop();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  } finally {
    await admin.end();
  }
});

test('a session started on A works on B', async ({ page, request }) => {
  await page.goto(`${A}/SignIn`);
  await submitCredentials(page, 'hv.user');
  const code = await readOtp('hv.user', await otpReference(page));
  await enterOtp(page, code);
  await page.waitForURL(`${A}/JobClient`);
  // The session cookie (host-only, any port of 127.0.0.1) now goes to B: the same server-side session.
  await page.goto(`${B}/JobClient`);
  await expect(page).toHaveURL(`${B}/JobClient`);
  // The once-per-session notice may open over the page first: close it once it has come.
  await settleNotice(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: /Sign out/i })
      .or(page.getByRole('button', { name: /hv\.user|Sign out/i }))
      .first(),
  ).toBeVisible();

  // The legacy bearer token too: issued by A, accepted by B.
  const token = await tokenOn(request, A, 'hv.admin');
  const onB = await request.get(`${B}/api/Authentication/Session`, { headers: { authorization: `Bearer ${token}` } });
  expect(onB.status()).toBe(200);
  expect(JSON.stringify(await onB.json())).toContain('hv.admin');
});

test('a file uploaded on A (size declared or not) downloads on B with the same SHA-256; a deliverable attached on A downloads on B', async ({
  request,
}) => {
  const client = await tokenOn(request, A, 'hv.user');
  const bytes = randomBytes(6 * 1024 * 1024 + 11);
  const m = multipart('evidence.pdf', bytes);
  const up = await request.post(`${A}/api/Document/UploadJob/5`, {
    headers: { authorization: `Bearer ${client}`, 'content-type': m.type },
    data: m.body,
  });
  expect(up.status()).toBe(200);
  const doc = (await up.json()) as { DocumentId: number; Sha256: string; Size: number };
  expect(doc).toMatchObject({ Sha256: sha(bytes), Size: bytes.length });
  const down = await request.get(`${B}/api/Document/Download/${doc.DocumentId}`, {
    headers: { authorization: `Bearer ${client}` },
  });
  expect(down.status()).toBe(200);
  const got = await down.body();
  expect(sha(got)).toBe(doc.Sha256);
  expect(down.headers()['x-content-sha256']).toBe(doc.Sha256);

  // The same bytes with their size declared, as the order form sends them: one streamed PutObject on A.
  const declared = await request.post(`${A}/api/Document/UploadJob/5`, {
    headers: { authorization: `Bearer ${client}`, 'content-type': m.type, 'x-file-size': String(bytes.length) },
    data: m.body,
  });
  expect(declared.status()).toBe(200);
  const doc2 = (await declared.json()) as { DocumentId: number; Sha256: string };
  expect(doc2.Sha256).toBe(sha(bytes));
  const down2 = await request.get(`${B}/api/Document/Download/${doc2.DocumentId}`, {
    headers: { authorization: `Bearer ${client}` },
  });
  expect(sha(await down2.body())).toBe(sha(bytes));

  // Staff attach a finished file to one of the client's jobs on A; the client downloads it on B.
  const staff = await tokenOn(request, A, 'staff.ops');
  const jobs = await request.post(`${B}/api/Job/JobsList/CurrentPage/1/PageSize/1`, {
    headers: { authorization: `Bearer ${client}` },
    data: {},
  });
  const jobId = ((await jobs.json()) as { Jobs: { JobId: number }[] }).Jobs[0]?.JobId;
  expect(jobId).toBeGreaterThan(0);
  const output = Buffer.from('%PDF-1.4\nscanned output\n%%EOF\n');
  const d = multipart('scan-output.pdf', output);
  const att = await request.post(`${A}/api/Ops/Jobs/${jobId}/Deliverables`, {
    headers: { authorization: `Bearer ${staff}`, 'content-type': d.type },
    data: d.body,
  });
  expect(att.status()).toBe(200);
  const delivered = (await att.json()) as { DocumentId: number; Sha256: string };
  expect(delivered.Sha256).toBe(sha(output));
  const dl = await request.get(`${B}/api/Document/Download/${delivered.DocumentId}`, {
    headers: { authorization: `Bearer ${client}` },
  });
  expect(sha(await dl.body())).toBe(delivered.Sha256);
});

test('a mail enqueued while both workers run is sent once', async () => {
  const to = `once-${randomBytes(4).toString('hex')}@example.com`;
  const sql = postgres(dbUrl, { max: 1, onnotice: () => undefined });
  try {
    // Twenty messages enqueued at once: both instances' workers race for them.
    await sql`insert into email_outbox (message_id, to_address, subject, text_body, kind, next_attempt_at)
      select '<once-' || g || '-' || ${to} || '>', ${to}, 'Once ' || g, 'Sent exactly once.', 'test', now() from generate_series(1, 20) g`;
    await expect.poll(async () => (await messagesTo(to)).length, { timeout: 30_000 }).toBe(20);
    // Every row settled (none waiting or held by a claim): a second send of one would have arrived before that.
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }[]>`select count(*)::int as n from email_outbox
              where to_address = ${to} and status in ('pending', 'sending')`
          )[0]?.n,
        { timeout: 30_000 },
      )
      .toBe(0);
    const got = await messagesTo(to);
    expect(got).toHaveLength(20);
    expect(new Set(got.map((m) => m.subject)).size).toBe(20);
    const rows = await sql<
      { status: string; attempts: number }[]
    >`select status, attempts from email_outbox where to_address = ${to}`;
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  } finally {
    await sql.end();
  }
});

test('the sign-in lockout counts failures made on both instances', async ({ request }) => {
  const attempt = async (url: string, password: string) => {
    const res = await request.post(`${url}/api/Authentication/SignIn`, {
      data: { UserName: 'hv.group1', Password: password },
    });
    return (await res.json()) as { LStatus: number; LoginAttemptLeft: number; IsAccountLocked: boolean };
  };
  expect(await attempt(A, 'Wrong#Password1')).toMatchObject({ LStatus: 0, LoginAttemptLeft: 4 });
  expect(await attempt(B, 'Wrong#Password2')).toMatchObject({ LStatus: 0, LoginAttemptLeft: 3 });
  expect(await attempt(A, 'Wrong#Password3')).toMatchObject({ LStatus: 0, LoginAttemptLeft: 2 });
  expect(await attempt(B, 'Wrong#Password4')).toMatchObject({ LStatus: 0, LoginAttemptLeft: 1 });
  expect(await attempt(A, 'Wrong#Password5')).toMatchObject({ IsAccountLocked: true });
  // Locked everywhere, even with the right password.
  expect(await attempt(B, DEMO_PASSWORD)).toMatchObject({ IsAccountLocked: true });
});

test('SIGTERM on A lets its request in flight finish while B keeps serving', async ({ request }) => {
  const token = await tokenOn(request, B, 'hv.user');
  const bytes = randomBytes(4 * 1024 * 1024);
  const m = multipart('slow.pdf', bytes);
  // A slow upload to A: the body trickles in over about three seconds; `begun` once a third of it has left.
  let bodyBegun = () => undefined as void;
  const begun = new Promise<void>((r) => (bodyBegun = r));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${A}/api/Document/UploadJob/5`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': m.type, 'content-length': m.body.length },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const step = Math.ceil(m.body.length / 30);
    let i = 0;
    const send = () => {
      if (i >= m.body.length) return void req.end();
      const third = i >= m.body.length / 3;
      req.write(m.body.subarray(i, i + step), () => {
        if (third) bodyBegun();
      });
      i += step;
      setTimeout(send, 100);
    };
    send();
  });
  await begun;
  instances.A?.child.kill('SIGTERM');
  // B serves while A drains.
  const during = await request.get(`${B}/api/ready`);
  expect(during.status()).toBe(200);
  const done = await answer;
  expect(done.status).toBe(200);
  const doc = JSON.parse(done.body) as { DocumentId: number; Sha256: string };
  expect(doc.Sha256).toBe(sha(bytes));
  // A is gone; B serves the file A finished storing.
  await instances.A?.exited;
  await expect(fetch(`${A}/api/health`)).rejects.toThrow();
  const down = await request.get(`${B}/api/Document/Download/${doc.DocumentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sha(await down.body())).toBe(doc.Sha256);
});
