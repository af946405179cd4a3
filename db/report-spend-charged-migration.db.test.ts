/**
 * Migration 0038: the /Reports spend counters count what a firm was charged. On a database migrated to 0037, a
 * firm's invoice, a void one and one credited in part by an adjustment note, whose counters hold their full
 * amounts; 0038 is applied: the void invoice adds nothing, the credited one its amount less the credit, each still
 * counts once, every counter row equals a recount, and the triggers keep them so when the next invoice is voided.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER, rowsOf } from '@/db/client';
import { invoices } from '@/db/schema';
import { reportCounterDrift } from '@/lib/reports/direct';
import { makeClientAtMigration, makeInvoice, makeJob } from '@/test/factories';
import { migrateTo, migrationsUpTo, openEmptyDatabase } from '@/test/migrations';

const line = (amount: string) => [{ extStockId: 'X', quantity: '1', unitPrice: amount }];

describe('migration 0038: spend is what was charged', () => {
  let db: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let clientId = 0;
  let later = 0;
  let before: Counters;

  type Counters = { byType: string[]; byMatter: string[] };
  async function counters(): Promise<Counters> {
    const q = db.handle.db;
    const read = async (s: SQL) => rowsOf<{ r: string }>(await q.execute(s)).map((x) => x.r);
    return {
      byType: await read(
        sql`select month::text || ' ' || order_type || ': ' || n || ' / ' || cents as r from invoice_spend_counts where client_id = ${clientId} order by 1`,
      ),
      byMatter: await read(
        sql`select month::text || ' ' || matter_reference || ': ' || n || ' / ' || cents as r from invoice_matter_spend_counts where client_id = ${clientId} order by 1`,
      ),
    };
  }

  beforeAll(async () => {
    db = await openEmptyDatabase();
    await migrateTo(db.handle, migrationsUpTo('0037_mail_brand_colour_order_confirmation'));
    const q = db.handle.db;
    clientId = (await makeClientAtMigration(q)).id;
    const print = await makeJob({ clientId, orderType: 5 }, q);
    const invoice = (over: Partial<typeof invoices.$inferInsert>, amount: string) =>
      makeInvoice({ clientId, lines: line(amount), ...over }, q);
    await invoice({ jobId: print.id, matterReference: 'PL-A', issueDate: '2026-10-05' }, '100.00');
    await invoice(
      {
        jobId: print.id,
        matterReference: 'PL-A',
        issueDate: '2026-10-06',
        voidedAt: new Date('2026-10-07T01:00:00Z'),
        voidReason: 'Issued twice',
        isPaid: true,
      },
      '40.00',
    );
    const credited = await invoice({ matterReference: 'PL-B', issueDate: '2026-11-01' }, '50.00');
    await q.execute(
      sql`insert into credit_notes (client_id, invoice_id, credit_note_number, issue_date, amount, reason)
          values (${clientId}, ${credited.id}, 'CN-1', '2026-11-03', '20.25', 'Pages charged twice')`,
    );
    await q.update(invoices).set({ amountCredited: '20.25' }).where(eq(invoices.id, credited.id));
    later = (await invoice({ matterReference: 'PL-B', issueDate: '2026-11-02' }, '9.99')).id;
    before = await counters();
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
  }, 180_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('before it, the counters held the void invoice and the credited amount', () => {
    expect(before).toEqual({
      byType: ['2026-10-01 5: 2 / 14000', '2026-11-01 0: 2 / 5999'],
      byMatter: ['2026-10-01 PL-A: 2 / 14000', '2026-11-01 PL-B: 2 / 5999'],
    });
  });

  it('counts each invoice once and what it charged: nothing for the void one, less the credit', async () => {
    expect(await counters()).toEqual({
      byType: ['2026-10-01 5: 2 / 10000', '2026-11-01 0: 2 / 3974'],
      byMatter: ['2026-10-01 PL-A: 2 / 10000', '2026-11-01 PL-B: 2 / 3974'],
    });
    expect(await reportCounterDrift(db.handle.db)).toEqual([]);
  });

  it('and the triggers keep them so when the next invoice is voided', async () => {
    await db.handle.db
      .update(invoices)
      .set({ voidedAt: new Date('2026-11-04T01:00:00Z'), voidReason: 'Wrong firm', isPaid: true })
      .where(eq(invoices.id, later));
    expect((await counters()).byMatter).toEqual(['2026-10-01 PL-A: 2 / 10000', '2026-11-01 PL-B: 2 / 2975']);
    expect(await reportCounterDrift(db.handle.db)).toEqual([]);
  });
});
