/**
 * Migration 0025 (item 5): the report counters are backfilled from the jobs and invoices already there.
 * The database is migrated to 0024 and given a firm's jobs and invoices over several months, order types and
 * matters (and another firm's); 0025 is applied; every counter row equals a recount, the charts read from them
 * equal the aggregates over the rows, and the triggers keep them so for the next write.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER, rowsOf } from '@/db/client';
import { directSpendStatements, reportCounterDrift } from '@/lib/reports/direct';
import { reportWindow, spendStatements } from '@/lib/reports/spend';
import {
  makeClientAtMigration,
  makeInvoice,
  makeInvoiceAtMigration,
  makeJob,
  makeUserAtMigration,
} from '@/test/factories';
import { migrateTo, migrationsUpTo, openEmptyDatabase } from '@/test/migrations';

const AT = new Date('2026-11-20T01:00:00Z');

describe('migration 0025: the report counters start from the rows', () => {
  let db: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const firms: number[] = [];

  beforeAll(async () => {
    db = await openEmptyDatabase();
    await migrateTo(db.handle, migrationsUpTo('0024_news_job_messages'));
    const q = db.handle.db;
    for (let f = 0; f < 2; f++) {
      const client = await makeClientAtMigration(q);
      await makeUserAtMigration({ clientId: client.id, role: 4 }, q);
      firms.push(client.id);
      const jobIds: number[] = [];
      for (let i = 0; i < 14; i++) {
        // Every 11 days back from the clock, at 13:30 UTC (the evening in Sydney, the morning after in Kathmandu).
        const job = await makeJob(
          {
            clientId: client.id,
            orderType: (i % 3) + 1 + f,
            createdAt: new Date(AT.getTime() - i * 11 * 86_400_000 - 11.5 * 3_600_000),
          },
          q,
        );
        jobIds.push(job.id);
      }
      for (let i = 0; i < 20; i++) {
        const issue = new Date(AT.getTime() - i * 19 * 86_400_000).toISOString().slice(0, 10);
        await makeInvoiceAtMigration(
          {
            clientId: client.id,
            jobId: i % 4 === 0 ? null : jobIds[i % jobIds.length],
            matterReference: ['PL-A', 'PL-B', '', `M-${i}`][i % 4],
            issueDate: issue,
            lines: [{ extStockId: 'X', quantity: String(i + 1), unitPrice: '10.0500' }],
          },
          q,
        );
      }
    }
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
  }, 180_000);
  afterAll(async () => {
    await db?.drop();
  });

  async function expectChartsFromCounters() {
    for (const clientId of firms) {
      for (const zone of ['Australia/Sydney', 'UTC', 'Asia/Kathmandu']) {
        const win = reportWindow(AT, zone);
        const counted = await Promise.all(spendStatements(db.handle.db, clientId, win));
        const direct = await Promise.all(directSpendStatements(db.handle.db, clientId, win));
        const sorted = (rows: { month: string }[]) => [...rows].sort((a, b) => a.month.localeCompare(b.month));
        expect([sorted(counted[0]), counted[1], counted[2], sorted(counted[3])]).toEqual([
          sorted(direct[0]),
          direct[1],
          direct[2],
          sorted(direct[3]),
        ]);
      }
    }
    expect(await reportCounterDrift(db.handle.db)).toEqual([]);
  }

  it('every counter equals a recount, and the charts read from them equal the aggregates', async () => {
    const [totals] = rowsOf<{ jobs: number; invoices: number; cents: string }>(
      await db.handle.db.execute(
        sql`select (select sum(n)::int from job_created_counts) as jobs, (select sum(n)::int from invoice_spend_counts) as invoices, (select sum(cents)::text from invoice_matter_spend_counts) as cents`,
      ),
    );
    // 2 firms x 14 jobs; 2 x 20 invoices of (i + 1) x $10.05, i from 0 to 19: 2 x 210 x 1005 cents.
    expect(totals).toEqual({ jobs: 28, invoices: 40, cents: String(2 * 210 * 1005) });
    await expectChartsFromCounters();
  });

  it('and the triggers keep them so for the next write', async () => {
    const q = db.handle.db;
    const job = await makeJob(
      { clientId: firms[0] as number, orderType: 7, createdAt: new Date('2026-10-31T13:30:00Z') },
      q,
    );
    await makeInvoice(
      { clientId: firms[0] as number, jobId: job.id, matterReference: 'PL-A', issueDate: '2026-11-01' },
      q,
    );
    await expectChartsFromCounters();
  });
});
