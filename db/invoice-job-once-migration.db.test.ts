/**
 * Migration 0028: each job on one live invoice. On a database migrated to 0027, a job billed by two invoices (one
 * linked through invoice_jobs, one only through invoices.job_id), a job on one invoice, and an invoice of no job;
 * 0028 is applied: every invoice with a job has its link, the earliest invoice of the doubly billed job keeps it
 * live and the later one does not, and a new second live link is refused by the database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER, rowsOf } from '@/db/client';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { makeClientAtMigration, makeInvoiceAtMigration, makeJob } from '@/test/factories';
import { migrateTo, migrationsUpTo, openEmptyDatabase } from '@/test/migrations';

describe('migration 0028: a job on one live invoice', () => {
  let db: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const ids = { twice: 0, once: 0, first: 0, second: 0, single: 0, none: 0 };

  beforeAll(async () => {
    db = await openEmptyDatabase();
    await migrateTo(db.handle, migrationsUpTo('0027_webhook_send_again_queued'));
    const q = db.handle.db;
    const client = await makeClientAtMigration(q);
    ids.twice = (await makeJob({ clientId: client.id }, q)).id;
    ids.once = (await makeJob({ clientId: client.id }, q)).id;
    ids.first = (await makeInvoiceAtMigration({ clientId: client.id, jobId: ids.twice }, q)).id;
    ids.second = (await makeInvoiceAtMigration({ clientId: client.id, jobId: ids.twice }, q)).id;
    ids.single = (await makeInvoiceAtMigration({ clientId: client.id, jobId: ids.once }, q)).id;
    ids.none = (await makeInvoiceAtMigration({ clientId: client.id, jobId: null }, q)).id;
    // The second invoice was issued through the staff form: its link is there already.
    await q.execute(sql`insert into invoice_jobs (invoice_id, job_id) values (${ids.second}, ${ids.twice})`);
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
  }, 180_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('links every invoice to its job, leaves the earliest invoice of a job live, and refuses a second live link', async () => {
    const q = db.handle.db;
    const links = rowsOf<{ invoice_id: number; job_id: number; live: boolean }>(
      await q.execute(sql`select invoice_id, job_id, live from invoice_jobs order by invoice_id`),
    );
    expect(links).toEqual([
      { invoice_id: ids.first, job_id: ids.twice, live: true },
      { invoice_id: ids.second, job_id: ids.twice, live: false },
      { invoice_id: ids.single, job_id: ids.once, live: true },
    ]);
    const clash = await q.execute(sql`update invoice_jobs set live = true where invoice_id = ${ids.second}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(clash)).toBe(true);
  });
});
