/**
 * `npm run bench -- ops-queue`: the staff job queue across all clients at the 1M-job scale (issue 13). Needs
 * PostgreSQL with the generated data set:
 *
 *   createdb jms_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/jms_bench
 *   npm run db:migrate && npm run db:seed -- --jobs 1000000 && psql "$DATABASE_URL" -c 'vacuum analyze'
 *   npm run bench -- ops-queue
 *
 * Ours: what the /Ops/Jobs page does per request (the session resolved from its id, the staff policy, listQueue:
 * the page's rows and the exact count, the presenter). The floor: the least work that serves the same page — the
 * page's ids by the sort index, then those rows (with the client's name) by primary key — sent through the same
 * `postgres` driver as named prepared statements, no count. Same concurrency (BENCH_CONCURRENCY callers x
 * BENCH_REQUESTS requests), the two sides interleaved in rounds. Also: the count alone (countQueue), which is
 * what separates the two (the counters, or a count capped past the page: lib/ops/queue.ts); it is the one function the job list's
 * count machinery can replace.
 */
import postgres from 'postgres';
import { eq, fillPlaceholders, sql as dsql } from 'drizzle-orm';
import { bindDatabase, openDatabase } from '@/db/client';
import { clients, jobs, users } from '@/db/schema';
import { createSession, resolveSession } from '@/lib/auth/session';
import { now } from '@/lib/clock';
import { presentQueueRow } from '@/lib/ops/present';
import { countQueue, listQueue, queueWhere } from '@/lib/ops/queue';
import { inlineParams } from '@/lib/lists/inline';
import { DEFAULT_QUEUE_QUERY, type QueueQuery } from '@/lib/ops/queue-schema';
import { runConcurrent, type RunStats } from './jobs-list-support';
import { queueFloorStatements } from './page-floors';
import type { Bench, BenchRow } from './run';

const C = Number(process.env.BENCH_CONCURRENCY ?? 8);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
/** Requests per caller and side before measuring. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
/** Short rounds, the two sides' order swapped every round: a machine whose speed drifts weighs on both alike. */
const ROUNDS = 10;
const SIZE = 10;

interface Scenario {
  name: string;
  query: QueueQuery;
  page: number;
}

const q = (over: Partial<QueueQuery>): QueueQuery => ({ ...DEFAULT_QUEUE_QUERY, statuses: [], ...over });

async function setup(url: string) {
  const handle = openDatabase({ url, max: C + 2 });
  bindDatabase(handle);
  const db = handle.db;
  const [{ n } = { n: 0 }] = await db.select({ n: dsql<number>`count(*)::int` }).from(jobs);
  if (n < 900_000)
    throw new Error(
      `The bench database holds ${n} jobs; the benchmark needs about 1,000,000 (db:seed -- --jobs 1000000).`,
    );
  const [user] = await db.select().from(users).where(eq(users.userName, 'staff.operator'));
  if (!user) throw new Error('demo user staff.operator missing: run npm run db:seed on the bench database');
  const session = await createSession(db, user.id);
  const [hv] = await db.select({ id: clients.id }).from(clients).where(eq(clients.accountNumber, 'HV1001'));
  const driver = postgres(url, { max: C + 2, onnotice: () => undefined });
  return { handle, db, jobs: n, sessionId: session.id, hvId: hv?.id ?? 1, driver };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

/** What the page does: resolve the session, check the policy, read the page and the count, present the rows. */
async function ours(ctx: Ctx, s: Scenario): Promise<void> {
  const actor = await resolveSession(ctx.sessionId);
  if (!actor) throw new Error('bench session ended');
  const r = await listQueue(actor, s.query, { page: s.page, size: SIZE });
  const at = now();
  for (const row of r.rows) presentQueueRow(row, actor.timeZone, at);
}

/** The floor: the page's ids by the sort index, then those rows by primary key (prepared, same driver). */
function floor(ctx: Ctx, s: Scenario): () => Promise<void> {
  const st = queueFloorStatements(ctx.db, s.query, s.page, SIZE);
  const ids = st.ids.toSQL();
  const idParams = fillPlaceholders(ids.params, st.values) as postgres.ParameterOrJSON<never>[];
  const rows = st.rows.toSQL();
  // A text filter: planned with its values every time, as the queue does (a named statement's generic plan
  // read every client's trigram matches: lib/lists/inline.ts).
  const idsText = s.query.text ? inlineParams(ids.sql, idParams) : null;
  return async () => {
    const found = idsText
      ? await ctx.driver.unsafe(idsText)
      : await ctx.driver.unsafe(ids.sql, idParams, { prepare: true });
    await ctx.driver.unsafe(rows.sql, [`{${found.map((r) => r.id as number).join(',')}}`], { prepare: true });
  };
}

async function interleaved(a: () => Promise<void>, b: () => Promise<void>): Promise<{ a: RunStats; b: RunStats }> {
  // Warm both sides first (JIT, plan caches, connections): a server in use is warm.
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

const fmt = (n: number, d = 1) => Number(n.toFixed(d));

async function run(): Promise<BenchRow[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'Set DATABASE_URL to the bench database (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/jms_bench',
    );
  const ctx = await setup(url);
  const out: BenchRow[] = [
    {
      measure: `${ctx.jobs} jobs over all clients; ${C} concurrent callers x ${N} requests per side; page size ${SIZE}`,
    },
  ];
  try {
    const scenarios: Scenario[] = [
      { name: 'all clients, newest first', query: q({}), page: 1 },
      { name: 'status Submitted', query: q({ statuses: [12] }), page: 1 },
      { name: 'overdue, by due time', query: q({ due: 'overdue', sortBy: 6, sortOrder: 1 }), page: 1 },
      { name: 'due today', query: q({ due: 'today' }), page: 1 },
      { name: 'due this week, by status', query: q({ due: 'week', sortBy: 8, sortOrder: 1 }), page: 1 },
      { name: 'job type Print', query: q({ orderType: 5 }), page: 1 },
      { name: "text '0151'", query: q({ text: '0151' }), page: 1 },
      { name: 'one client (Harbour & Vale, 250,000 jobs)', query: q({ clientId: ctx.hvId }), page: 1 },
      { name: 'all clients, page 1,000', query: q({}), page: 1000 },
    ];
    for (const s of scenarios) {
      const r = await interleaved(floor(ctx, s), () => ours(ctx, s));
      const counted = await runConcurrent(C, Math.max(1, Math.round(N / 4)), async () => {
        await countQueue(ctx.db, s.query, queueWhere(s.query, now(), 'Australia/Sydney'), (s.page - 1) * SIZE);
      });
      out.push({
        measure: s.name,
        'ours req/s': fmt(r.b.throughput),
        'floor req/s': fmt(r.a.throughput),
        'throughput ratio': fmt(r.b.throughput / r.a.throughput, 2),
        'ours p95 ms': fmt(r.b.p95),
        'floor p95 ms': fmt(r.a.p95),
        'p95 ratio': fmt(r.b.p95 / r.a.p95, 2),
        // Issue 16's goals, as for the client's job list: <= 5 for a text ('contains') filter, <= 3 otherwise.
        goal: s.query.text ? '<= 5' : '<= 3',
        met: r.b.p95 / r.a.p95 <= (s.query.text ? 5 : 3) ? 'yes' : 'NO',
        'count alone p95 ms': fmt(counted.p95),
      });
    }
  } finally {
    await ctx.driver.end({ timeout: 5 });
    await ctx.handle.close();
  }
  return out;
}

const bench: Bench = { name: 'ops-queue', run };
export default bench;
