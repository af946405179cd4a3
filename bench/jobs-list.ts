/**
 * `npm run bench -- jobs-list`: the job list at scale (issue "Jobs", performance). Needs PostgreSQL with the
 * generated data set (Harbour & Vale holding at least 200,000 jobs):
 *
 *   createdb jms_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/jms_bench
 *   npm run db:seed -- --jobs 1000000 && psql "$DATABASE_URL" -c 'vacuum analyze'
 *   npm run bench -- jobs-list
 *
 * Measured in one run, with the same concurrency (BENCH_CONCURRENCY callers, default 8, each making
 * BENCH_REQUESTS requests, default 200, after BENCH_WARM_UP warm-up requests each, default 100: with 25 the first
 * scenario measured was still paying for the JIT, ~0.35 ms of Node CPU per request more than the same path later),
 * alternating the two sides to share the machine's state:
 *  - the legacy list endpoint (POST api/Job/JobsList/…, its route handler called in-process with a bearer
 *    token: authentication, validation, service, presenter, JSON) against the same SQL (the statements
 *    listJobs runs, taken from the same builder) run directly through the postgres driver;
 *  - the route against the floor: the least work that serves the same page — its ids by the sort index, then
 *    those rows by primary key, no count — through the same driver at the same concurrency (goal: route p95 at
 *    most 3x the floor's; 5x for a 'contains' filter); for the job list, the invoice list and the user list;
 *  - page 1,000 against page 1 of the default list;
 *  - the CSV export (POST api/Job/ExportCSVJobs, streamed and read to the end) against COPY (…) TO STDOUT
 *    of the same query, in rows/s; and the export's peak memory, ~100,000 rows against ~10,000 rows.
 */
import postgres from 'postgres';
import { eq, fillPlaceholders, sql as dsql } from 'drizzle-orm';
import { POST as exportRoute } from '@/app/api/Job/ExportCSVJobs/route';
import { POST as listRoute } from '@/app/api/Job/JobsList/CurrentPage/[page]/PageSize/[size]/route';
import { bindDatabase, openDatabase, type Db } from '@/db/client';
import { clients, jobs, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { createSession, issueLegacyToken } from '@/lib/auth/session';
import { jobExportAllStatement } from '@/lib/jobs/export';
import { DEFAULT_JOB_QUERY, toJobListBody, type JobListQuery } from '@/lib/jobs/list-schema';
import { idArray, jobListFloorStatements, jobListStatements } from '@/lib/jobs/queries';
import { inlineParams } from '@/lib/lists/inline';
import { POST as invoiceListRoute } from '@/app/api/Invoice/InvoiceList/CurrentPage/[page]/PageSize/[size]/route';
import { POST as userListRoute } from '@/app/api/User/UserList/CurrentPage/[page]/PageSize/[size]/route';
import { invoices } from '@/db/schema';
import { DEFAULT_INVOICE_QUERY, toInvoiceListBody } from '@/lib/invoices/schema';
import { invoiceFloorStatements, userFloorStatements } from './page-floors';
import { DEFAULT_USER_QUERY, toUserListBody } from '@/lib/users/list-schema';
import type { RoleId } from '@/lib/reference';
import type { Bench, BenchRow } from './run';
import { cpus, loadavg } from 'node:os';
import { backendCpuMs, measureMemory, runConcurrent, type RunStats } from './jobs-list-support';

const C = Number(process.env.BENCH_CONCURRENCY ?? 8);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
/** Short rounds, the sides' order reversed every other round: a machine whose speed drifts weighs on all alike. */
const ROUNDS = 10;
/** Requests per caller and side before measuring. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
const HV_ACCOUNT = 'HV1001';

interface Scenario {
  name: string;
  query: JobListQuery;
  page: number;
  size: number;
}

const q = (over: Partial<JobListQuery>): JobListQuery => ({ ...DEFAULT_JOB_QUERY, statuses: [], ...over });

async function setup(url: string) {
  const handle = openDatabase({ url, max: C + 2 });
  bindDatabase(handle);
  const db = handle.db;
  const [hv] = await db.select({ id: clients.id }).from(clients).where(eq(clients.accountNumber, HV_ACCOUNT));
  if (!hv) throw new Error('Seed the bench database first: npm run db:seed -- --jobs 1000000');
  const [{ n } = { n: 0 }] = await db
    .select({ n: dsql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.clientId, hv.id));
  if (n < 200_000)
    throw new Error(`Harbour & Vale has ${n} jobs; the benchmark needs at least 200,000 (db:seed -- --jobs 1000000).`);
  const [user] = await db.select().from(users).where(eq(users.userName, 'hv.user'));
  if (!user) throw new Error('demo user hv.user missing');
  const session = await createSession(db, user.id);
  const token = await issueLegacyToken(session, user.role);
  const actor: Actor = {
    userId: user.id,
    clientId: hv.id,
    role: user.role as RoleId,
    userName: user.userName,
    timeZone: user.timeZone,
    sessionId: session.id,
  };
  const [admin] = await db.select().from(users).where(eq(users.userName, 'hv.admin'));
  if (!admin) throw new Error('demo user hv.admin missing');
  const adminSession = await createSession(db, admin.id);
  const adminToken = await issueLegacyToken(adminSession, admin.role);
  const driver = postgres(url, { max: C + 2, onnotice: () => undefined });
  return { url, handle, db, hv: { id: hv.id, jobs: n }, token, adminToken, actor, driver };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

/** The route, as a legacy caller uses it: a request with a bearer token, the JSON read to the end. */
async function callList(ctx: Ctx, s: Scenario): Promise<void> {
  const req = new Request(`http://bench/api/Job/JobsList/CurrentPage/${s.page}/PageSize/${s.size}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(toJobListBody(s.query)),
  });
  const res = await listRoute(req, { params: Promise.resolve({ page: String(s.page), size: String(s.size) }) });
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${await res.text()}`);
  await res.json();
}

/**
 * The same SQL through the driver: a first page planned once in one statement (its rows, with the total), or the
 * page's ids (with the total in them when the counters or a time filter's capped count give it), the rows by
 * primary key, and the count on its own when listJobs needs one,
 * as named prepared statements (the driver's default, and what the app's database client uses), with the
 * same values bound.
 */
function directList(ctx: Ctx, s: Scenario): () => Promise<void> {
  const st = jobListStatements(
    ctx.db,
    { clientId: ctx.hv.id, userId: ctx.actor.userId, now: new Date(), timeZone: ctx.actor.timeZone },
    s.query,
    { page: s.page, size: s.size },
  );
  const ids = st.ids.toSQL();
  const rows = st.rows.toSQL();
  const count = st.count.toSQL();
  const idParams = fillPlaceholders(ids.params, st.values) as postgres.ParameterOrJSON<never>[];
  const countParams = fillPlaceholders(count.params, st.countValues) as postgres.ParameterOrJSON<never>[];
  // As listJobs: a first page planned once is one statement (its rows with the total).
  const page = st.page?.toSQL();
  if (page) {
    const pageParams = fillPlaceholders(page.params, st.values) as postgres.ParameterOrJSON<never>[];
    return async () => {
      await ctx.driver.unsafe(page.sql, pageParams, { prepare: true });
    };
  }
  // As listJobs: a 'contains' filter's statements go unnamed with their values written in.
  const run = (text: string, params: postgres.ParameterOrJSON<never>[]) =>
    st.text
      ? ctx.driver.unsafe<{ id: number }[]>(inlineParams(text, params))
      : ctx.driver.unsafe<{ id: number }[]>(text, params, { prepare: true });
  return async () => {
    // The page's ids (with the total when the counters or a time filter's capped count give it), then those
    // rows by primary key; a page past the end counts on its own.
    const found = await run(ids.sql, idParams);
    const page = found.slice(0, st.limit);
    if (page.length)
      await ctx.driver.unsafe(
        rows.sql,
        fillPlaceholders(rows.params, { ids: idArray(page) }) as postgres.ParameterOrJSON<never>[],
        { prepare: true },
      );
    else if (st.offset > 0) await run(count.sql, countParams);
  };
}

/** Statement text and its parameters, with placeholders filled (the `ids` one left to the caller). */
function bound(st: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>) {
  const { sql, params } = st.toSQL();
  return {
    sql,
    params: (fill: Record<string, unknown> = {}) =>
      fillPlaceholders(params, { ...values, ...fill }) as postgres.ParameterOrJSON<never>[],
  };
}

/**
 * The floor: the least work that serves the page. Its ids by the sort index (the planner's best walk of the
 * same WHERE and ORDER BY), then those rows by primary key with the columns the page shows, put back in the
 * ids' order; no count. Same driver, named prepared statements, same concurrency as the route.
 */
function floor(
  ctx: Ctx,
  ids: { sql: string; params: () => postgres.ParameterOrJSON<never>[] },
  rows: ReturnType<typeof bound>,
  withValues = false,
): () => Promise<void> {
  const idParams = ids.params();
  // A 'contains' filter: planned with its values every time, as the route does (a generic plan of a named
  // statement walked every client's trigram matches: lib/lists/inline.ts).
  const idsText = withValues ? inlineParams(ids.sql, idParams) : ids.sql;
  return async () => {
    const found = withValues
      ? await ctx.driver.unsafe<{ id: number }[]>(idsText)
      : await ctx.driver.unsafe<{ id: number }[]>(ids.sql, idParams, { prepare: true });
    if (found.length === 0) return;
    const got = await ctx.driver.unsafe<{ id: number }[]>(rows.sql, rows.params({ ids: idArray(found) }), {
      prepare: true,
    });
    const byId = new Map(got.map((r) => [r.id, r]));
    if (found.map((r) => byId.get(r.id)).some((r) => r === undefined)) throw new Error('floor: a row went missing');
  };
}

function jobFloor(ctx: Ctx, s: Scenario): () => Promise<void> {
  const st = jobListFloorStatements(
    ctx.db,
    { clientId: ctx.hv.id, userId: ctx.actor.userId, now: new Date(), timeZone: ctx.actor.timeZone },
    s.query,
    { page: s.page, size: s.size },
  );
  return floor(ctx, bound(st.ids, st.values), bound(st.rows, st.values), st.text);
}

/** CPU spent per side: this Node process and the database's backends (null when /proc cannot tell). */
interface CpuUse {
  nodeMs: number;
  pgMs: number | null;
  requests: number;
}
let cpuCtx: Ctx | undefined;
const lastCpu: CpuUse[] = [];

async function pgCpu(): Promise<number | null> {
  if (!cpuCtx) return null;
  const driver = cpuCtx.driver;
  return backendCpuMs((text) => driver.unsafe<{ pid: number }[]>(text));
}

/**
 * The sides in alternating rounds (the machine's load drifts; every side sees the same drift). Also records the
 * CPU each side used (`lastCpu`): on a machine shared with other work, latency ratios mostly measure the
 * scheduler, CPU per request does not.
 */
async function interleavedAll(fns: (() => Promise<void>)[]): Promise<RunStats[]> {
  // Warm up every side first (JIT, plan caches, connections): a server in use is warm.
  for (const f of fns) await runConcurrent(C, WARM_UP, f);
  const per = Math.max(1, Math.round(N / ROUNDS));
  const out: (RunStats | undefined)[] = fns.map(() => undefined);
  const cpu: CpuUse[] = fns.map(() => ({ nodeMs: 0, pgMs: 0, requests: 0 }));
  for (let i = 0; i < ROUNDS; i++) {
    const order = [...fns.entries()];
    if (i % 2 === 1) order.reverse();
    for (const [k, f] of order) {
      const pg0 = await pgCpu();
      const node0 = process.cpuUsage();
      const r = await runConcurrent(C, per, f);
      const node = process.cpuUsage(node0);
      const pg1 = await pgCpu();
      const use = cpu[k] as CpuUse;
      use.nodeMs += (node.user + node.system) / 1000;
      use.pgMs = pg0 === null || pg1 === null || use.pgMs === null ? null : use.pgMs + (pg1 - pg0);
      use.requests += r.count;
      out[k] = out[k]?.merge(r) ?? r;
    }
  }
  lastCpu.length = 0;
  lastCpu.push(...cpu);
  return out.map((r) => r as RunStats);
}

/** CPU per request (Node + PostgreSQL backends) of side a against side b of the last interleaved run. */
function cpuRow(measure: string, a: number, b: number): BenchRow | null {
  const [x, y] = [lastCpu[a], lastCpu[b]];
  if (!x || !y || x.pgMs === null || y.pgMs === null) return null;
  const per = (u: CpuUse) => (u.nodeMs + (u.pgMs ?? 0)) / u.requests;
  return row(
    `${measure}: CPU per request (Node ${fmt(x.nodeMs / x.requests, 2)} + PostgreSQL ${fmt((x.pgMs ?? 0) / x.requests, 2)} vs ${fmt(y.nodeMs / y.requests, 2)} + ${fmt((y.pgMs ?? 0) / y.requests, 2)} ms)`,
    per(x),
    per(y),
    'ms',
    '(info)',
    () => true,
  );
}

async function interleaved(a: () => Promise<void>, b: () => Promise<void>): Promise<{ a: RunStats; b: RunStats }> {
  const [ra, rb] = await interleavedAll([a, b]);
  return { a: ra as RunStats, b: rb as RunStats };
}

async function compareList(
  ctx: Ctx,
  s: Scenario,
): Promise<{ route: RunStats; direct: RunStats; floor: RunStats; cpu: BenchRow | null }> {
  const [direct, route, fl] = await interleavedAll([directList(ctx, s), () => callList(ctx, s), jobFloor(ctx, s)]);
  return {
    route: route as RunStats,
    direct: direct as RunStats,
    floor: fl as RunStats,
    cpu: cpuRow(`list "${s.name}", route vs floor`, 1, 2),
  };
}

/** A legacy list route (invoices, users) called as its callers do. */
async function callRoute(
  route: (req: Request, ctx: { params: Promise<{ page: string; size: string }> }) => Promise<Response>,
  path: string,
  token: string,
  body: unknown,
  page: number,
  size: number,
): Promise<void> {
  const req = new Request(`http://bench/api/${path}/CurrentPage/${page}/PageSize/${size}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const res = await route(req, { params: Promise.resolve({ page: String(page), size: String(size) }) });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  await res.json();
}

/** The invoice list and the user list, page 1 in their default order: route against the floor. */
async function otherLists(ctx: Ctx): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  const inv = invoiceFloorStatements(ctx.db, ctx.hv.id, ctx.actor.timeZone);
  const [{ n: invCount } = { n: 0 }] = await ctx.db
    .select({ n: dsql<number>`count(*)::int` })
    .from(invoices)
    .where(eq(invoices.clientId, ctx.hv.id));
  const [invRoute, invFloor] = await interleavedAll([
    () =>
      callRoute(invoiceListRoute, 'Invoice/InvoiceList', ctx.token, toInvoiceListBody(DEFAULT_INVOICE_QUERY), 1, 10),
    floor(ctx, bound(inv.ids, inv.values), bound(inv.rows, inv.values)),
  ]);
  out.push(
    row(
      `invoice list page 1 (${invCount} invoices): p95, route vs floor`,
      (invRoute as RunStats).p95,
      (invFloor as RunStats).p95,
      'ms',
      '<= 3',
      (x) => x <= 3,
    ),
  );
  out.push(
    row(
      `invoice list page 1: throughput, route vs floor`,
      (invRoute as RunStats).throughput,
      (invFloor as RunStats).throughput,
      'req/s',
      '(info)',
      () => true,
    ),
  );
  const invCpu = cpuRow('invoice list page 1, route vs floor', 0, 1);
  if (invCpu) out.push(invCpu);

  const usr = userFloorStatements(ctx.db, ctx.hv.id);
  const [{ n: usrCount } = { n: 0 }] = await ctx.db
    .select({ n: dsql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.clientId, ctx.hv.id));
  const [usrRoute, usrFloor] = await interleavedAll([
    () => callRoute(userListRoute, 'User/UserList', ctx.adminToken, toUserListBody(DEFAULT_USER_QUERY), 1, 10),
    floor(ctx, bound(usr.ids, usr.values), bound(usr.rows, usr.values)),
  ]);
  out.push(
    row(
      `user list page 1 (${usrCount} users): p95, route vs floor`,
      (usrRoute as RunStats).p95,
      (usrFloor as RunStats).p95,
      'ms',
      '<= 3',
      (x) => x <= 3,
    ),
  );
  out.push(
    row(
      `user list page 1: throughput, route vs floor`,
      (usrRoute as RunStats).throughput,
      (usrFloor as RunStats).throughput,
      'req/s',
      '(info)',
      () => true,
    ),
  );
  const usrCpu = cpuRow('user list page 1, route vs floor', 0, 1);
  if (usrCpu) out.push(usrCpu);
  return out;
}

/** The export route read to the end: rows and bytes. */
async function exportViaRoute(ctx: Ctx, query: JobListQuery): Promise<{ rows: number; bytes: number }> {
  const req = new Request('http://bench/api/Job/ExportCSVJobs', {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(toJobListBody(query)),
  });
  const res = await exportRoute(req, { params: Promise.resolve({}) });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let newlines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
  }
  return { rows: newlines - 1, bytes };
}

async function exportViaCopy(
  ctx: Ctx,
  query: JobListQuery,
  driver: postgres.Sql = ctx.driver,
): Promise<{ rows: number; bytes: number }> {
  const st = jobExportAllStatement(
    ctx.db,
    { clientId: ctx.hv.id, userId: ctx.actor.userId, now: new Date(), timeZone: ctx.actor.timeZone },
    query,
  ).toSQL();
  const stream = await driver
    .unsafe(`copy (${inlineParams(st.sql, st.params)}) to stdout with (format csv, header)`)
    .readable();
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
  }
  // The driver may leave the connection paused after a copy (see lib/lists/copy.ts): let it read on.
  (stream as unknown as { _read?: (size: number) => void })._read?.(0);
  return { rows: newlines - 1, bytes };
}

/** Statuses of Harbour & Vale whose jobs add up closest to `target` (an export of about that many rows). */
async function statusesNear(db: Db, clientId: number, target: number): Promise<{ statuses: number[]; rows: number }> {
  const counts = await db
    .select({ s: jobs.status, n: dsql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.clientId, clientId))
    .groupBy(jobs.status);
  let best = { statuses: [] as number[], rows: 0 };
  for (let mask = 1; mask < 1 << counts.length; mask++) {
    const pick = counts.filter((_, i) => mask & (1 << i));
    const rows = pick.reduce((a, c) => a + c.n, 0);
    if (Math.abs(rows - target) < Math.abs(best.rows - target))
      best = { statuses: pick.map((c) => c.s).sort((a, b) => a - b), rows };
  }
  return best;
}

const fmt = (n: number, d = 1) => Number(n.toFixed(d));

function row(
  measure: string,
  ours: number,
  baseline: number,
  unit: string,
  goal: string,
  ok: (ratio: number) => boolean,
): BenchRow {
  const ratio = ours / baseline;
  return {
    measure,
    ours: fmt(ours),
    baseline: fmt(baseline),
    unit,
    ratio: fmt(ratio, 2),
    goal,
    met: ok(ratio) ? 'yes' : 'NO',
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

async function run(): Promise<BenchRow[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'Set DATABASE_URL to the bench database (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/jms_bench',
    );
  const ctx = await setup(url);
  cpuCtx = ctx;
  const load0 = loadavg()[0] ?? 0;
  const rows: BenchRow[] = [];
  try {
    const scenarios: Scenario[] = [
      { name: 'page 1, default sort', query: q({}), page: 1, size: 10 },
      { name: "matter/ref contains '0151'", query: q({ matterReference: '0151' }), page: 1, size: 10 },
      { name: 'status Delivered', query: q({ statuses: [8] }), page: 1, size: 10 },
      { name: 'created in the last 12 months', query: q({ timeCreated: 7 }), page: 1, size: 10 },
      { name: 'page 1,000, default sort', query: q({}), page: 1000, size: 10 },
    ];
    // Every route path compiled and warm before the first measurement (not only the first scenario's).
    for (const s of scenarios) await runConcurrent(C, WARM_UP, () => callList(ctx, s));
    const floors: RunStats[] = [];
    for (const s of scenarios) {
      const r = await compareList(ctx, s);
      floors.push(r.floor);
      const goal = s.query.matterReference ? 5 : 3;
      rows.push(
        row(`list "${s.name}": p95, route vs floor`, r.route.p95, r.floor.p95, 'ms', `<= ${goal}`, (x) => x <= goal),
      );
      rows.push(
        row(
          `list "${s.name}": throughput, route vs floor`,
          r.route.throughput,
          r.floor.throughput,
          'req/s',
          '(info)',
          () => true,
        ),
      );
      if (r.cpu) rows.push(r.cpu);
      rows.push(
        row(
          `list "${s.name}": throughput, route vs SQL`,
          r.route.throughput,
          r.direct.throughput,
          'req/s',
          '>= 0.5',
          (x) => x >= 0.5,
        ),
      );
      rows.push(row(`list "${s.name}": p95, route vs SQL`, r.route.p95, r.direct.p95, 'ms', '<= 2', (x) => x <= 2));
    }
    rows.push(...(await otherLists(ctx)));
    const [first, deep] = [scenarios[0], scenarios[4]];
    if (first && deep) {
      const pages = await interleaved(
        () => callList(ctx, first),
        () => callList(ctx, deep),
      );
      rows.push(
        row('list: page 1,000 vs page 1 (route, p95)', pages.b.p95, pages.a.p95, 'ms', '<= 1.2', (x) => x <= 1.2),
      );
      rows.push(
        row('list: page 1,000 vs page 1 (route, mean)', pages.b.mean, pages.a.mean, 'ms', '<= 1.2', (x) => x <= 1.2),
      );
      // The yardstick: what skipping 9,990 index entries costs the least work that serves the page (OFFSET).
      const [floor1, floorDeep] = [floors[0], floors[4]];
      if (floor1 && floorDeep)
        rows.push(
          row('list: page 1,000 vs page 1 (floor, p95)', floorDeep.p95, floor1.p95, 'ms', '(info)', () => true),
        );
    }

    const big = await statusesNear(ctx.db, ctx.hv.id, 100_000);
    const bigQuery = q({ statuses: big.statuses });
    const smallQuery = q({ matterReference: '0151' });
    await exportViaRoute(ctx, smallQuery);
    await exportViaCopy(ctx, smallQuery);
    const copy = await timed(() => exportViaCopy(ctx, bigQuery));
    const route = await timed(() => exportViaRoute(ctx, bigQuery));
    const copy2 = await timed(() => exportViaCopy(ctx, bigQuery));
    const route2 = await timed(() => exportViaRoute(ctx, bigQuery));
    const routeRate = (route.value.rows + route2.value.rows) / ((route.ms + route2.ms) / 1000);
    const copyRate = (copy.value.rows + copy2.value.rows) / ((copy.ms + copy2.ms) / 1000);
    const sameBytes =
      route.value.bytes === copy.value.bytes
        ? 'same bytes as COPY'
        : `${route.value.bytes} vs ${copy.value.bytes} bytes`;
    rows.push(
      row(
        `export ${route.value.rows} rows (statuses ${big.statuses.join(',')}; ${sameBytes}): route vs COPY`,
        routeRate,
        copyRate,
        'rows/s',
        '>= 0.5',
        (x) => x >= 0.5,
      ),
    );
    // For the record: COPY's plan is parallel (2 workers + leader); the same COPY on one backend, like each export batch.
    const serial = postgres(ctx.url, {
      max: 1,
      onnotice: () => undefined,
      connection: { max_parallel_workers_per_gather: 0 },
    });
    try {
      const s1 = await timed(() => exportViaCopy(ctx, bigQuery, serial));
      const s2 = await timed(() => exportViaCopy(ctx, bigQuery, serial));
      const serialRate = (s1.value.rows + s2.value.rows) / ((s1.ms + s2.ms) / 1000);
      rows.push(
        row('export: route vs COPY without parallel workers', routeRate, serialRate, 'rows/s', '(info)', () => true),
      );
    } finally {
      await serial.end({ timeout: 5 });
    }
    const small = await measureMemory(() => exportViaRoute(ctx, smallQuery));
    const large = await measureMemory(() => exportViaRoute(ctx, bigQuery));
    rows.push(
      row(
        `export peak RSS: ${large.value.rows} vs ${small.value.rows} rows`,
        large.peakRss / 1e6,
        small.peakRss / 1e6,
        'MB',
        '<= 1.2',
        (x) => x <= 1.2,
      ),
    );
    rows.push(
      row(
        `export peak heap: ${large.value.rows} vs ${small.value.rows} rows`,
        large.peakHeap / 1e6,
        small.peakHeap / 1e6,
        'MB',
        '(info)',
        () => true,
      ),
    );
    rows.push(
      row(
        `export heap growth over the baseline: ${large.value.rows} vs ${small.value.rows} rows`,
        large.heapGrowth / 1e6,
        small.heapGrowth / 1e6,
        'MB',
        '(info)',
        () => true,
      ),
    );
    const smallLive = await measureMemory(() => exportViaRoute(ctx, smallQuery), 50);
    const largeLive = await measureMemory(() => exportViaRoute(ctx, bigQuery), 50);
    rows.push(
      row(
        `export live heap after GC (every 50 ms): ${largeLive.value.rows} vs ${smallLive.value.rows} rows`,
        largeLive.peakLive / 1e6,
        smallLive.peakLive / 1e6,
        'MB',
        '<= 1.2',
        (x) => x <= 1.2,
      ),
    );
    rows.unshift({
      measure: `Harbour & Vale: ${ctx.hv.jobs} jobs; ${C} concurrent callers x ${N} requests per side; route handlers called in-process; load average ${load0.toFixed(1)} at start, ${(loadavg()[0] ?? 0).toFixed(1)} at end (${cpus().length} CPUs)`,
    });
  } finally {
    await ctx.driver.end({ timeout: 5 });
    await ctx.handle.close();
  }
  return rows;
}

const bench: Bench = { name: 'jobs-list', run };
export default bench;
