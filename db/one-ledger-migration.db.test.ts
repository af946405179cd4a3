/**
 * Migration 0034: one ledger. On a database migrated to 0033, invoices marked paid without payments for all of it
 * (none, or a part), a part-paid invoice, an invoice paid through a payment, and a voided one; 0034 is applied:
 * each invoice marked paid has a payment of the rest, dated the day it was marked paid, allocated to it, without a
 * payment.received event; nothing else gets a payment; the unpaid-invoice counters count what the ledger owes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER, rowsOf } from '@/db/client';
import { makeClientAtMigration, makeInvoice } from '@/test/factories';
import { migrateTo, migrationsUpTo, openEmptyDatabase } from '@/test/migrations';

describe('migration 0034: one ledger', () => {
  let db: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const ids = { client: 0, flagged: 0, partly: 0, unpaid: 0, paid: 0, voided: 0 };
  let eventsBefore = 0;
  const events = async () =>
    rowsOf<{ n: number }>(
      await db.handle.db.execute(
        sql`select count(*)::int as n from integration_events where kind = 'payment.received'`,
      ),
    )[0]!.n;

  beforeAll(async () => {
    db = await openEmptyDatabase();
    await migrateTo(db.handle, migrationsUpTo('0033_invoice_void_credit_notes'));
    const q = db.handle.db;
    ids.client = (await makeClientAtMigration(q)).id;
    const inv = async (over: Record<string, unknown>) =>
      (await makeInvoice({ clientId: ids.client, issueDate: '2026-03-01', dueDate: '2026-03-31', ...over }, q)).id;
    // 100 sheets at 0.12: 12.00 each.
    ids.flagged = await inv({ isPaid: true, paidAt: new Date('2026-03-04T23:30:00Z') });
    ids.partly = await inv({ isPaid: true, paidAt: null, amountPaid: '5.00' });
    ids.unpaid = await inv({ amountPaid: '2.00' });
    ids.paid = await inv({ isPaid: true, paidAt: new Date('2026-03-10T01:00:00Z'), amountPaid: '12.00' });
    ids.voided = await inv({ voidedAt: new Date('2026-03-02T01:00:00Z'), voidReason: 'Issued twice' });
    for (const [invoiceId, amount] of [
      [ids.partly, '5.00'],
      [ids.unpaid, '2.00'],
      [ids.paid, '12.00'],
    ] as const) {
      const [p] = rowsOf<{ id: number }>(
        await q.execute(
          sql`insert into payments (client_id, payment_date, amount, reference) values (${ids.client}, '2026-03-03', ${amount}, 'EFT') returning id`,
        ),
      );
      await q.execute(
        sql`insert into payment_allocations (payment_id, invoice_id, amount) values (${p!.id}, ${invoiceId}, ${amount})`,
      );
    }
    eventsBefore = await events();
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
  }, 180_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('pays the rest of each invoice marked paid, on the day it was marked paid, without events', async () => {
    const q = db.handle.db;
    const rows = rowsOf<{ invoice_id: number; payment_date: string; amount: string; reference: string }>(
      await q.execute(sql`select a.invoice_id, to_char(p.payment_date, 'YYYY-MM-DD') as payment_date, a.amount::text as amount, p.reference
        from payment_allocations a join payments p on p.id = a.payment_id where p.reference = 'Marked paid' order by a.invoice_id`),
    );
    expect(rows).toEqual([
      // Marked paid at 10:30 on 5 March in Sydney.
      { invoice_id: ids.flagged, payment_date: '2026-03-05', amount: '12.00', reference: 'Marked paid' },
      // No day known: its issue date.
      { invoice_id: ids.partly, payment_date: '2026-03-01', amount: '7.00', reference: 'Marked paid' },
    ]);
    const paid = rowsOf<{ id: number; amount_paid: string }>(
      await q.execute(
        sql`select id, amount_paid::text as amount_paid from invoices where client_id = ${ids.client} order by id`,
      ),
    );
    expect(paid.map((r) => r.amount_paid)).toEqual(['12.00', '12.00', '2.00', '12.00', '0.00']);
    expect(await events()).toBe(eventsBefore);
  });

  it('counts what the ledger says is owed: the part-paid invoice, not the voided one', async () => {
    const counts = rowsOf<{ n: number; cents: string }>(
      await db.handle.db.execute(
        sql`select sum(n)::int as n, sum(cents)::text as cents from invoice_unpaid_counts where client_id = ${ids.client}`,
      ),
    );
    expect(counts[0]).toEqual({ n: 1, cents: '1000' });
  });
});
