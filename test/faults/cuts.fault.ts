/**
 * Every backend terminated every 3 s under 8 writers for 30 s, then 30 s clean. A production portal on a fresh
 * PostgreSQL database; the writers (each pausing 250 ms between jobs) add jobs over api/Job/Add, first for 10 s
 * with no cut (the baseline), then while an admin connection cuts every backend of that database with
 * pg_terminate_backend, then 30 s clean.
 *
 * During the cuts a request may fail (it is then not acknowledged, and the writer sends it again with the same
 * Idempotency-Key). Asserted: every acknowledged job is in the caller's list, none twice; the portal logs no
 * uncaught exception; and in the clean half, which starts 3 s after the last cut (the recovery the case allows:
 * one cut period), no request fails or takes over 2 s. On a machine so busy that the portal is slower than that
 * before any cut, the bound is twice the baseline's slowest request instead, and the line the case prints says
 * which bound it applied: the fault this case guards against holds requests for the connect time-out (10 s) and
 * longer, far beyond either.
 */
import { afterAll, expect, it } from 'vitest';
import postgres from 'postgres';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import {
  ADMIN_URL,
  branchOf,
  freshDatabase,
  jobsListed,
  percentile,
  PORT_BASE,
  removeDir,
  report,
  signIn,
  sleep,
  startPortal,
  tally,
  uncaughtIn,
  waitReady,
  writeJobs,
  type Portal,
} from './harness';

const BASELINE_MS = 10_000;
const WARM_UP_MS = 3_000;
const CUT_EVERY_MS = 3_000;
const CUTS_FOR_MS = 30_000;
const CLEAN_FOR_MS = 30_000;
const SLOW_MS = 2_000;
const WRITER_PAUSE_MS = 250;

let smtp: TestSmtp | undefined;
let portal: Portal | undefined;
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;

afterAll(async () => {
  await portal?.stop();
  if (portal) removeDir(portal.dataDir);
  await smtp?.stop();
  await db?.drop();
});

it('backends cut every 3 s under 8 writers for 30 s, then 30 s clean: nothing acknowledged lost or doubled, no uncaught exception, no slow request once clean', async () => {
  smtp = await startTestSmtp();
  db = await freshDatabase('cuts');
  portal = startPortal({
    port: PORT_BASE,
    databaseUrl: db.url,
    env: { SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: '250' },
  });
  await waitReady(portal.url);
  const url = portal.url;
  const token = await signIn(url, smtp);
  const branchId = await branchOf(url, token);

  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  const cuts: number[] = [];
  let stopped = false;
  const started = Date.now();
  const cutsFrom = started + BASELINE_MS;
  const cleanFrom = cutsFrom + CUTS_FOR_MS;
  const writing = writeJobs({
    urls: () => [url],
    token,
    branchId,
    prefix: `CUT${started.toString(36).toUpperCase()}`,
    writers: 8,
    retries: 3,
    // Callers as people and systems are, not a closed loop that saturates the 2 cores: the 2 s bound is then
    // about recovering from the cuts, not about a queue of requests waiting for the CPU.
    pauseMs: WRITER_PAUSE_MS,
    stop: () => stopped,
  });
  try {
    for (let at = CUT_EVERY_MS; at < CUTS_FOR_MS; at += CUT_EVERY_MS) {
      await sleep(cutsFrom + at - Date.now());
      await admin`select pg_terminate_backend(pid) from pg_stat_activity
                  where datname = ${db.name} and pid <> pg_backend_pid()`;
      cuts.push(Date.now());
    }
    await sleep(cleanFrom + CLEAN_FOR_MS - Date.now());
  } finally {
    stopped = true;
    await admin.end();
  }
  const log = await writing;
  const listed = await jobsListed(url, token, `CUT${started.toString(36).toUpperCase()}`);
  const { lost, duplicated } = tally(log, listed);

  const lastCut = cuts.at(-1) ?? cutsFrom;
  // The bound in the clean half: 2 s, or twice the slowest request of the baseline (the same writers before any
  // cut, once the routes are loaded) when the machine is so busy that the portal is slower than that uncut.
  const baseline = log.calls.filter((c) => c.startedAt >= started + WARM_UP_MS && c.startedAt < cutsFrom);
  const baselineSlowest = Math.max(0, ...baseline.map((c) => c.ms));
  const boundMs = Math.max(SLOW_MS, 2 * baselineSlowest);
  const bad = (c: { status: number; ms: number }) => c.status !== 200 || c.ms > boundMs;
  const clean = log.calls.filter((c) => c.startedAt >= cleanFrom);
  const badClean = clean.filter(bad);
  const lastBad = log.calls
    .filter((c) => c.startedAt >= cutsFrom && bad(c))
    .reduce((end, c) => Math.max(end, c.startedAt + c.ms), lastCut);
  const uncaught = uncaughtIn(portal);
  report('backends cut every 3 s, then clean', {
    attempts: log.attempted.size,
    requests: log.calls.length,
    acknowledged: log.acknowledged.size,
    lost: lost.length,
    duplicated: duplicated.length,
    recoveryMs: lastBad - lastCut,
    allowedMs: cleanFrom - lastCut,
    cuts: cuts.length,
    baselineRequests: baseline.length,
    baselineSlowestMs: baselineSlowest,
    boundMs,
    failedDuringCuts: log.calls.filter((c) => c.startedAt >= cutsFrom && c.startedAt < cleanFrom && c.status !== 200)
      .length,
    slowestDuringCutsMs: Math.max(
      0,
      ...log.calls.filter((c) => c.startedAt >= cutsFrom && c.startedAt < cleanFrom).map((c) => c.ms),
    ),
    cleanRequests: clean.length,
    cleanFailedOrOverBound: badClean.length,
    cleanP50Ms: percentile(
      clean.map((c) => c.ms),
      50,
    ),
    cleanP95Ms: percentile(
      clean.map((c) => c.ms),
      95,
    ),
    slowestCleanMs: Math.max(0, ...clean.map((c) => c.ms)),
    // When in the clean half the failed or slow requests started (s from its start).
    badCleanAtS: badClean.map((c) => ((c.startedAt - cleanFrom) / 1000).toFixed(1)).join('/') || '-',
    uncaughtExceptions: uncaught.length,
  });

  expect(cuts.length).toBeGreaterThanOrEqual(9);
  expect(baseline.length, 'the writers wrote before the cuts').toBeGreaterThan(20);
  expect(clean.length, 'the writers kept writing in the clean half').toBeGreaterThan(100);
  expect(uncaught, 'uncaught exceptions in the portal log').toEqual([]);
  expect(lost, 'acknowledged jobs missing from the list').toEqual([]);
  expect(duplicated, 'matter references saved more than once').toEqual([]);
  expect(
    badClean.map((c) => `${c.status} in ${c.ms} ms`),
    `requests in the clean half failed or over ${boundMs} ms`,
  ).toEqual([]);
});
