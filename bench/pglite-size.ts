/**
 * `npm run bench -- pglite-size`: the embedded default at its size (issue 31). The job list (the legacy route
 * POST api/Job/JobsList/…, called in-process with a bearer token, as bench/jobs-list.ts does) on PGlite against
 * the same list on PostgreSQL, on the same data, as a ratio.
 *
 * The data: the demo data plus BENCH_PGLITE_JOBS generated jobs (default 100,000; a quarter of them Harbour &
 * Vale's, whose list is measured), seeded into a fresh embedded database, VACUUM ANALYZE; then copied with db:move
 * (scripts/move/move.ts) into a throwaway PostgreSQL database created on the server of BENCH_DATABASE_URL (or
 * DATABASE_URL) and dropped after. Both sides: BENCH_PGLITE_CALLERS concurrent callers (default 4: a small
 * firm's busy moment) x BENCH_REQUESTS requests (default 200) after BENCH_WARM_UP warm-up requests each (default
 * 25), in alternating rounds. PGlite is one connection in one process: its callers queue, which is what a firm on
 * the embedded default gets.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { eq, sql as dsql } from 'drizzle-orm';
import postgres from 'postgres';
import { POST as listRoute } from '@/app/api/Job/JobsList/CurrentPage/[page]/PageSize/[size]/route';
import { bindDatabase, openDatabase, type DbHandle } from '@/db/client';
import { clients, jobs, users } from '@/db/schema';
import { config } from '@/lib/config';
import { createSession, issueLegacyToken } from '@/lib/auth/session';
import { DEFAULT_JOB_QUERY, toJobListBody, type JobListQuery } from '@/lib/jobs/list-schema';
import { moveDatabase } from '@/scripts/move/move';
import { readyToServe, seedBulkJobs } from '@/scripts/seed/bulk';
import { seedDemo } from '@/scripts/seed/demo';
import { seedReference } from '@/scripts/seed/reference';
import { runConcurrent, type RunStats } from './jobs-list-support';
import type { Bench, BenchRow } from './run';

const JOBS = Number(process.env.BENCH_PGLITE_JOBS ?? 100_000);
const C = Number(process.env.BENCH_PGLITE_CALLERS ?? 4);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 25);
const ROUNDS = 4;
/** The ratio up to which the embedded default is taken to serve a firm as well as PostgreSQL would, near enough. */
const GOAL = 3;

interface Scenario {
  name: string;
  query: JobListQuery;
  page: number;
}

const q = (over: Partial<JobListQuery>): JobListQuery => ({ ...DEFAULT_JOB_QUERY, statuses: [], ...over });

const SCENARIOS: Scenario[] = [
  { name: 'page 1, default sort', query: q({}), page: 1 },
  { name: "matter/ref contains '0151'", query: q({ matterReference: '0151' }), page: 1 },
  { name: 'status Delivered', query: q({ statuses: [8] }), page: 1 },
  { name: 'page 100, default sort', query: q({}), page: 100 },
];

interface Side {
  label: string;
  handle: DbHandle;
  token: string;
}

async function sideOf(label: string, handle: DbHandle): Promise<Side> {
  const [user] = await handle.db.select().from(users).where(eq(users.userName, 'hv.user'));
  if (!user) throw new Error('demo user hv.user missing');
  const session = await createSession(handle.db, user.id);
  return { label, handle, token: await issueLegacyToken(session, user.role) };
}

async function callList(side: Side, s: Scenario): Promise<void> {
  const req = new Request(`http://bench/api/Job/JobsList/CurrentPage/${s.page}/PageSize/10`, {
    method: 'POST',
    headers: { authorization: `Bearer ${side.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(toJobListBody(s.query)),
  });
  const res = await listRoute(req, { params: Promise.resolve({ page: String(s.page), size: '10' }) });
  if (res.status !== 200) throw new Error(`${side.label}: list answered ${res.status}: ${await res.text()}`);
  await res.json();
}

/** Both sides in alternating rounds, the process-wide database bound to the side that runs. */
async function compare(sides: [Side, Side], s: Scenario): Promise<[RunStats, RunStats]> {
  const run = async (side: Side, each: number) => {
    bindDatabase(side.handle);
    return runConcurrent(C, each, () => callList(side, s));
  };
  for (const side of sides) await run(side, WARM_UP);
  const per = Math.max(1, Math.round(N / ROUNDS));
  const out: [RunStats | undefined, RunStats | undefined] = [undefined, undefined];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) {
      const r = await run(sides[k]!, per);
      out[k] = out[k] ? out[k]!.merge(r) : r;
    }
  }
  return [out[0]!, out[1]!];
}

const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

async function run(): Promise<BenchRow[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'Set DATABASE_URL to a PostgreSQL server where a throwaway database may be created, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  const load0 = loadavg()[0] ?? 0;
  const rows: BenchRow[] = [];
  const t0 = Date.now();
  const embedded = openDatabase({ dataDir: path.join(config().DATA_DIR, 'pglite-size') });
  await embedded.migrate();
  await embedded.db.transaction(async (tx) => {
    await seedReference(tx);
    await seedDemo(tx, config().DEMO_PASSWORD);
  });
  await seedBulkJobs(embedded.db, JOBS, config().DEMO_PASSWORD);
  await readyToServe(embedded.db);
  const seededMs = Date.now() - t0;

  const name = `jms_bench_pglite_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  let pg: DbHandle | undefined;
  try {
    const t1 = Date.now();
    const moved = await moveDatabase(embedded, u.toString());
    const movedMs = Date.now() - t1;
    pg = openDatabase({ url: u.toString(), max: C + 2 });
    await readyToServe(pg.db);
    const [hv] = await embedded.db.select({ id: clients.id }).from(clients).where(eq(clients.accountNumber, 'HV1001'));
    const [{ n } = { n: 0 }] = await embedded.db
      .select({ n: dsql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.clientId, hv!.id));
    const sides: [Side, Side] = [await sideOf('PGlite', embedded), await sideOf('PostgreSQL', pg)];
    rows.push({
      measure: `${moved.tables.find((t) => t.table === 'jobs')?.target ?? 0} jobs in all, Harbour & Vale ${n}; ${C} callers x ${N} requests per side; seeded in ${(seededMs / 1000).toFixed(0)} s, moved to PostgreSQL in ${(movedMs / 1000).toFixed(0)} s; load average ${load0.toFixed(1)} at start (${cpus().length} CPUs)`,
    });
    for (const s of SCENARIOS) {
      const [lite, full] = await compare(sides, s);
      const ratio = lite.p95 / full.p95;
      rows.push({
        measure: `list "${s.name}": p95, PGlite vs PostgreSQL`,
        PGlite: `${fmt(lite.p95)} ms`,
        PostgreSQL: `${fmt(full.p95)} ms`,
        ratio: Number(ratio.toFixed(2)),
        goal: `<= ${GOAL}`,
        ok: ratio <= GOAL ? 'yes' : 'NO',
      });
      rows.push({
        measure: `list "${s.name}": throughput, PGlite vs PostgreSQL`,
        PGlite: `${fmt(lite.throughput)} req/s`,
        PostgreSQL: `${fmt(full.throughput)} req/s`,
        ratio: Number((lite.throughput / full.throughput).toFixed(2)),
        goal: '(info)',
        ok: '',
      });
    }
    rows[0]!.measure = `${rows[0]!.measure}; load average ${(loadavg()[0] ?? 0).toFixed(1)} at end`;
  } finally {
    await pg?.close();
    await embedded.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
  return rows;
}

const bench: Bench = { name: 'pglite-size', run };
export default bench;
