/**
 * The per-client, per-status job counters (job_status_counts, kept by triggers) against count(*), under random
 * inserts, status changes, moves between clients and deletes, one row or many per statement, in committed and
 * rolled-back transactions, and concurrent writers (PostgreSQL: real concurrency); and what the job list and
 * the staff queue's totals answer from them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '@/db/client';
import { jobs, jobStatusCounts } from '@/db/schema';
import { JOB_STATUSES } from '@/lib/reference';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, signedIn } from '@/test/factories';
import { cappedJobCount, countJobs, jobStatusTotals } from './counts';
import { DEFAULT_JOB_QUERY, type JobListQuery } from './list-schema';
import { COUNT_CAP, listJobs, TEXT_PAGES_AHEAD } from './queries';

const STATUSES = JOB_STATUSES.map((s) => s.id);
const q = (over: Partial<JobListQuery> = {}): JobListQuery => ({ ...DEFAULT_JOB_QUERY, statuses: [], ...over });

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)] as T };
}

const row = (clientId: number, status: number, i: number): typeof jobs.$inferInsert => ({
  clientId,
  status,
  orderType: 1 + (i % 8),
  description: `counted job ${i}`,
  contactName: 'Test Contact',
  email: 'contact@example.com',
  contactPhone: '(02)9000-1234',
  matterReference: `CNT-${i % 7}`,
  address: '1 Test Street, Sydney NSW 2000',
  readyAt: new Date(Date.UTC(2026, 0, 1, i % 24)),
  dueAt: new Date(Date.UTC(2026, 0, 2, i % 24)),
});

/** count(*) by (client, status) against the counters, for the given clients: equal, zero counters ignored. */
async function expectCountersExact(db: Queryable, clientIds: number[]) {
  const real = await db
    .select({ clientId: jobs.clientId, status: jobs.status, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(jobs)
    .where(inArray(jobs.clientId, clientIds))
    .groupBy(jobs.clientId, jobs.status);
  const kept = await db
    .select({ clientId: jobStatusCounts.clientId, status: jobStatusCounts.status, n: jobStatusCounts.n })
    .from(jobStatusCounts)
    .where(and(inArray(jobStatusCounts.clientId, clientIds), sql`${jobStatusCounts.n} <> 0`));
  const key = (r: { clientId: number; status: number; n: number }) => `${r.clientId}/${r.status}=${r.n}`;
  expect(kept.map(key).sort()).toEqual(real.map(key).sort());
}

describe('job status counters', () => {
  const t = useTestDatabase();

  it('equal count(*) per client and status after random inserts, status changes, moves and deletes', async () => {
    const db = t.db();
    const clients = [await makeClient(), await makeClient(), await makeClient()];
    const clientIds = clients.map((c) => c.id);
    const rnd = random(20261124);
    const live: number[] = [];
    let serial = 0;
    const inserted = (rows: { id: number }[]) => live.push(...rows.map((r) => r.id));
    const some = (max: number) =>
      Array.from({ length: 1 + rnd.int(max) }, () => rnd.pick(live)).filter((v, i, a) => a.indexOf(v) === i);

    for (let step = 0; step < 120; step++) {
      const op = live.length < 5 ? 0 : rnd.int(8);
      const work = async (tx: Queryable) => {
        if (op === 0) {
          // Insert one job (as the order form does) or many in one statement (as an import would).
          const n = rnd.next() < 0.5 ? 1 : 2 + rnd.int(30);
          const values = Array.from({ length: n }, () => row(rnd.pick(clientIds), rnd.pick(STATUSES), serial++));
          return (await tx.insert(jobs).values(values).returning({ id: jobs.id })).map((r) => r.id);
        }
        if (op === 1 || op === 2) {
          // Status change of one job, then of several in one statement.
          await tx
            .update(jobs)
            .set({ status: rnd.pick(STATUSES) })
            .where(inArray(jobs.id, some(op === 1 ? 1 : 12)));
        } else if (op === 3) {
          // Every job of one status of a client moves on (a bulk workflow step).
          await tx
            .update(jobs)
            .set({ status: rnd.pick(STATUSES) })
            .where(and(eq(jobs.clientId, rnd.pick(clientIds)), eq(jobs.status, rnd.pick(STATUSES))));
        } else if (op === 4) {
          // A change that touches neither client nor status.
          await tx
            .update(jobs)
            .set({ description: `edited ${step}` })
            .where(inArray(jobs.id, some(5)));
        } else if (op === 5) {
          // A job moved to another client, with a status change in the same statement.
          await tx
            .update(jobs)
            .set({ clientId: rnd.pick(clientIds), status: rnd.pick(STATUSES) })
            .where(inArray(jobs.id, some(3)));
        } else {
          const gone = some(op === 6 ? 1 : 8);
          await tx.delete(jobs).where(inArray(jobs.id, gone));
          return gone.map((id) => -id);
        }
        return [];
      };
      const rollBack = rnd.next() < 0.15;
      let changed: number[] = [];
      try {
        await db.transaction(async (tx) => {
          changed = await work(tx);
          if (rollBack) throw new Error('roll back');
        });
      } catch (e) {
        if (!rollBack) throw e;
        changed = [];
      }
      for (const id of changed) {
        if (id > 0) inserted([{ id }]);
        else live.splice(live.indexOf(-id), 1);
      }
      if (step % 10 === 9) await expectCountersExact(db, clientIds);
    }
    await expectCountersExact(db, clientIds);
    expect(live.length).toBeGreaterThan(20);

    // What the job list and the queue answer from the counters equals count(*) of the same filter.
    for (const clientId of clientIds) {
      const { actor } = await signedIn(3, clientId);
      const statusSets = [[], [rnd.pick(STATUSES)], [8, 12, 15]];
      for (const statuses of statusSets) {
        const [real] = await db
          .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
          .from(jobs)
          .where(and(eq(jobs.clientId, clientId), statuses.length ? inArray(jobs.status, statuses) : undefined));
        for (const page of [1, 2, 50]) {
          const r = await listJobs(actor, q({ statuses }), { page, size: 5 });
          expect(r.totalCount).toBe(real?.n);
          expect(r.totalCapped).toBe(false);
        }
        expect(await countJobs({ clientIds: [clientId], statuses })).toBe(real?.n);
      }
    }
    const perStatus = await db
      .select({ status: jobs.status, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(jobs)
      .where(inArray(jobs.clientId, clientIds.slice(0, 2)))
      .groupBy(jobs.status)
      .orderBy(jobs.status);
    expect(await jobStatusTotals({ clientIds: clientIds.slice(0, 2) })).toEqual(perStatus);
    expect(await countJobs({ clientIds: [] })).toBe(0);
  });

  it('stay exact under concurrent writers on the same client and statuses', async () => {
    const db = t.db();
    const client = await makeClient();
    const rnd = random(7);
    const seedJobs = await db
      .insert(jobs)
      .values(Array.from({ length: 40 }, (_, i) => row(client.id, rnd.pick([12, 15]), i)))
      .returning({ id: jobs.id });
    // Eight writers at once, each a sequence of single-statement transactions as the app makes them (a save, a
    // status change, a delete), on the same client's counters.
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        await db
          .insert(jobs)
          .values(Array.from({ length: 5 }, (_, i) => row(client.id, rnd.pick([12, 15, 8]), 1000 + w * 10 + i)));
        const mine = seedJobs.filter((_, i) => i % 8 === w).map((j) => j.id);
        await db
          .update(jobs)
          .set({ status: w % 2 ? 8 : 6 })
          .where(inArray(jobs.id, mine));
        await db.delete(jobs).where(eq(jobs.id, mine[0] as number));
      }),
    );
    await expectCountersExact(db, [client.id]);
    expect(await countJobs({ clientIds: [client.id] })).toBe(40 + 8 * 5 - 8);
  });

  it('a job saved through the factory (one row, one statement) is counted at once', async () => {
    const { actor, clientId } = await signedIn(3);
    const before = await countJobs({ clientIds: [clientId], statuses: [12] });
    await makeJob({ clientId, status: 12 });
    expect(await countJobs({ clientIds: [clientId], statuses: [12] })).toBe(before + 1);
    expect((await listJobs(actor, q(), { page: 1, size: 10 })).totalCount).toBe(before + 1);
  });
});

describe('the job list count with a text or time filter', () => {
  const t = useTestDatabase();

  it('is exact as far as the walk looks ahead for a contains filter, then a lower bound, flagged', async () => {
    const db = t.db();
    const { actor, clientId } = await signedIn(3);
    const n = COUNT_CAP + 30;
    // Set-based: the same job n times (matter reference CAPPED-…), and a few that the filter does not match.
    await db.insert(jobs).values(row(clientId, 12, 0));
    await db.execute(sql`
      insert into jobs (client_id, status, order_type, description, contact_name, email, contact_phone, matter_reference, address, ready_at, due_at)
      select client_id, status, order_type, description, contact_name, email, contact_phone, 'CAPPED-' || g, address, ready_at, due_at
      from jobs, generate_series(1, ${n}) g where client_id = ${clientId}`);
    const filter = q({ matterReference: 'capped-' });
    const ahead = 10 * (1 + TEXT_PAGES_AHEAD);

    // Page 1 looks TEXT_PAGES_AHEAD pages further: more match, so the total is offset + that + 1, flagged.
    const first = await listJobs(actor, filter, { page: 1, size: 10 });
    expect(first.rows).toHaveLength(10);
    expect(first.totalCapped).toBe(true);
    expect(first.totalCount).toBe(ahead + 1);

    // Further on, the window moves with the page.
    const later = await listJobs(actor, filter, { page: 5, size: 10 });
    expect(later.totalCapped).toBe(true);
    expect(later.totalCount).toBe(40 + ahead + 1);

    // Within the pages ahead of the end, the total is exact.
    const lastPage = Math.ceil(n / 10);
    const near = await listJobs(actor, filter, { page: lastPage - TEXT_PAGES_AHEAD, size: 10 });
    expect(near.rows).toHaveLength(10);
    expect(near.totalCapped).toBe(false);
    expect(near.totalCount).toBe(n);

    // The last page is short: its rows tell the total, exact.
    const last = await listJobs(actor, filter, { page: lastPage, size: 10 });
    expect(last.rows).toHaveLength(n % 10 || 10);
    expect(last.totalCount).toBe(n);

    // Past the end: no rows, and a count (capped at offset + COUNT_CAP + 1) tells the exact total.
    const past = await listJobs(actor, filter, { page: 5000, size: 10 });
    expect(past.rows).toHaveLength(0);
    expect(past.totalCount).toBe(n);

    // A time filter counts up to COUNT_CAP past the page's start: all of this client's jobs were created now.
    const recent = q({ timeCreated: 3 });
    const timed = await listJobs(actor, recent, { page: 1, size: 10 });
    expect(timed.rows).toHaveLength(10);
    expect(timed.totalCapped).toBe(true);
    expect(timed.totalCount).toBe(COUNT_CAP + 1);
    const timedLater = await listJobs(actor, recent, { page: 5, size: 10 });
    expect(timedLater.totalCapped).toBe(false);
    expect(timedLater.totalCount).toBe(n + 1);
    // A page that holds more than COUNT_CAP rows (a legacy size; "All" holds up to MAX_ROWS_PER_PAGE): the count
    // looks a whole page ahead, so a full page never says fewer match than it shows.
    const big = await listJobs(actor, recent, { page: 1, size: COUNT_CAP + 20 });
    expect(big.rows).toHaveLength(COUNT_CAP + 20);
    expect(big).toMatchObject({ totalCount: COUNT_CAP + 21, totalCapped: true });
    expect(await listJobs(actor, recent, { page: 1, size: 0 })).toMatchObject({
      totalCount: n + 1,
      totalCapped: false,
    });

    // The same cap for a staff list's own filter (the /Ops queue).
    const matching = and(eq(jobs.clientId, clientId), sql`${jobs.matterReference} ilike 'CAPPED-%'`);
    expect(await cappedJobCount(matching, 0)).toEqual({ totalCount: COUNT_CAP + 1, totalCapped: true });
    expect(await cappedJobCount(matching, 40)).toEqual({ totalCount: n, totalCapped: false });

    // A status filter alone is exact from the counters, however many match.
    const unfiltered = await listJobs(actor, q({ statuses: [12] }), { page: 1, size: 10 });
    expect(unfiltered.totalCount).toBe(n + 1);
    expect(unfiltered.totalCapped).toBe(false);
  });
});
