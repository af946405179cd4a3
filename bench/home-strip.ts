/**
 * `npm run bench -- home-strip`: what the "what needs me" strip (issue 28) adds to /JobClient on the 1M-job data set.
 * Needs PostgreSQL with the generated data set (BENCH_DATABASE_URL or DATABASE_URL; see bench/jobs-list.ts:
 * db:seed -- --jobs 1000000, then vacuum analyze).
 *
 * The page's server component awaits the list and the strip's two statements side by side (Promise.all). Measured
 * here, in-process through the app's own database client, with BENCH_CONCURRENCY callers (default 8) each making
 * BENCH_REQUESTS requests (default 200) after a warm-up, the sides interleaved round by round:
 *  - without: the page's data without the strip (listJobs, page 1, the default list of hv.user);
 *  - with: the same and the strip (homeAttention: one prepared statement), side by side as the page runs them;
 *  - the strip alone (hv.user is a clerk: their own jobs' counts), and the firm's strip alone (an administrator's).
 * Goal: "with" at most 1.2 x "without" at p95. The page itself also resolves the session and renders, which the
 * strip does not touch, so the page's ratio is lower than this one (jobs-page measures the whole page over HTTP).
 */
import { eq } from 'drizzle-orm';
import { bindDatabase, openDatabase } from '@/db/client';
import { clients, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { homeAttention } from '@/lib/invoices/attention';
import { DEFAULT_JOB_QUERY } from '@/lib/jobs/list-schema';
import { listJobs } from '@/lib/jobs/queries';
import type { RoleId } from '@/lib/reference';
import { runConcurrent, type RunStats } from './jobs-list-support';
import type { Bench, BenchRow } from './run';

const C = Number(process.env.BENCH_CONCURRENCY ?? 8);
const N = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);
const ROUNDS = 10;
const GOAL = 1.2;

async function setup(url: string) {
  // Two statements per request side by side (the list and the strip), as the page runs them.
  const handle = openDatabase({ url, max: 2 * C + 2 });
  bindDatabase(handle);
  const db = handle.db;
  const [hv] = await db.select({ id: clients.id }).from(clients).where(eq(clients.accountNumber, 'HV1001'));
  if (!hv) throw new Error('Seed the bench database first: npm run db:seed -- --jobs 1000000');
  const [user] = await db.select().from(users).where(eq(users.userName, 'hv.user'));
  if (!user) throw new Error('demo user hv.user missing');
  const actor: Actor = {
    userId: user.id,
    clientId: hv.id,
    role: user.role as RoleId,
    userName: user.userName,
    timeZone: user.timeZone,
    sessionId: 'bench',
  };
  return { handle, actor };
}

const fmt = (n: number, d = 2) => Number(n.toFixed(d));

async function run(): Promise<BenchRow[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'home-strip needs BENCH_DATABASE_URL (or DATABASE_URL): PostgreSQL seeded with db:seed -- --jobs 1000000',
    );
  const { handle, actor } = await setup(url);
  try {
    const page = { page: 1, size: 10 };
    const without = async () => void (await listJobs(actor, DEFAULT_JOB_QUERY, page));
    const withStrip = async () =>
      void (await Promise.all([listJobs(actor, DEFAULT_JOB_QUERY, page), homeAttention(actor)]));
    // hv.user is a clerk: the page shows their own jobs' strip; the firm's (an administrator's) beside it.
    const strip = async () => void (await homeAttention(actor));
    const firmStrip = async () => void (await homeAttention(actor, 'firm'));
    const sides = [without, withStrip, strip, firmStrip];
    for (const fn of sides) await runConcurrent(C, WARM_UP, fn);
    const stats: (RunStats | undefined)[] = [undefined, undefined, undefined, undefined];
    const each = Math.max(1, Math.round(N / ROUNDS));
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? [0, 1, 2, 3] : [3, 2, 1, 0];
      for (const i of order) {
        const s = await runConcurrent(C, each, sides[i]!);
        stats[i] = stats[i] ? stats[i]!.merge(s) : s;
      }
    }
    const [a, b, c, d] = stats as RunStats[];
    const { jobs: counts, invoices: inv } = await homeAttention(actor);
    const ratio = b!.p95 / a!.p95;
    return [
      {
        scenario: 'page data without the strip',
        requests: a!.count,
        'mean ms': fmt(a!.mean),
        'p95 ms': fmt(a!.p95),
        'req/s': fmt(a!.throughput, 0),
      },
      {
        scenario: 'page data with the strip',
        requests: b!.count,
        'mean ms': fmt(b!.mean),
        'p95 ms': fmt(b!.p95),
        'req/s': fmt(b!.throughput, 0),
      },
      {
        scenario: "the strip alone (the clerk's own jobs)",
        requests: c!.count,
        'mean ms': fmt(c!.mean),
        'p95 ms': fmt(c!.p95),
        'req/s': fmt(c!.throughput, 0),
      },
      {
        scenario: "the firm's strip alone (an administrator's)",
        requests: d!.count,
        'mean ms': fmt(d!.mean),
        'p95 ms': fmt(d!.p95),
        'req/s': fmt(d!.throughput, 0),
      },
      {
        scenario: `with / without at p95 (goal <= ${GOAL})`,
        requests: '',
        'mean ms': fmt(b!.mean / a!.mean),
        'p95 ms': fmt(ratio),
        'req/s': ratio <= GOAL ? 'met' : 'NOT MET',
      },
      {
        scenario: 'the counts (hv.user)',
        requests: '',
        'mean ms': '',
        'p95 ms': '',
        'req/s': `${Object.entries(counts)
          .map(([k, v]) => `${k} ${v.n}${v.capped ? '+' : ''}`)
          .join(', ')}; unpaid invoices ${inv.unpaid}, overdue ${inv.overdue}`,
      },
    ];
  } finally {
    await handle.close();
  }
}

const bench: Bench = { name: 'home-strip', run };
export default bench;
