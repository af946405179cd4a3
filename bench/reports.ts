/**
 * `npm run bench -- reports`: the charts of /Reports (issue 28, item 5) at the 1M-job scale, against the page
 * without them. Needs PostgreSQL with the generated data set:
 *
 *   createdb jms_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/jms_bench
 *   npm run db:migrate && npm run db:seed -- --jobs 1000000 && psql "$DATABASE_URL" -c 'vacuum analyze'
 *   npm run bench -- reports
 *
 * The administrator of Harbour & Vale (hv.admin: about 250,000 jobs and 19,000 invoices) and of Northgate Legal
 * (ng.admin: the demo's size). Per request, as the pages do it:
 *
 *  - without charts: the session resolved from its id and the job list's first page (listJobs), what a signed-in
 *    administrator's landing page reads;
 *  - with charts: the same, plus the charts' four aggregates (getSpendReport: spend by month, by matter, by job
 *    type, jobs per month over 12 months);
 *
 * interleaved in rounds at the same concurrency (BENCH_CONCURRENCY callers x BENCH_REQUESTS requests), with the
 * p95 of each aggregate alone and the plan of each: from the report counters (migration 0025, what the page reads)
 * and from the rows (lib/reports/direct.ts, what it read before), measured one after the other in the same run.
 */
import { eq, sql as dsql } from 'drizzle-orm';
import { bindDatabase, openDatabase } from '@/db/client';
import { clients, jobs, users } from '@/db/schema';
import { createSession, resolveSession } from '@/lib/auth/session';
import { now } from '@/lib/clock';
import { DEFAULT_JOB_QUERY } from '@/lib/jobs/list-schema';
import { listJobs } from '@/lib/jobs/queries';
import { directSpendStatements } from '@/lib/reports/direct';
import { getSpendReport, reportWindow, spendStatements } from '@/lib/reports/spend';
import { runConcurrent, type RunStats } from './jobs-list-support';
import type { Bench, BenchRow } from './run';

const C = Number(process.env.BENCH_CONCURRENCY ?? 8);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 40);
const ROUNDS = 10;
/** The smallest data set measured (a smoke run on a small database may lower it). */
const MIN_JOBS = Number(process.env.BENCH_MIN_JOBS ?? 900_000);
const fmt = (n: number, d = 1) => Number(n.toFixed(d));

async function setup(url: string) {
  const handle = openDatabase({ url, max: C + 2 });
  bindDatabase(handle);
  const db = handle.db;
  const [{ n } = { n: 0 }] = await db.select({ n: dsql<number>`count(*)::int` }).from(jobs);
  if (n < MIN_JOBS)
    throw new Error(
      `The bench database holds ${n} jobs; the benchmark needs about 1,000,000 (db:seed -- --jobs 1000000).`,
    );
  return { handle, db, jobs: n };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

async function adminSession(ctx: Ctx, userName: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.userName, userName));
  if (!user?.clientId) throw new Error(`demo user ${userName} missing: run npm run db:seed on the bench database`);
  const session = await createSession(ctx.db, user.id);
  const [client] = await ctx.db.select({ name: clients.name }).from(clients).where(eq(clients.id, user.clientId));
  return { sessionId: session.id, clientId: user.clientId, timeZone: user.timeZone, client: client?.name ?? '' };
}

async function interleaved(a: () => Promise<void>, b: () => Promise<void>): Promise<{ a: RunStats; b: RunStats }> {
  await runConcurrent(C, WARM_UP, a);
  await runConcurrent(C, WARM_UP, b);
  const per = Math.max(1, Math.round(N / ROUNDS));
  const sides = [a, b];
  const out: (RunStats | undefined)[] = [undefined, undefined];
  for (let i = 0; i < ROUNDS; i++) {
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const r = await runConcurrent(C, per, sides[k] as () => Promise<void>);
      out[k] = out[k]?.merge(r) ?? r;
    }
  }
  return { a: out[0] as RunStats, b: out[1] as RunStats };
}

/** The plan's scan nodes of one aggregate, e.g. "Index Only Scan using invoices_client_issue_spend_idx". */
async function scans(ctx: Ctx, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const q = query.toSQL();
  let text = q.sql;
  // EXPLAIN of a statement with its values written in (they are ids, dates and a zone name, all ours).
  q.params.forEach((p, i) => {
    const v =
      p instanceof Date
        ? `'${p.toISOString()}'`
        : typeof p === 'number'
          ? String(p)
          : `'${String(p).replace(/'/g, "''")}'`;
    text = text.replace(new RegExp(`\\$${i + 1}(?!\\d)`, 'g'), v);
  });
  const rows = (await ctx.db.execute(dsql.raw(`explain ${text}`))) as unknown as
    { 'QUERY PLAN': string }[] | { rows: { 'QUERY PLAN': string }[] };
  const lines = (Array.isArray(rows) ? rows : rows.rows).map((r) => r['QUERY PLAN']);
  return [
    ...new Set(
      lines
        .map((l) =>
          /(Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan|Seq Scan) (?:using (\S+) )?on (\S+)/.exec(l),
        )
        .filter(Boolean)
        .map((m) => `${m?.[1]}${m?.[2] ? ` ${m[2]}` : ''} on ${m?.[3]}`),
    ),
  ].join('; ');
}

async function run(): Promise<BenchRow[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'Set DATABASE_URL to the bench database (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/jms_bench',
    );
  const ctx = await setup(url);
  const out: BenchRow[] = [
    { measure: `${ctx.jobs} jobs over all clients; ${C} concurrent callers x ${N} requests per side` },
  ];
  try {
    for (const userName of ['hv.admin', 'ng.admin']) {
      const s = await adminSession(ctx, userName);
      const page = async () => {
        const actor = await resolveSession(s.sessionId);
        if (!actor) throw new Error('bench session ended');
        await listJobs(actor, DEFAULT_JOB_QUERY, { page: 1, size: 10 });
        return actor;
      };
      const without = async () => {
        await page();
      };
      const withCharts = async () => {
        const actor = await page();
        await getSpendReport(actor);
      };
      const r = await interleaved(without, withCharts);
      const charts = await runConcurrent(C, Math.max(1, Math.round(N / 4)), async () => {
        const actor = await resolveSession(s.sessionId);
        if (actor) await getSpendReport(actor);
      });
      out.push({
        measure: `${s.client} (${userName}): landing page with the charts' aggregates vs without`,
        'with p95 ms': fmt(r.b.p95),
        'without p95 ms': fmt(r.a.p95),
        'p95 ratio': fmt(r.b.p95 / r.a.p95, 2),
        'with req/s': fmt(r.b.throughput),
        'without req/s': fmt(r.a.throughput),
        'charts alone p95 ms': fmt(charts.p95),
      });

      // Each aggregate alone, and its plan.
      const win = reportWindow(now(), s.timeZone);
      const names = ['spend by month', 'spend by matter (top 10)', 'spend by job type', 'jobs per month'] as const;
      type Statement = { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<unknown>;
      for (const [i, name] of names.entries()) {
        for (const [source, statement] of [
          ['counters', () => spendStatements(ctx.db, s.clientId, win)[i] as Statement],
          ['rows', () => directSpendStatements(ctx.db, s.clientId, win)[i] as Statement],
        ] as const) {
          const one = await runConcurrent(C, Math.max(1, Math.round(N / 4)), async () => {
            await statement();
          });
          out.push({
            measure: `  ${name} (from the ${source})`,
            'alone p95 ms': fmt(one.p95),
            plan: await scans(ctx, statement()),
          });
        }
      }
    }
  } finally {
    await ctx.handle.close();
  }
  return out;
}

const bench: Bench = { name: 'reports', run };
export default bench;
