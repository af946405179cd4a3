/**
 * The one queue (lib/core/queue.ts) on a table of its own, on both engines: a claim is exclusive across parallel
 * claimers (FOR UPDATE SKIP LOCKED), an expired lease is taken again, attempts are counted, the backoff follows
 * the policy and a row is given up after the last attempt; tasks drain until nothing is due.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { fixedClock, setClock } from '@/lib/clock';
import { testEngine, useTestDatabase } from '@/test/db';
import {
  claimDue,
  drainAfterResponse,
  drainAll,
  exponentialWaits,
  registerTask,
  requeueNow,
  scheduledWaits,
  settle,
  type RetryPolicy,
  type WorkTable,
} from './queue';

const W: WorkTable = { table: 'queue_test_items', leaseMs: 60_000 };

describe('the one queue', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-11-20T09:00:00Z');
  let restore = () => undefined as void;

  beforeAll(async () => {
    restore = setClock(clock);
    await t.db().execute(sql`create table queue_test_items (
      id serial primary key, status text not null default 'pending', attempts integer not null default 0,
      next_attempt_at timestamptz not null, locked_until timestamptz, kind text not null default 'a')`);
  });
  afterAll(() => restore());
  beforeEach(async () => {
    await t.db().execute(sql`delete from queue_test_items`);
  });

  async function add(n: number, kind = 'a'): Promise<void> {
    for (let i = 0; i < n; i++)
      await t
        .db()
        .execute(
          sql`insert into queue_test_items (next_attempt_at, kind) values (${clock.now().toISOString()}::timestamptz, ${kind})`,
        );
  }
  async function rows(): Promise<
    {
      id: number;
      status: string;
      attempts: number;
      next_attempt_at: string | Date;
      locked_until: string | Date | null;
    }[]
  > {
    return rowsOf(await t.db().execute(sql`select * from queue_test_items order by id`));
  }
  async function write(id: number, s: { status: string; nextAttemptAt?: Date }): Promise<void> {
    await t.db().execute(sql`update queue_test_items set status = ${s.status}, locked_until = null,
      next_attempt_at = coalesce(${s.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at) where id = ${id}`);
  }

  it('parallel claimers never take the same row, and together take every due row', async () => {
    await add(30);
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimDue(t.db(), W, { batch: 10 })));
    const ids = claims.flat().map((c) => c.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(claims.flat().every((c) => c.attempts === 1)).toBe(true);
    const after = await rows();
    expect(after.every((r) => r.status === 'sending' && r.locked_until !== null)).toBe(true);
    // All leased: nothing more to claim.
    expect(await claimDue(t.db(), W, { batch: 10 })).toEqual([]);
  });

  // Two transactions open at once need two connections: the real PostgreSQL (PGlite runs one at a time).
  if (testEngine() === 'postgres') {
    it('PostgreSQL: skips rows another transaction holds instead of waiting for it (SKIP LOCKED)', async () => {
      await add(6);
      const seen = await t.db().transaction(async (tx) => {
        const first = await claimDue(tx, W, { batch: 3 });
        // The first claim is not committed: its rows are locked, and still 'pending' for everyone else.
        const second = await claimDue(t.db(), W, { batch: 10 });
        return { first, second };
      });
      expect(seen.first).toHaveLength(3);
      expect(seen.second).toHaveLength(3);
      expect(new Set([...seen.first, ...seen.second].map((c) => c.id)).size).toBe(6);
    });
  }

  it('claims only due rows, in the given order, with the extra condition', async () => {
    await add(2, 'a');
    await add(2, 'b');
    await t
      .db()
      .execute(
        sql`update queue_test_items set next_attempt_at = next_attempt_at + interval '1 minute' where id = (select min(id) from queue_test_items)`,
      );
    const claimed = await claimDue(t.db(), W, {
      batch: 10,
      where: sql`d.kind = 'a'`,
      orderBy: sql`d.id desc`,
    });
    const all = await rows();
    expect(claimed.map((c) => c.id)).toEqual([all[1]!.id]);
  });

  it('an expired lease is claimed again, and each claim counts an attempt', async () => {
    await add(1);
    const [first] = await claimDue(t.db(), W, { batch: 5 });
    expect(first?.attempts).toBe(1);
    // The claimer "crashed": the row stays 'sending' under its lease.
    clock.advance(59_000);
    expect(await claimDue(t.db(), W, { batch: 5 })).toEqual([]);
    clock.advance(1_000);
    const [again] = await claimDue(t.db(), W, { batch: 5 });
    expect(again).toEqual({ id: first!.id, attempts: 2 });
    const [row] = await rows();
    expect(new Date(row!.locked_until!).getTime()).toBe(clock.now().getTime() + W.leaseMs);
  });

  it('requeueNow puts one row back in line, due now, whatever its state; the next claim takes it with its count; never a leased row', async () => {
    await add(3);
    const [a, b, c] = await rows();
    await write(a!.id, { status: 'failed' });
    await write(b!.id, { status: 'pending', nextAttemptAt: new Date(clock.now().getTime() + 3_600_000) });
    await write(c!.id, { status: 'done' });
    // Nothing is due: the failed and done rows are final, the pending one waits an hour.
    expect(await claimDue(t.db(), W, { batch: 5 })).toEqual([]);
    expect(await requeueNow(t.db(), W, a!.id)).toBe(true);
    expect(await requeueNow(t.db(), W, b!.id, { set: sql`kind = 'again'` })).toBe(true);
    const queued = await rows();
    expect(queued.map((r) => [r.status, new Date(r.next_attempt_at).getTime(), r.locked_until])).toEqual([
      ['pending', clock.now().getTime(), null],
      ['pending', clock.now().getTime(), null],
      ['done', clock.now().getTime(), null],
    ]);
    expect(
      rowsOf<{ kind: string }>(await t.db().execute(sql`select kind from queue_test_items where id = ${b!.id}`)),
    ).toEqual([{ kind: 'again' }]);
    // The queue's own claim takes them, counting the attempt and leasing them.
    expect(await claimDue(t.db(), W, { batch: 5 })).toEqual([
      { id: a!.id, attempts: 1 },
      { id: b!.id, attempts: 1 },
    ]);
    // Leased: not put back in line until the lease runs out (a crashed claimer's row may be).
    expect(await requeueNow(t.db(), W, a!.id)).toBe(false);
    clock.advance(W.leaseMs);
    expect(await requeueNow(t.db(), W, a!.id)).toBe(true);
    expect(await claimDue(t.db(), W, { batch: 5 })).toEqual([
      { id: a!.id, attempts: 2 },
      { id: b!.id, attempts: 2 },
    ]);
    expect(await requeueNow(t.db(), W, 2_000_000_000)).toBe(false);
  });

  it('backs off by the policy after each failure and gives up after the last attempt', async () => {
    const policy: RetryPolicy = {
      maxAttempts: 4,
      waitMs: exponentialWaits(5_000, 12_000),
    };
    expect([1, 2, 3, 4, 5].map(policy.waitMs)).toEqual([5_000, 10_000, 12_000, 12_000, 12_000]);
    expect([0, 1, 2, 3, 9].map(scheduledWaits([5_000, 300_000, 1_800_000]))).toEqual([
      5_000, 5_000, 300_000, 1_800_000, 1_800_000,
    ]);
    await add(1);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const [c] = await claimDue(t.db(), W, { batch: 1 });
      expect(c?.attempts).toBe(attempt);
      const s = settle(c!.attempts, false, policy, 'done');
      await write(c!.id, s);
      if (attempt < 4) {
        expect(s).toMatchObject({
          status: 'pending',
          final: false,
          gaveUp: false,
        });
        const wait = s.nextAttemptAt!.getTime() - clock.now().getTime();
        waits.push(wait);
        // Not due before its wait is over.
        clock.advance(wait - 1);
        expect(await claimDue(t.db(), W, { batch: 1 })).toEqual([]);
        clock.advance(1);
      } else {
        expect(s).toMatchObject({
          status: 'failed',
          final: true,
          gaveUp: true,
        });
      }
    }
    expect(waits).toEqual([5_000, 10_000, 12_000]);
    clock.advance(24 * 3_600_000);
    expect(await claimDue(t.db(), W, { batch: 1 })).toEqual([]);
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 4 });
    expect(settle(1, true, policy, 'done')).toEqual({
      status: 'done',
      lockedUntil: null,
      final: true,
      gaveUp: false,
    });
  });

  it('a task drains until nothing is due; a failing task does not stop the next; outside a request after() is skipped', async () => {
    await add(7);
    const runs: number[] = [];
    registerTask({
      name: 'test-items',
      intervalMs: () => null,
      run: async () => {
        const claimed = await claimDue(t.db(), W, { batch: 3 });
        for (const c of claimed)
          await write(c.id, settle(c.attempts, true, { maxAttempts: 1, waitMs: () => 0 }, 'done'));
        runs.push(claimed.length);
        return claimed.length;
      },
    });
    registerTask({
      name: 'test-broken',
      intervalMs: () => null,
      run: () => Promise.reject(new Error('boom')),
    });
    registerTask({
      name: 'test-after',
      intervalMs: () => null,
      repeat: false,
      run: async () => 1,
    });
    expect(() => drainAfterResponse('test-items')).not.toThrow();
    const report = await drainAll(10_000);
    expect(runs).toEqual([3, 3, 1, 0]);
    expect(report.tasks['test-items']).toEqual({ handled: 7 });
    expect(report.tasks['test-broken']).toEqual({
      handled: 0,
      error: 'failed (logged)',
    });
    expect(report.tasks['test-after']).toEqual({ handled: 1 });
    expect((await rows()).every((r) => r.status === 'done')).toBe(true);
  });
});
