/**
 * `npm run bench -- machinery`: what each piece of the portal's speed machinery buys, on the 1M-job data set, with
 * the piece and without it in the same run. Needs PostgreSQL with the generated data set (BENCH_DATABASE_URL or
 * DATABASE_URL; see bench/jobs-list.ts: db:seed -- --jobs 1000000, then vacuum analyze).
 *
 * Each piece is measured at the level where it acts, both code paths called directly in-process, and the saving is
 * set against the whole call that the page makes (timed in the same run), so each line says what share of the
 * call's time the piece takes away. The calls are those of /JobClient for hv.user (the session, the shell's user
 * and news, the list's first page, the "what needs me" strip), of /Invoice (hv.user) and of /user (hv.admin);
 * "page data" is /JobClient's calls as its server components make them (the session, then the rest side by side),
 * without the rendering, so a share of it is an upper bound of the share of the page.
 *
 *  - Cached prepared statements (lib/lists/prepared.ts and the named statements): (1) Node, building the
 *    statement with Drizzle on every call (what a query builder does) against the cache's lookup, per call;
 *    (2) PostgreSQL, the same SQL text and values sent as a named prepared statement (planned once per
 *    connection) against an unnamed one (planned on every execution, what Drizzle sends for a builder).
 *  - Counter tables kept by triggers: the count the page reads from the counters against the same count from the
 *    rows (count(*) of the same filter, or the same aggregate), each a statement built by Drizzle and sent
 *    unnamed on both sides. The report counters (migration 0025) have their own with/without lines in
 *    bench/reports.ts.
 *
 * A piece whose saving is under 10% of its call's time is removed, and its line with it; docs/decisions/049 keeps
 * the receipts of the removed pieces (compiled row mappers, packed rows, the user counters).
 *
 * The sides of each comparison run interleaved, round by round, at BENCH_CONCURRENCY callers (default 4), each
 * making BENCH_REQUESTS requests (default 200) over the rounds after a warm-up; in-process timings run
 * BENCH_ITERATIONS times (default 2000) per side, alternating. Prints the 1-minute load average before and after.
 */
import { loadavg } from 'node:os';
import { and, count, eq, fillPlaceholders, sql } from 'drizzle-orm';
import { bindDatabase, openDatabase, type Db } from '@/db/client';
import { invoiceCounts, invoices, invoiceUnpaidCounts, jobs, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { createSession, resolveSession, sessionLookupQuery } from '@/lib/auth/session';
import { now } from '@/lib/clock';
import { todayIn } from '@/lib/invoices/issue-date';
import { ATTENTION_QUERIES } from '@/lib/jobs/attention';
import { homeAttention, homeAttentionStatement, homeAttentionValues, stripScopeOf } from '@/lib/invoices/attention';
import { DEFAULT_INVOICE_QUERY } from '@/lib/invoices/schema';
import { listInvoices } from '@/lib/invoices/service';
import { DEFAULT_JOB_QUERY, type JobListQuery } from '@/lib/jobs/list-schema';
import { jobListWhere } from '@/lib/jobs/list-sql';
import { jobListStatements, listJobs } from '@/lib/jobs/queries';
import { getShellUserAndNews } from '@/lib/jobs/shell';
import { jobCountQuery } from '@/lib/jobs/counts';
import { preparedFor } from '@/lib/lists/prepared';
import type { RoleId } from '@/lib/reference';
import { DEFAULT_USER_QUERY } from '@/lib/users/list-schema';
import { listUsers } from '@/lib/users/service';
import { DEFAULT_QUEUE_QUERY } from '@/lib/ops/queue-schema';
import { listQueue } from '@/lib/ops/queue';
import { runConcurrent, type RunStats } from './jobs-list-support';
import type { Bench, BenchTable } from './run';

const C = Number(process.env.BENCH_CONCURRENCY ?? 4);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
const ROUNDS = 10;
/** A piece that takes away less than this share of its call's time is not worth its code. */
const KEEP_SHARE = 0.1;
const PAGE = { page: 1, size: 10 };

type Fn = () => Promise<unknown>;

/** `a` and `b` interleaved round by round (the order flips every round), at C callers. */
async function interleaved(a: Fn, b: Fn, requests = N): Promise<[RunStats, RunStats]> {
  const sides = [async () => void (await a()), async () => void (await b())];
  for (const s of sides) await runConcurrent(C, WARM_UP, s);
  const per = Math.max(1, Math.round(requests / ROUNDS));
  const out: (RunStats | undefined)[] = [undefined, undefined];
  for (let r = 0; r < ROUNDS; r++) {
    for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const s = await runConcurrent(C, per, sides[k]!);
      out[k] = out[k]?.merge(s) ?? s;
    }
  }
  return [out[0]!, out[1]!];
}

/** One whole call alone at C callers (the denominator of the shares). */
async function alone(fn: Fn, requests = N): Promise<RunStats> {
  const run = async () => void (await fn());
  await runConcurrent(C, WARM_UP, run);
  return runConcurrent(C, requests, run);
}

interface Timing {
  mean: number;
  p95: number;
}

/** Sequential in-process timings of two synchronous code paths, alternating, in ms per call. */
function inProcess(a: () => unknown, b: () => unknown, iterations = ITERATIONS): [Timing, Timing] {
  const times: number[][] = [[], []];
  const fns = [a, b];
  for (let i = 0; i < Math.min(200, iterations); i++) for (const f of fns) f();
  for (let i = 0; i < iterations; i++) {
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const t = performance.now();
      fns[k]!();
      times[k]!.push(performance.now() - t);
    }
  }
  return times.map((xs) => {
    const sorted = [...xs].sort((x, y) => x - y);
    return {
      mean: xs.reduce((s, x) => s + x, 0) / xs.length,
      p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    };
  }) as [Timing, Timing];
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n >= 10 ? n.toFixed(1) : n >= 0.1 ? n.toFixed(2) : n.toFixed(4));
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

interface Line {
  piece: string;
  call: string;
  level: string;
  with: Timing;
  without: Timing;
  /** The whole call (with the piece) that the saving is set against. */
  whole: Timing;
}

/** A table row: the two sides, their ratio, the saving as a share of the whole call without the piece. */
function row(l: Line) {
  const saving = l.without.mean - l.with.mean;
  const share = saving / (l.whole.mean + Math.max(0, saving));
  return {
    piece: l.piece,
    'page / call': l.call,
    level: l.level,
    'with p95 / mean ms': `${ms(l.with.p95)} / ${ms(l.with.mean)}`,
    'without p95 / mean ms': `${ms(l.without.p95)} / ${ms(l.without.mean)}`,
    'ratio (mean)': Number((l.without.mean / Math.max(l.with.mean, 1e-9)).toFixed(1)),
    'whole call p95 / mean ms': `${ms(l.whole.p95)} / ${ms(l.whole.mean)}`,
    share: pct(share),
    // The statement cache is one piece: its build and plan parts are judged together (the "build + plan" lines).
    verdict: /: (build|plan)$/.test(l.piece) ? 'part' : share >= KEEP_SHARE ? 'stays' : 'under 10%',
  };
}

async function setup(url: string) {
  const handle = openDatabase({ url, max: 3 * C + 2 });
  bindDatabase(handle);
  const db = handle.db;
  if (handle.raw.kind !== 'postgres') throw new Error('machinery needs PostgreSQL');
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs);
  if (n < Number(process.env.BENCH_MIN_JOBS ?? 900_000))
    throw new Error(
      `The bench database holds ${n} jobs; the benchmark needs about 1,000,000 (db:seed -- --jobs 1000000).`,
    );
  const actorOf = async (userName: string): Promise<Actor & { clientId: number }> => {
    const [u] = await db.select().from(users).where(eq(users.userName, userName));
    if (!u || (!u.clientId && !userName.startsWith('staff.')))
      throw new Error(`demo user ${userName} missing: run npm run db:seed on the bench database`);
    return {
      userId: u.id,
      clientId: u.clientId ?? 0,
      role: u.role as RoleId,
      userName: u.userName,
      timeZone: u.timeZone,
      sessionId: 'bench',
    };
  };
  const user = await actorOf('hv.user');
  const admin = await actorOf('hv.admin');
  const staff = { ...(await actorOf('staff.operator')), clientId: null } as unknown as Actor;
  const session = await createSession(db, user.userId);
  return { handle, db, client: handle.raw.client, user, admin, staff, sessionId: session.id, jobs: n };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

interface Statement {
  toSQL(): { sql: string; params: unknown[] };
}

/** The statement's text and values, run through the driver as Drizzle runs it, named or unnamed. */
async function rawOf(ctx: Ctx, st: Statement, values: Record<string, unknown>) {
  const { sql: text, params } = st.toSQL();
  const filled = fillPlaceholders(params, values) as never[];
  const run = (prepare: boolean) => ctx.client.unsafe(text, filled, { prepare }).values();
  return { run };
}

async function statementCache(ctx: Ctx, whole: Record<string, Timing>): Promise<Line[]> {
  const { db, user } = ctx;
  const at = now();
  const listCtx = { clientId: user.clientId, userId: user.userId, now: at, timeZone: user.timeZone };
  // What the cache spares per call: Drizzle walking the query into SQL text and a prepared query object.
  const buildSession = () => sessionLookupQuery(db).prepare('resolve_session');
  const buildList = () => {
    const s = jobListStatements(db, listCtx, DEFAULT_JOB_QUERY, PAGE);
    return [s.ids.prepare('a'), s.rows.prepare('b'), s.count.prepare('c'), s.page?.prepare('d')];
  };
  const buildStrip = () => homeAttentionStatement(db, stripScopeOf(user)).prepare('home_attention_strip');
  const cached =
    <T>(key: string, build: () => T) =>
    () =>
      preparedFor('bench-machinery', db as Db, key, build);
  const lines: Line[] = [];
  const build = (call: string, key: string, fn: () => unknown, w: Timing) => {
    const [withIt, without] = inProcess(cached(key, fn), fn);
    lines.push({ piece: 'statement cache: build', call, level: 'Node, per call', with: withIt, without, whole: w });
  };
  build('session lookup (every page)', 'session', buildSession, whole.session!);
  build('/JobClient list, page 1', 'list', buildList, whole.list!);
  build('/JobClient strip', 'strip', buildStrip, whole.strip!);

  // PostgreSQL: the same text and values, named (planned once per connection) or unnamed (planned every time).
  const list = jobListStatements(db, listCtx, DEFAULT_JOB_QUERY, PAGE);
  const plan = async (call: string, st: Statement, values: Record<string, unknown>, w: Timing) => {
    const { run } = await rawOf(ctx, st, values);
    const [named, unnamed] = await interleaved(
      () => run(true),
      () => run(false),
    );
    lines.push({
      piece: 'statement cache: plan',
      call,
      level: 'PostgreSQL, per call',
      with: named,
      without: unnamed,
      whole: w,
    });
  };
  await plan('session lookup (every page)', sessionLookupQuery(db), { sessionId: ctx.sessionId }, whole.session!);
  if (!list.page) throw new Error('page 1 of the default list is expected to be one statement');
  await plan('/JobClient list, page 1', list.page, list.values, whole.list!);
  await plan(
    '/JobClient strip',
    homeAttentionStatement(db, stripScopeOf(user)),
    homeAttentionValues(user, at, user.timeZone, stripScopeOf(user)),
    whole.strip!,
  );
  // The piece as a whole per call: the build it spares and the planning, means added (p95s do not add).
  const both = (b: Line, p: Line): Line => ({
    piece: 'statement cache: build + plan',
    call: b.call,
    level: 'Node + PostgreSQL',
    with: { mean: b.with.mean + p.with.mean, p95: NaN },
    without: { mean: b.without.mean + p.without.mean, p95: NaN },
    whole: b.whole,
  });
  return [...lines, ...[0, 1, 2].map((i) => both(lines[i]!, lines[i + 3]!))];
}

/** count(*) of the client's jobs that `q` matches, from the rows (built by Drizzle, unnamed). */
const jobsFromRows = (ctx: Ctx, q: JobListQuery) => async () =>
  (
    await ctx.db
      .select({ n: count() })
      .from(jobs)
      .where(jobListWhere(ctx.user, q, now(), ctx.user.timeZone))
  )[0]?.n;

/** The list's own total from the counters for `q` (the statement its page reads, built by Drizzle, unnamed). */
const jobsFromCounters = (ctx: Ctx, q: JobListQuery) => async () => {
  const s = jobListStatements(
    ctx.db,
    { clientId: ctx.user.clientId, userId: ctx.user.userId, now: now(), timeZone: ctx.user.timeZone },
    q,
    PAGE,
  );
  return (await s.count.execute(s.countValues))[0]?.n;
};

/** The strip's exact counts: the client's jobs waiting, ready, delivered with files, without feedback. */
const STRIP_EXACT = ['waiting', 'readyForCollection', 'deliveredWithFiles', 'deliveredWithoutFeedback'] as const;

/**
 * The strip's unpaid invoices by currency, with the overdue ones and what is owed: from the counters (as the strip's
 * statement reads them), or the same aggregate from the invoices.
 */
function unpaidOf(ctx: Ctx, fromRows: boolean): Fn {
  const client = ctx.user.clientId;
  const today = () => todayIn(ctx.user.timeZone, now());
  const u = invoiceUnpaidCounts;
  if (!fromRows)
    return async () =>
      ctx.db
        .select({
          currencyCode: u.currencyCode,
          n: sql<number>`sum(${u.n})::int`,
          overdue: sql<number>`coalesce(sum(${u.n}) filter (where ${u.dueDate} < ${today()}::date), 0)::int`,
          cents: sql<string>`sum(${u.cents})::text`,
        })
        .from(u)
        .where(eq(u.clientId, client))
        .groupBy(u.currencyCode)
        .having(sql`sum(${u.n}) > 0`);
  const owed = sql`round((${invoices.amount} - ${invoices.amountPaid} - ${invoices.amountCredited}) * 100)`;
  return async () =>
    ctx.db
      .select({
        currencyCode: invoices.currencyCode,
        n: count(),
        overdue: sql<number>`count(*) filter (where coalesce(${invoices.dueDate}, 'infinity') < ${today()}::date)::int`,
        cents: sql<string>`sum(${owed})::bigint::text`,
      })
      .from(invoices)
      .where(and(eq(invoices.clientId, client), eq(invoices.isPaid, false)))
      .groupBy(invoices.currencyCode);
}

async function counters(ctx: Ctx, whole: Record<string, Timing>): Promise<Line[]> {
  const { db, user } = ctx;
  const lines: Line[] = [];
  const add = async (piece: string, call: string, withIt: Fn, without: Fn, w: Timing, requests = N) => {
    const [a, b] = await interleaved(withIt, without, requests);
    lines.push({ piece, call, level: 'PostgreSQL, the count', with: a, without: b, whole: w });
  };
  await add(
    'job_status_counts',
    '/JobClient list total (default list)',
    jobsFromCounters(ctx, DEFAULT_JOB_QUERY),
    jobsFromRows(ctx, DEFAULT_JOB_QUERY),
    whole.list!,
  );
  await add(
    'job_status_counts + job_attention_counts',
    '/JobClient strip, its 4 exact counts',
    async () => {
      for (const k of STRIP_EXACT) await jobsFromCounters(ctx, ATTENTION_QUERIES[k])();
    },
    async () => {
      for (const k of STRIP_EXACT) await jobsFromRows(ctx, ATTENTION_QUERIES[k])();
    },
    whole.strip!,
  );
  await add(
    'invoice_unpaid_counts',
    '/JobClient strip, unpaid invoices',
    unpaidOf(ctx, false),
    unpaidOf(ctx, true),
    whole.strip!,
  );
  await add(
    'invoice_counts',
    '/Invoice list total',
    async () =>
      db
        .select({ n: sql<number>`coalesce(sum(${invoiceCounts.n}), 0)::int` })
        .from(invoiceCounts)
        .where(eq(invoiceCounts.clientId, user.clientId)),
    async () => db.select({ n: count() }).from(invoices).where(eq(invoices.clientId, user.clientId)),
    whole.invoices!,
  );
  // The staff queue across all clients (/Ops/Jobs) counts every job: fewer requests, each side reads 1M rows.
  const opsWhole = await alone(() => listQueue(ctx.staff, DEFAULT_QUEUE_QUERY, PAGE), N / 4);
  await add(
    'job_status_counts',
    '/Ops/Jobs total, all clients',
    async () => jobCountQuery(db, {}),
    async () => db.select({ n: count() }).from(jobs),
    opsWhole,
    N / 4,
  );
  return lines;
}

async function run(): Promise<BenchTable[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'machinery needs BENCH_DATABASE_URL (or DATABASE_URL): PostgreSQL seeded with db:seed -- --jobs 1000000',
    );
  const ctx = await setup(url);
  const load0 = loadavg()[0]!;
  try {
    const { user, admin, sessionId } = ctx;
    const calls: Record<string, Fn> = {
      session: () => resolveSession(sessionId, { touch: false }),
      shell: () => getShellUserAndNews(user),
      list: () => listJobs(user, DEFAULT_JOB_QUERY, PAGE),
      strip: () => homeAttention(user),
      pageData: async () => {
        await resolveSession(sessionId, { touch: false });
        await Promise.all([getShellUserAndNews(user), listJobs(user, DEFAULT_JOB_QUERY, PAGE), homeAttention(user)]);
      },
      invoices: () => listInvoices(user, DEFAULT_INVOICE_QUERY, PAGE),
      users: () => listUsers(admin, DEFAULT_USER_QUERY, PAGE),
    };
    const whole: Record<string, Timing> = {};
    const wholeRows = [];
    for (const [name, fn] of Object.entries(calls)) {
      const s = await alone(fn);
      whole[name] = s;
      wholeRows.push({ call: name, requests: s.count, 'p95 ms': ms(s.p95), 'mean ms': ms(s.mean) });
    }
    const lines = await statementCache(ctx, whole);
    lines.push(...(await counters(ctx, whole)));
    const load1 = loadavg()[0]!;
    return [
      { title: `Whole calls with all the machinery (${C} callers, load ${load0.toFixed(1)})`, rows: wholeRows },
      {
        title: `Receipts: with and without each piece; share = saving / the whole call without it (${C} callers, ${ctx.jobs} jobs)`,
        rows: lines.map(row),
      },
      { title: 'Load average (1 min)', rows: [{ before: load0.toFixed(2), after: load1.toFixed(2) }] },
    ];
  } finally {
    await ctx.handle.close();
  }
}

const bench: Bench = { name: 'machinery', run };
export default bench;
