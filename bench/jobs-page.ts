/**
 * `npm run bench -- jobs-page`: /JobClient as a person gets it (the server component, not the legacy route) at
 * the scale of the job list benchmark, against the floor of its list (page 1, default sort: the page's ids by
 * the sort index, then those rows by primary key, no count; bench/jobs-list.ts), measured in the same run.
 *
 *  - HTTP, BENCH_CONCURRENCY callers x BENCH_REQUESTS requests with the signed-in cookie: time to the first
 *    byte of the HTML and to its last byte (the rows are rendered on the server: the whole document holds them),
 *    against the floor at the same concurrency;
 *  - Chromium, one person, 20 visits one after another: time to first byte (navigation timing responseStart)
 *    and to the rendered rows (first contentful paint; the rows are in the server's HTML, checked), against the
 *    floor run alone.
 *
 * Needs the bench database (BENCH_DATABASE_URL or DATABASE_URL, seeded with db:seed -- --jobs 1000000) and a
 * production build (npm run build). Starts `scripts/start.ts` on that database and a mail catcher on
 * BENCH_PORT_BASE + 10 … + 13 (default 4000 + 10), signs hv.user in through the e-mailed code, measures, stops.
 */
import { cpus, loadavg } from 'node:os';
import { eq, fillPlaceholders } from 'drizzle-orm';
import postgres from 'postgres';
import { chromium, type Browser } from 'playwright-core';
import { openDatabase } from '@/db/client';
import { clients } from '@/db/schema';
import { DEFAULT_JOB_QUERY } from '@/lib/jobs/list-schema';
import { jobListFloorStatements } from '@/lib/jobs/queries';
import type { Bench, BenchRow } from './run';
import { runConcurrent, type RunStats } from './jobs-list-support';
import { getPage, startPortal } from './servers';

const C = Number(process.env.BENCH_CONCURRENCY ?? 8);
const N = Number(process.env.BENCH_REQUESTS ?? 40);
const VISITS = 20;
const USER = 'hv.user';

const percentile95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (n: number, d = 1) => Number(n.toFixed(d));

/** The floor of page 1 in the default order, through the postgres driver (named prepared statements). */
async function floorOfPage1(url: string) {
  const handle = openDatabase({ url, max: 2 });
  const driver = postgres(url, { max: C + 2, onnotice: () => undefined });
  const [hv] = await handle.db.select({ id: clients.id }).from(clients).where(eq(clients.accountNumber, 'HV1001'));
  if (!hv) throw new Error('Seed the bench database first: npm run db:seed -- --jobs 1000000');
  const st = jobListFloorStatements(
    handle.db,
    { clientId: hv.id, userId: 0, now: new Date(), timeZone: 'Australia/Sydney' },
    { ...DEFAULT_JOB_QUERY, statuses: [] },
    { page: 1, size: 10 },
  );
  const ids = st.ids.toSQL();
  const rows = st.rows.toSQL();
  const idParams = fillPlaceholders(ids.params, st.values) as postgres.ParameterOrJSON<never>[];
  const run = async () => {
    const found = await driver.unsafe<{ id: number }[]>(ids.sql, idParams, { prepare: true });
    const list = `{${found.map((r) => r.id).join(',')}}`;
    await driver.unsafe(
      rows.sql,
      fillPlaceholders(rows.params, { ...st.values, ids: list }) as postgres.ParameterOrJSON<never>[],
      { prepare: true },
    );
  };
  return { run, close: async () => (await driver.end({ timeout: 5 }), await handle.close()) };
}

/** The rows of the job table's body in a server-rendered document. */
const rowCount = (html: string) => html.match(/<tbody[\s\S]*?<\/tbody>/)?.[0].match(/<tr[\s>]/g)?.length ?? 0;

async function run(): Promise<BenchRow[]> {
  const dbUrl = process.env.BENCH_DATABASE_URL;
  if (!dbUrl)
    throw new Error(
      'Set DATABASE_URL to the bench database (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/jms_bench',
    );
  const base = Number(process.env.BENCH_PORT_BASE ?? 4000) + 10;
  process.env.E2E_PORT_BASE = String(base);
  const portal = startPortal(base, dbUrl);
  const { appUrl, children } = portal;
  const floor = await floorOfPage1(dbUrl);
  let browser: Browser | undefined;
  try {
    await portal.ready();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const ctx = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 } });
    const { signIn } = await import('../e2e/support/auth');
    await signIn(await ctx.newPage(), USER);
    const cookie = (await ctx.cookies(appUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const pageUrl = `${appUrl}/JobClient`;

    const first = await getPage(pageUrl, cookie);
    const rowsInHtml = rowCount(first.html);
    if (rowsInHtml < 10) throw new Error(`/JobClient HTML holds ${rowsInHtml} job rows; expected 10`);

    // HTTP at the benchmark's concurrency, interleaved with the floor in rounds.
    const ttfbs: number[] = [];
    const totals: number[] = [];
    const page = async () => {
      const r = await getPage(pageUrl, cookie);
      ttfbs.push(r.ttfb);
      totals.push(r.total);
    };
    // Warm-up: a production server compiles each module of the page on its first use (the first requests of a
    // fresh instance take seconds on this machine); the measured rounds are the server's steady state. The
    // first request's time is reported on its own below.
    await runConcurrent(C, 6, page);
    await runConcurrent(C, 3, floor.run);
    ttfbs.length = 0;
    totals.length = 0;
    let fl: RunStats | undefined;
    const rounds = 4;
    const per = Math.max(1, Math.round(N / rounds));
    for (let i = 0; i < rounds; i++) {
      await runConcurrent(C, per, page);
      const f = await runConcurrent(C, per, floor.run);
      fl = fl?.merge(f) ?? f;
    }
    if (!fl) throw new Error('no floor runs');

    // One person in Chromium, visits one after another; the floor alone, one caller.
    const tab = await ctx.newPage();
    const visits: { ttfb: number; rows: number }[] = [];
    for (let i = 0; i < VISITS + 2; i++) {
      await tab.goto(pageUrl, { waitUntil: 'load' });
      await tab.locator('table tbody tr').nth(9).waitFor();
      const t = await tab.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return { ttfb: nav ? nav.responseStart - nav.startTime : 0, rows: fcp ? fcp.startTime : 0 };
      });
      if (i >= 2) visits.push(t);
    }
    const floorAlone = await runConcurrent(1, VISITS, floor.run);

    const p95Ttfb = percentile95(ttfbs);
    const p95Total = percentile95(totals);
    const bTtfb = percentile95(visits.map((v) => v.ttfb));
    const bRows = percentile95(visits.map((v) => v.rows));
    const ratio = (a: number, b: number) => fmt(a / b, 1);
    const rows: BenchRow[] = [
      {
        measure: `/JobClient page 1 (${rowsInHtml} rows in the server's HTML); ${C} concurrent callers x ${N} requests, ${VISITS} browser visits; load average ${(loadavg()[0] ?? 0).toFixed(1)} (${cpus().length} CPUs)`,
      },
      {
        measure:
          'HTTP: the first request after signing in (a fresh server compiles modules on first use), time to first byte',
        ours: fmt(first.ttfb),
        unit: 'ms',
      },
      {
        measure: 'HTTP: time to first byte, p95 vs floor p95',
        ours: fmt(p95Ttfb),
        baseline: fmt(fl.p95),
        unit: 'ms',
        ratio: ratio(p95Ttfb, fl.p95),
        goal: '(info)',
        met: '',
      },
      {
        measure: 'HTTP: whole document (rows rendered on the server), p95 vs floor p95',
        ours: fmt(p95Total),
        baseline: fmt(fl.p95),
        unit: 'ms',
        ratio: ratio(p95Total, fl.p95),
        goal: '(info)',
        met: '',
      },
      {
        measure: 'HTTP: whole document, mean vs floor mean',
        ours: fmt(mean(totals)),
        baseline: fmt(fl.mean),
        unit: 'ms',
        ratio: ratio(mean(totals), fl.mean),
        goal: '(info)',
        met: '',
      },
      {
        measure: 'Chromium, one person: time to first byte, p95 vs floor alone p95',
        ours: fmt(bTtfb),
        baseline: fmt(floorAlone.p95, 2),
        unit: 'ms',
        ratio: ratio(bTtfb, floorAlone.p95),
        goal: '(info)',
        met: '',
      },
      {
        measure: 'Chromium, one person: rows rendered (first contentful paint), p95 vs floor alone p95',
        ours: fmt(bRows),
        baseline: fmt(floorAlone.p95, 2),
        unit: 'ms',
        ratio: ratio(bRows, floorAlone.p95),
        goal: '(info)',
        met: '',
      },
      {
        measure: 'Chromium, one person: time to first byte / rows rendered, mean',
        ours: `${fmt(mean(visits.map((v) => v.ttfb)))} / ${fmt(mean(visits.map((v) => v.rows)))}`,
        unit: 'ms',
      },
    ];
    return rows;
  } finally {
    await browser?.close();
    for (const c of children) c.kill('SIGTERM');
    await floor.close();
  }
}

const bench: Bench = { name: 'jobs-page', run };
export default bench;
