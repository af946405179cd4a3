/**
 * The fault suite's parts (test/faults/*.fault.ts, vitest.faults.config.ts): production portals (`npm start` of the
 * build in .next) on fresh databases, driven over HTTP as a caller would, and the figures each case prints.
 *
 * A portal runs in its own process group, so kill -9 takes the start script and the Next server together, as a
 * machine losing power would. Its output is kept, so a case can look for an uncaught exception in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { formatInTimeZone } from 'date-fns-tz';
import postgres from 'postgres';
import type { TestSmtp } from '@/test/smtp';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Ports FAULTS_PORT_BASE .. +19 (default 3400): each case takes its own, so cases run side by side. */
export const PORT_BASE = Number(process.env.FAULTS_PORT_BASE ?? 3400);
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Harbour#Vale2026';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh PostgreSQL database on ADMIN_URL's server; drop() removes it (connections and all). */
export async function freshDatabase(label: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `jms_fault_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: () => onServer(`drop database if exists "${name}" with (force)`) };
}

export async function onServer(statement: string): Promise<void> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

export interface Portal {
  url: string;
  port: number;
  /** Everything the start script and the server wrote, line by line. */
  output: string[];
  exited: Promise<number | null>;
  /** Signals the whole process group (the start script and the Next server it runs). */
  kill(signal: NodeJS.Signals): void;
  /** Stops it (SIGKILL unless already gone) and removes its data directory unless `keepData`. */
  stop(): Promise<void>;
  dataDir: string;
}

export interface PortalOptions {
  port: number;
  /** PostgreSQL URL; none: the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** Reuse a data directory (the embedded database restarted after a kill). */
  dataDir?: string;
  secret?: string;
  totpKey?: string;
  env?: Record<string, string>;
}

/** The secrets instances of one database share. */
export function sharedSecrets(): { secret: string; totpKey: string } {
  return { secret: randomBytes(48).toString('base64url'), totpKey: randomBytes(32).toString('base64') };
}

export function startPortal(o: PortalOptions): Portal {
  const dataDir = o.dataDir ?? mkdtempSync(path.join(tmpdir(), `jms-fault-${o.port}-`));
  const url = `http://127.0.0.1:${o.port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(o.port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: o.databaseUrl ?? '',
      AUTH_SECRET: o.secret ?? randomBytes(48).toString('base64url'),
      TOTP_ENCRYPTION_KEY: o.totpKey ?? randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_MAX: '1000000',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      SMTP_URL: '',
      ...o.env,
    },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  return {
    url,
    port: o.port,
    output,
    exited,
    kill,
    dataDir,
    async stop() {
      kill('SIGKILL');
      await exited;
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Waits until GET /api/ready answers 200; answers how long that took. */
export async function waitReady(url: string, timeoutMs = 150_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not become ready`);
    await sleep(200);
  }
}

/** The uncaught exceptions a portal's output reports (Next logs them as `uncaughtException: …`). */
export function uncaughtIn(p: Portal): string[] {
  return p.output.filter((l) => /uncaughtException|unhandledRejection/.test(l));
}

/** Signs in over the legacy API (password, then the OTP from `smtp`); answers the bearer token. */
export async function signIn(url: string, smtp: TestSmtp, userName = 'hv.user'): Promise<string> {
  const step = (await (
    await post(url, '/api/Authentication/SignIn', { UserName: userName, Password: DEMO_PASSWORD })
  ).json()) as { LStatus: number; ChallengeId: string; OtpReference: string };
  if (step.LStatus !== 1) throw new Error(`sign-in of ${userName} sent no code: ${JSON.stringify(step)}`);
  const mail = await smtp.waitFor((m) => m.subject.includes(`(ref ${step.OtpReference})`), 30_000);
  const code = /is:\s+(\d{6})/.exec(mail.text)?.[1] ?? '';
  const done = (await (
    await post(url, '/api/Authentication/AuthenticateUser', { ChallengeId: step.ChallengeId, OTP: code })
  ).json()) as { jwtToken?: string };
  if (!done.jwtToken) throw new Error(`no token for ${userName}`);
  return done.jwtToken;
}

export function post(
  url: string,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<Response> {
  return fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** The first branch address of the token's client: where a new job is collected from. */
export async function branchOf(url: string, token: string): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const session = (await (await fetch(`${url}/api/Authentication/Session`, { headers: auth })).json()) as {
    ClientId: number;
  };
  const branches = (await (
    await fetch(`${url}/api/Job/ClientBranchAddress/${session.ClientId}`, { headers: auth })
  ).json()) as { ClientBranchAddressId: number }[];
  const id = branches[0]?.ClientBranchAddressId;
  if (!id) throw new Error('no branch address');
  return id;
}

/** The documented api/Job/Add payload: ready in about an hour, due three hours later (the demo client's zone). */
export function jobPayload(matterReference: string, branchId: number): Record<string, unknown> {
  const zone = 'Australia/Sydney';
  const quarter = 15 * 60_000;
  const ready = new Date(Math.ceil((Date.now() + 60 * 60_000) / quarter) * quarter);
  const due = new Date(ready.getTime() + 3 * 60 * 60_000);
  const d = (x: Date) => formatInTimeZone(x, zone, 'dd/MM/yyyy');
  const t = (x: Date) => formatInTimeZone(x, zone, 'hh:mm a');
  return {
    OrderType: 6,
    ContactName: 'Morgan Patel',
    Email: 'fault.orderer@example.com',
    ContactPhone: '(02)9000-0000',
    AfterHourContactNumber: '0412345678',
    MatterReference: matterReference,
    ClientBranchAddressId: branchId,
    WhatToCollect: 'One archive box from reception',
    DateReadyInput: d(ready),
    TimeReadyInput: t(ready),
    DateDueInput: d(due),
    TimeDueInput: t(due),
    eScanInstructions: {
      originalFileContainsAnyColour: 2,
      scanDetermineDocumentBreaks: 1,
      scanDetermineHostAttachment: 1,
      scanApplyPageNumbers: 2,
      scanObjectiveCodingDocuments: 2,
      scanCreateIndexing: 1,
      scanImageFileFormat: 1,
      scanFileNaming: 1,
      deliverFiles: [{ deliverType: 1, SelectedValue: true }],
    },
  };
}

/** One request a writer made: when, how long, and what came back. */
export interface Call {
  reference: string;
  startedAt: number;
  ms: number;
  /** The HTTP status, or 0 when no answer came (connection refused or reset, time-out). */
  status: number;
  jobId?: number;
}

export interface WriteLog {
  calls: Call[];
  /** Matter references whose job was acknowledged (a 200 with its id), with that id. */
  acknowledged: Map<string, number>;
  /** Matter references tried (each a distinct job the caller wanted once). */
  attempted: Set<string>;
}

/** One api/Job/Add call for `reference`, its Idempotency-Key the reference itself. */
export async function addJob(url: string, token: string, branchId: number, reference: string): Promise<Call> {
  const startedAt = Date.now();
  const call: Call = { reference, startedAt, ms: 0, status: 0 };
  try {
    const res = await post(url, '/api/Job/Add', jobPayload(reference, branchId), {
      authorization: `Bearer ${token}`,
      'idempotency-key': reference,
    });
    call.status = res.status;
    if (res.status === 200) call.jobId = ((await res.json()) as { JobId: number }).JobId;
    else await res.arrayBuffer();
  } catch {
    call.status = 0;
  }
  call.ms = Date.now() - startedAt;
  return call;
}

/**
 * `writers` callers adding jobs through api/Job/Add until `stop()` says so. Each job has its own matter reference
 * and Idempotency-Key; a call that gets no answer or a 5xx is sent again with the same key (to the next portal in
 * `urls`, up to `retries` times), as a careful client does, so a retry may not create a second job. A job is
 * acknowledged only when a 200 with its id comes back.
 */
export async function writeJobs(o: {
  urls: () => string[];
  token: string;
  branchId: number;
  prefix: string;
  writers: number;
  stop: () => boolean;
  retries?: number;
  /** A writer's pause between one job and the next (default none). */
  pauseMs?: number;
  log?: WriteLog;
}): Promise<WriteLog> {
  const log: WriteLog = o.log ?? { calls: [], acknowledged: new Map(), attempted: new Set() };
  let n = 0;
  await Promise.all(
    Array.from({ length: o.writers }, async (_, w) => {
      while (!o.stop()) {
        const reference = `${o.prefix}-${w}-${++n}`;
        log.attempted.add(reference);
        for (let attempt = 0; attempt <= (o.retries ?? 0); attempt++) {
          const urls = o.urls();
          const url = urls[(w + attempt) % urls.length] ?? '';
          const call = await addJob(url, o.token, o.branchId, reference);
          log.calls.push(call);
          if (call.jobId) {
            log.acknowledged.set(reference, call.jobId);
            break;
          }
          if (call.status !== 0 && call.status < 500) break;
          if (o.stop()) break;
          await sleep(200);
        }
        if (o.pauseMs) await sleep(o.pauseMs);
      }
    }),
  );
  return log;
}

/** The jobs whose matter reference starts with `prefix`, as the caller's job list shows them: reference → ids. */
export async function jobsListed(url: string, token: string, prefix: string): Promise<Map<string, number[]>> {
  const res = await post(
    url,
    '/api/Job/JobsList/CurrentPage/1/PageSize/0',
    { MatterReference: prefix },
    { authorization: `Bearer ${token}` },
  );
  if (res.status !== 200) throw new Error(`job list answered ${res.status}`);
  const body = (await res.json()) as { Jobs: { JobId: number; MatterReference: string }[] };
  const byRef = new Map<string, number[]>();
  for (const j of body.Jobs) {
    const ref = j.MatterReference.toUpperCase();
    byRef.set(ref, [...(byRef.get(ref) ?? []), j.JobId]);
  }
  return byRef;
}

export interface Figures {
  attempts: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  /** How long the service took to recover, and the most the case allows. */
  recoveryMs: number;
  allowedMs: number;
  [more: string]: number | string;
}

/** Lost (acknowledged, not listed) and duplicated (one reference, several jobs) from the write log and the list. */
export function tally(log: WriteLog, listed: Map<string, number[]>): { lost: string[]; duplicated: string[] } {
  const lost = [...log.acknowledged.keys()].filter((ref) => !listed.get(ref.toUpperCase())?.length);
  const duplicated = [...listed.entries()].filter(([, ids]) => ids.length > 1).map(([ref]) => ref);
  return { lost, duplicated };
}

/** The p-th percentile (0-100) of `values`, 0 when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Prints a case's figures as one line the CI log shows, with the machine's load average (1 minute). */
export function report(caseName: string, f: Figures): void {
  const parts = [...Object.entries(f), ['load', loadavg()[0]?.toFixed(1) ?? '?']].map(([k, v]) => `${k}=${v}`);
  console.log(`FAULT ${caseName}: ${parts.join(' ')}`);
}

/** Users whose sign-in sends a code by e-mail (the demo data's). */
export const MAIL_USERS = ['hv.user', 'hv.admin', 'hv.group1', 'hv.legal', 'ng.user', 'ng.admin'] as const;

/** One sign-in code the portal acknowledged it would send: to whom, and the reference its subject carries. */
export interface MailAck {
  to: string;
  reference: string;
  at: number;
}

/**
 * Starts a sign-in (password step) over the legacy API, which queues the code's e-mail; acknowledged when the
 * answer names the reference the e-mail will carry.
 */
export async function requestCode(url: string, userName: string): Promise<MailAck | null> {
  try {
    const res = await post(url, '/api/Authentication/SignIn', { UserName: userName, Password: DEMO_PASSWORD });
    if (res.status !== 200) return null;
    const step = (await res.json()) as { LStatus: number; OtpReference: string | null };
    return step.LStatus === 1 && step.OtpReference
      ? { to: `${userName}@example.com`, reference: step.OtpReference, at: Date.now() }
      : null;
  } catch {
    return null;
  }
}

/** How many times each acknowledged code's e-mail arrived at `smtp`. */
export function deliveries(acks: MailAck[], smtp: TestSmtp): number[] {
  return acks.map(
    (a) => smtp.received.filter((m) => m.to.includes(a.to) && m.subject.includes(`(ref ${a.reference})`)).length,
  );
}

/** Waits until `done()` holds or `ms` pass; answers whether it held. */
export async function until(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) return false;
    await sleep(100);
  }
  return true;
}
