/**
 * The first run, as the README tells a newcomer (issue 26 item 1): `npm start` on the production build with no
 * configuration at all — no SMTP_URL, no DATABASE_URL, no secrets, only PORT (which the README allows) — in a checkout
 * whose ./data does not exist yet. The spec reads the start log as a person would: it waits for the URL the banner
 * prints (printed once the server answers), takes the demo sign-in from the banner, signs in in Chromium and types
 * the code it finds in the e-mail printed in the log. The checkout is the repository's own files linked into a
 * fresh directory (everything but ./data), so the data directory is new and nothing else differs.
 * Port: E2E_PORT_BASE + 60.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { otpReference, settleNotice, submitCredentials, enterOtp } from './support/auth';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 60;
const repo = process.cwd();
let checkout = '';
let child: ChildProcess | undefined;
let exited: Promise<number | null> | undefined;
let output = '';

/** Waits until the log matches `re` (or the start ends or times out) and returns the match. */
async function waitForLog(re: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = re.exec(output);
    if (m) return m;
    if (child?.exitCode !== null && child?.exitCode !== undefined)
      throw new Error(`npm start ended (${child.exitCode}) before ${re}:\n${output}`);
    if (Date.now() > until) throw new Error(`no ${re} in the start log:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test.beforeAll(() => {
  checkout = mkdtempSync(path.join(tmpdir(), 'jms-first-run-'));
  for (const entry of readdirSync(repo)) {
    if (entry === 'data' || entry === '.git') continue;
    symlinkSync(path.join(repo, entry), path.join(checkout, entry));
  }
  // Nothing of this process's configuration: a shell's PATH and HOME, and the port.
  // (NODE_ENV too is unset, as in a newcomer's shell: the type of process.env insists on it, hence the cast.)
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? checkout,
    PORT: String(PORT),
  } as Record<string, string> as NodeJS.ProcessEnv;
  child = spawn('npm', ['start'], { cwd: checkout, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  exited = new Promise((resolve) => child?.once('exit', (code) => resolve(code)));
});

test.afterAll(async () => {
  try {
    // The whole group: npm, the start script and the Next server it runs.
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await exited;
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

test('npm start with nothing configured prints the URL once it answers, and a newcomer signs in with the code from the log', async ({
  page,
}) => {
  const ready = await waitForLog(/JMS Portal is ready: (http:\/\/\S+)/, 240_000);
  const url = ready[1] ?? '';
  expect(url).toBe(`http://localhost:${PORT}`);
  // The URL is printed once the server answers: it answers at once.
  expect((await fetch(`${url}/api/ready`)).status).toBe(200);
  expect(output.indexOf('Ready in')).toBeGreaterThan(-1);
  expect(output.indexOf('Ready in')).toBeLessThan(ready.index);
  // A fresh ./data of the checkout holds the embedded database.
  expect(output).toContain(`embedded PGlite in ${path.join(checkout, 'data', 'pglite')}`);
  expect(output).toContain('Demo data seeded.');
  // Warned once that no e-mail leaves the machine.
  expect(output.match(/SMTP_URL is not set, so no e-mail leaves this machine/g)).toHaveLength(1);

  const demo = /Demo sign-in: (\S+) \(client user\).*password (\S+)/.exec(output);
  expect(demo).not.toBeNull();
  const [, userName = '', password = ''] = demo ?? [];

  const failures: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${url}/SignIn`);
  await submitCredentials(page, userName, password);
  const reference = (await otpReference(page)).replace(/[^A-Z0-9]/g, '');
  // The e-mail, printed whole: the code a person reads in the log.
  const mail = await waitForLog(
    new RegExp(`E-MAIL \\(not sent: no SMTP_URL\\)\\nSubject: [^\\n]*\\(ref ${reference}\\)\\n[\\s\\S]*?\\n-{79}\\n`),
    30_000,
  );
  expect(mail[0]).toContain(`To: ${userName}@example.com`);
  const code = /is:\s+(\d{6})/.exec(mail[0])?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(output).not.toContain('[see outbox]');
  await enterOtp(page, code ?? '');
  await page.waitForURL(`${url}/JobClient`);
  await settleNotice(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();

  // The site icon is served (no redirect to the sign-in, no 404 in the console).
  const icon = await fetch(`${url}/favicon.ico`, { redirect: 'manual' });
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toContain('image/');
  expect(failures).toEqual([]);
});
