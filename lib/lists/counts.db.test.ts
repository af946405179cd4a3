/**
 * The invoice counters (invoice_counts: per client and paid state), kept by triggers, against count(*) under random
 * inserts, changes of what is counted (paid, client), changes of nothing counted, deletes, one row or many per
 * statement, committed and rolled back, and the total the invoice list answers from them; and the total the user
 * list answers (active users per client and role, counted in its page's statement) under the same kinds of writes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '@/db/client';
import { invoiceCounts, invoices, users } from '@/db/schema';
import type { ClientActor } from '@/lib/auth/actor';
import { DEFAULT_INVOICE_QUERY } from '@/lib/invoices/schema';
import { listInvoices } from '@/lib/invoices/service';
import { DEFAULT_USER_QUERY } from '@/lib/users/list-schema';
import { listUsers } from '@/lib/users/service';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser } from '@/test/factories';

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

const key = (r: { clientId: number | null; k: unknown; n: number }) => `${r.clientId}/${String(r.k)}=${r.n}`;

async function expectInvoiceCountersExact(db: Queryable, clientIds: number[]) {
  const real = await db
    .select({ clientId: invoices.clientId, k: invoices.isPaid, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(invoices)
    .where(inArray(invoices.clientId, clientIds))
    .groupBy(invoices.clientId, invoices.isPaid);
  const kept = await db
    .select({ clientId: invoiceCounts.clientId, k: invoiceCounts.isPaid, n: invoiceCounts.n })
    .from(invoiceCounts)
    .where(and(inArray(invoiceCounts.clientId, clientIds), sql`${invoiceCounts.n} <> 0`));
  expect(kept.map(key).sort()).toEqual(real.map(key).sort());
}

/** Runs `work` in a transaction, rolled back when asked; answers what work answered, or [] when rolled back. */
async function inTransaction(
  db: Queryable,
  rollBack: boolean,
  work: (tx: Queryable) => Promise<number[]>,
): Promise<number[]> {
  let out: number[] = [];
  try {
    await db.transaction(async (tx) => {
      out = await work(tx);
      if (rollBack) throw new Error('roll back');
    });
  } catch (e) {
    if (!rollBack) throw e;
    return [];
  }
  return out;
}

const actorOf = (clientId: number, role: 3 | 4): ClientActor => ({
  userId: 0,
  clientId,
  role,
  userName: 'counter.test',
  timeZone: 'Australia/Sydney',
  sessionId: '',
});

describe('invoice and user counters', () => {
  const t = useTestDatabase();

  it('invoice counters equal count(*) per client and paid state after random writes, and the list answers them', async () => {
    const db = t.db();
    const clientIds = [(await makeClient()).id, (await makeClient()).id, (await makeClient()).id];
    const rnd = random(20261125);
    const live: number[] = [];
    let serial = 0;
    const some = (max: number) =>
      Array.from({ length: 1 + rnd.int(max) }, () => rnd.pick(live)).filter((v, i, a) => a.indexOf(v) === i);
    const invoice = (clientId: number) => {
      const i = serial++;
      return {
        clientId,
        jmsNumber: `8${i}`,
        invoiceNumber: `CNT-INV-${clientIds[0]}-${i}`,
        amount: `${10 + (i % 90)}.00`,
        issueDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
        isPaid: rnd.next() < 0.4,
      };
    };

    for (let step = 0; step < 100; step++) {
      const op = live.length < 5 ? 0 : rnd.int(7);
      const changed = await inTransaction(db, rnd.next() < 0.15, async (tx) => {
        if (op === 0) {
          const n = rnd.next() < 0.5 ? 1 : 2 + rnd.int(25);
          const rows = Array.from({ length: n }, () => invoice(rnd.pick(clientIds)));
          return (await tx.insert(invoices).values(rows).returning({ id: invoices.id })).map((r) => r.id);
        }
        if (op === 1)
          await tx
            .update(invoices)
            .set({ isPaid: rnd.next() < 0.5 })
            .where(inArray(invoices.id, some(8)));
        else if (op === 2)
          await tx
            .update(invoices)
            .set({ isPaid: true })
            .where(and(eq(invoices.clientId, rnd.pick(clientIds)), eq(invoices.isPaid, false)));
        else if (op === 3)
          await tx
            .update(invoices)
            .set({ matterReference: `edited ${step}` })
            .where(inArray(invoices.id, some(5)));
        else if (op === 4)
          await tx
            .update(invoices)
            .set({ clientId: rnd.pick(clientIds), isPaid: rnd.next() < 0.5 })
            .where(inArray(invoices.id, some(3)));
        else {
          const gone = some(op === 5 ? 1 : 8);
          await tx.delete(invoices).where(inArray(invoices.id, gone));
          return gone.map((id) => -id);
        }
        return [];
      });
      for (const id of changed) {
        if (id > 0) live.push(id);
        else live.splice(live.indexOf(-id), 1);
      }
      if (step % 10 === 9) await expectInvoiceCountersExact(db, clientIds);
    }
    await expectInvoiceCountersExact(db, clientIds);
    expect(live.length).toBeGreaterThan(20);

    for (const clientId of clientIds) {
      const [real] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(invoices)
        .where(eq(invoices.clientId, clientId));
      for (const page of [1, 2]) {
        const r = await listInvoices(actorOf(clientId, 3), DEFAULT_INVOICE_QUERY, { page, size: 5 });
        expect(r.totalCount).toBe(real?.n);
        expect(r.rows.length).toBe(Math.max(0, Math.min(5, (real?.n ?? 0) - (page - 1) * 5)));
      }
      // A page past the end still says how many there are.
      expect((await listInvoices(actorOf(clientId, 3), DEFAULT_INVOICE_QUERY, { page: 500, size: 5 })).totalCount).toBe(
        real?.n,
      );
    }
  });

  it("the user list's total equals count(*) of active users per client and role after random writes", async () => {
    const db = t.db();
    const clientIds = [(await makeClient()).id, (await makeClient()).id];
    const rnd = random(77);
    const roles = [3, 4, 5, 6];
    const live: number[] = [];
    for (let i = 0; i < 12; i++)
      live.push((await makeUser({ clientId: rnd.pick(clientIds), role: rnd.pick(roles) })).id);
    const some = (max: number) =>
      Array.from({ length: 1 + rnd.int(max) }, () => rnd.pick(live)).filter((v, i, a) => a.indexOf(v) === i);
    let serial = 0;

    for (let step = 0; step < 60; step++) {
      const op = rnd.int(7);
      const changed = await inTransaction(db, rnd.next() < 0.15, async (tx) => {
        if (op === 0) {
          const id = (
            await makeUser(
              {
                clientId: rnd.pick(clientIds),
                role: rnd.pick(roles),
                isActive: rnd.next() < 0.8,
                userName: `cnt.${clientIds[0]}.${serial++}`,
              },
              tx,
            )
          ).id;
          return [id];
        }
        if (op === 1)
          await tx
            .update(users)
            .set({ role: rnd.pick(roles) })
            .where(inArray(users.id, some(4)));
        else if (op === 2)
          await tx
            .update(users)
            .set({ isActive: rnd.next() < 0.5 })
            .where(inArray(users.id, some(4)));
        else if (op === 3)
          await tx
            .update(users)
            .set({ updatedAt: new Date(), failedLoginAttempts: step })
            .where(inArray(users.id, some(6)));
        else if (op === 4)
          await tx
            .update(users)
            .set({ clientId: rnd.pick(clientIds), role: rnd.pick(roles) })
            .where(inArray(users.id, some(3)));
        else if (op === 5)
          await tx
            .update(users)
            .set({ clientId: null, role: 2 })
            .where(inArray(users.id, some(1)));
        else {
          const gone = some(2);
          await tx.delete(users).where(inArray(users.id, gone));
          return gone.map((id) => -id);
        }
        return [];
      });
      for (const id of changed) {
        if (id > 0) live.push(id);
        else live.splice(live.indexOf(-id), 1);
      }
      if (step % 10 === 9) await expectUserTotals(clientIds, roles, [1]);
    }
    await expectUserTotals(clientIds, roles, [1, 3, 100]);
  });

  /** The user list's total, for every client and role filter (0: none) and each page asked, against count(*). */
  async function expectUserTotals(clientIds: number[], roles: number[], pages: number[]) {
    const db = t.db();
    for (const clientId of clientIds) {
      for (const role of [0, ...roles]) {
        const [real] = await db
          .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
          .from(users)
          .where(and(eq(users.clientId, clientId), eq(users.isActive, true), role ? eq(users.role, role) : undefined));
        for (const page of pages) {
          expect(
            (await listUsers(actorOf(clientId, 4), { ...DEFAULT_USER_QUERY, role }, { page, size: 2 })).totalCount,
          ).toBe(real?.n);
        }
      }
    }
  }
});
