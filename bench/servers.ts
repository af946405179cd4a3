/** Helpers of the benchmarks that run the portal as a server (jobs-page, pages): child processes, readiness, one GET. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** A child process with the given environment added; its stderr shows through. */
export function start(cmd: string[], env: Record<string, string>): ChildProcess {
  const [bin, ...args] = cmd;
  if (!bin) throw new Error('empty command');
  return spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Waits until the URL answers 2xx. */
export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface Document {
  /** ms to the first byte of the body. */
  ttfb: number;
  /** ms to its last byte. */
  total: number;
  html: string;
  /** Bytes received (the body as sent: uncompressed when `identity` was asked for). */
  bytes: number;
}

/** One GET of a page with the cookie, read to the end. `identity`: asks for the document uncompressed. */
export async function getPage(url: string, cookie: string, identity = false): Promise<Document> {
  const t0 = performance.now();
  const res = await fetch(url, {
    headers: { cookie, ...(identity ? { 'accept-encoding': 'identity' } : {}) },
    redirect: 'manual',
  });
  if (res.status !== 200 || !res.body) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let ttfb = 0;
  let html = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!ttfb) ttfb = performance.now() - t0;
    bytes += value.length;
    html += decoder.decode(value, { stream: true });
  }
  return { ttfb, total: performance.now() - t0, html, bytes };
}

export interface Portal {
  appUrl: string;
  /** The mail catcher and the portal. */
  children: ChildProcess[];
  /** Resolves once the portal answers /api/ready (it migrates the database first); rejects if it exits first. */
  ready(): Promise<void>;
}

/**
 * The portal's production server (scripts/start.ts, `npm run build` first) on a PostgreSQL database, with a mail
 * catcher for the sign-in codes: the portal on `base`, SMTP on base + 2, the catcher's mailbox on base + 3 (the
 * ports the e2e helpers take from E2E_PORT_BASE = base).
 */
export function startPortal(base: number, dbUrl: string): Portal {
  const appUrl = `http://127.0.0.1:${base}`;
  const tsx = [process.execPath, '--import', 'tsx'];
  const mail = start([...tsx, 'e2e/support/mail-server.ts', String(base + 2), String(base + 3)], {});
  const app = start([...tsx, 'scripts/start.ts'], {
    DATABASE_URL: dbUrl,
    AUTH_SECRET: randomBytes(48).toString('base64'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PORT: String(base),
    APP_URL: appUrl,
    SMTP_URL: `smtp://127.0.0.1:${base + 2}`,
    MAIL_WORKER_ENABLED: 'true',
    MAIL_WORKER_INTERVAL_MS: '250',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  return {
    appUrl,
    children: [mail, app],
    async ready() {
      await waitFor(`http://127.0.0.1:${base + 3}/health`, 30_000);
      const exited = new Promise<never>((_, reject) =>
        app.once('exit', (code) => reject(new Error(`the portal exited (${code}) before it answered`))),
      );
      await Promise.race([waitFor(`${appUrl}/api/ready`, 180_000), exited]);
    },
  };
}
