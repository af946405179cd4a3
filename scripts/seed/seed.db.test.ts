import { and, count, eq, gt, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '@/db/client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clientBranchAddresses,
  clients,
  contextualHelp,
  costEstimates,
  courts,
  documents,
  clientPrices,
  invoiceLineItems,
  invoices,
  jobFeedback,
  jobs,
  jobStatusCounts,
  jobStatuses,
  matterReferences,
  notices,
  orderTypes,
  passwordHistory,
  users,
  supplierSettings,
} from '@/db/schema';
import { verifyPassword } from '@/lib/auth/password';
import { JOB_STATUSES, ORDER_TYPES } from '@/lib/reference';
import { reportCounterDrift } from '@/lib/reports/direct';
import { useTestDatabase } from '@/test/db';
import { readyToServe, seedBulkJobs } from './bulk';
import { DEMO_CLIENTS, seedDemo } from './demo';
import { isValidAbn } from '@/lib/invoices/supplier-schema';
import { seedReference } from './reference';

const PASSWORD = 'Harbour#Vale2026';

/** The users whose current password is missing from their password history. */
async function usersWithoutCurrentInHistory(q: Queryable): Promise<string[]> {
  const rows = await q
    .select({ userName: users.userName })
    .from(users)
    .where(
      notExists(
        q
          .select({ one: sql`1` })
          .from(passwordHistory)
          .where(and(eq(passwordHistory.userId, users.id), eq(passwordHistory.passwordHash, users.passwordHash))),
      ),
    );
  return rows.map((r) => r.userName);
}

describe('migrations and seed', () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    await t.db().transaction(async (tx) => {
      await seedReference(tx);
      await seedDemo(tx, PASSWORD);
    });
  });

  it('applied every table from empty, and migrating again changes nothing', async () => {
    await t.handle().migrate();
    const r = await t
      .db()
      .execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { n: number }[];
    expect(rows[0]?.n).toBeGreaterThanOrEqual(35);
  });

  it('holds the 13 statuses and 8 order types of the spec', async () => {
    const s = await t.db().select().from(jobStatuses);
    expect(s.map((x) => [x.id, x.label]).sort()).toEqual(JOB_STATUSES.map((x) => [x.id, x.label]).sort());
    const o = await t.db().select().from(orderTypes);
    expect(o.map((x) => x.id).sort()).toEqual(ORDER_TYPES.map((x) => x.id).sort());
  });

  it('creates the demo users with their states, e-mail <username>@example.com and the demo password', async () => {
    const all = await t.db().select().from(users);
    const by = new Map(all.map((u) => [u.userName, u]));
    for (const c of DEMO_CLIENTS) for (const u of c.users) expect(by.get(u.userName)?.role).toBe(u.role);
    expect(by.get('staff.ops')).toMatchObject({ role: 1, clientId: null });
    expect(by.get('staff.admin')).toMatchObject({ role: 1, clientId: null, email: 'staff.admin@example.com' });
    expect(by.get('staff.operator')).toMatchObject({ role: 2, clientId: null, email: 'staff.operator@example.com' });
    expect(by.get('hv.firsttime')?.mustChangePassword).toBe(true);
    expect(by.get('hv.locked')?.isLocked).toBe(true);
    const expired = by.get('hv.expired');
    expect(expired && Date.now() - expired.passwordChangedAt.getTime()).toBeGreaterThan(90 * 86_400_000);
    expect(all.every((u) => u.email === `${u.userName}@example.com`)).toBe(true);
    const admin = by.get('hv.admin');
    expect(admin && (await verifyPassword(admin.passwordHash, PASSWORD))).toBe(true);
    // The starting password is in each user's history, so it is refused after a change like any of the last 10.
    expect(await usersWithoutCurrentInHistory(t.db())).toEqual([]);
  });

  it('gives each demo client branches, estimates, references, 150+ jobs of every status and type, 40+ invoices', async () => {
    for (const c of DEMO_CLIENTS) {
      const [client] = await t.db().select().from(clients).where(eq(clients.accountNumber, c.accountNumber));
      expect(client?.name).toBe(c.name);
      const id = client?.id ?? -1;
      const n = async (
        table:
          typeof clientBranchAddresses | typeof costEstimates | typeof matterReferences | typeof jobs | typeof invoices,
      ) => (await t.db().select({ n: count() }).from(table).where(eq(table.clientId, id)))[0]?.n ?? 0;
      expect(await n(clientBranchAddresses)).toBeGreaterThanOrEqual(2);
      expect(await n(costEstimates)).toBeGreaterThan(0);
      expect(await n(matterReferences)).toBeGreaterThan(0);
      expect(await n(jobs)).toBeGreaterThanOrEqual(150);
      expect(await n(invoices)).toBeGreaterThanOrEqual(40);
      const statuses = await t.db().selectDistinct({ s: jobs.status }).from(jobs).where(eq(jobs.clientId, id));
      expect(statuses).toHaveLength(13);
      const types = await t.db().selectDistinct({ o: jobs.orderType }).from(jobs).where(eq(jobs.clientId, id));
      expect(types).toHaveLength(8);
      const delivered = await t
        .db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.clientId, id), eq(jobs.status, 8)));
      expect(delivered.length).toBeGreaterThan(0);
      expect(delivered.every((j) => j.deliveredAt !== null)).toBe(true);
      expect(
        (
          await t
            .db()
            .select({ n: count() })
            .from(jobs)
            .where(and(eq(jobs.clientId, id), isNotNull(jobs.instructionBlock)))
        )[0]?.n,
      ).toBeGreaterThanOrEqual(150);
      const withFiles = await t.db().select({ n: count() }).from(documents).where(eq(documents.clientId, id));
      expect(withFiles[0]?.n).toBeGreaterThan(0);
      const fb = await t.db().select({ n: count() }).from(jobFeedback).where(eq(jobFeedback.clientId, id));
      expect(fb[0]?.n).toBeGreaterThan(0);
      const ez = await t
        .db()
        .select({ n: count() })
        .from(invoiceLineItems)
        .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoiceId))
        .where(and(eq(invoices.clientId, id), eq(invoiceLineItems.extStockId, 'EZ999')));
      expect(ez[0]?.n).toBeGreaterThan(0);
    }
    expect((await t.db().select().from(notices).where(eq(notices.isActive, true))).length).toBe(1);
    // A demo invoice is a complete tax invoice: the supplier's name, a valid ABN and the bank details are there.
    const [supplier] = await t.db().select().from(supplierSettings);
    expect(supplier).toMatchObject({ legalName: 'JMS Legal Document Services Pty Ltd', bankBsb: '062-000' });
    expect(isValidAbn(supplier?.abn ?? '')).toBe(true);
    expect((await t.db().select({ n: count() }).from(contextualHelp))[0]?.n).toBeGreaterThan(0);
    expect((await t.db().select({ n: count() }).from(courts).where(gt(courts.code, 0)))[0]?.n).toBeGreaterThan(0);
  });

  it('bills as a firm would: price lists, GST on every invoice, each job once, paid, part-paid, overdue, credited and void ones', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const c of DEMO_CLIENTS) {
      const [client] = await t.db().select().from(clients).where(eq(clients.accountNumber, c.accountNumber));
      const id = client?.id ?? -1;
      const prices = await t.db().select().from(clientPrices).where(eq(clientPrices.clientId, id));
      expect(prices.map((p) => p.orderType).sort()).toEqual(ORDER_TYPES.map((o) => o.id).sort());
      expect(prices.every((p) => Number(p.unitPrice) > 0)).toBe(true);

      const rows = await t
        .db()
        .select({
          id: invoices.id,
          amount: invoices.amount,
          gst: invoices.gst,
          amountPaid: invoices.amountPaid,
          isPaid: invoices.isPaid,
          dueDate: invoices.dueDate,
          amountCredited: invoices.amountCredited,
          isVoid: sql<boolean>`${invoices.voidedAt} is not null`,
          credits: sql<string>`(select coalesce(sum(c.amount), 0)::text from credit_notes c where c.invoice_id = invoices.id)`,
          creditGst: sql<string>`(select coalesce(sum(c.gst), 0)::text from credit_notes c where c.invoice_id = invoices.id)`,
          // Written out: inside a select list Drizzle names columns without their table.
          lines: sql<string>`(select sum(l.amount + l.gst)::text from invoice_line_items l where l.invoice_id = invoices.id)`,
          allocated: sql<string>`(select coalesce(sum(a.amount), 0)::text from payment_allocations a where a.invoice_id = invoices.id)`,
          links: sql<number>`(select count(*)::int from invoice_jobs j where j.invoice_id = invoices.id and j.live)`,
        })
        .from(invoices)
        .where(eq(invoices.clientId, id));
      expect(rows.length).toBeGreaterThanOrEqual(40);
      for (const r of rows) {
        expect(Number(r.gst)).toBeGreaterThan(0);
        // The total is the lines plus their GST; what was paid is what the payments allocated.
        expect(Number(r.lines).toFixed(2)).toBe(r.amount);
        expect(Number(r.allocated).toFixed(2)).toBe(r.amountPaid);
        // What adjustment notes credited is what the invoice says was credited.
        expect(Number(r.credits).toFixed(2)).toBe(r.amountCredited);
        // Paid means nothing is left to pay; a void invoice owes nothing and frees its job.
        expect(r.isPaid).toBe(r.isVoid || r.amountPaid === r.amount);
        expect(r.links).toBe(r.isVoid ? 0 : 1);
      }
      expect(rows.filter((r) => r.isVoid)).toHaveLength(1);
      const credited = rows.filter((r) => Number(r.amountCredited) > 0);
      expect(credited).toHaveLength(1);
      expect(Number(credited[0]?.creditGst)).toBeGreaterThan(0);
      expect(credited[0]?.isPaid).toBe(false);
      expect(rows.some((r) => r.isPaid && !r.isVoid)).toBe(true);
      expect(rows.some((r) => !r.isPaid && Number(r.amountPaid) > 0)).toBe(true);
      expect(rows.some((r) => !r.isPaid && r.dueDate !== null && r.dueDate < today)).toBe(true);
    }
    // Nothing is dated after today: not a payment, an adjustment note, a void or a paid date.
    const [future] = rowsOf<{ n: number }>(
      await t.db().execute(sql`
      select ((select count(*) from payments where payment_date > current_date)
        + (select count(*) from credit_notes where issue_date > current_date or created_at > now())
        + (select count(*) from invoices where voided_at > now() or paid_at > now()))::int as n`),
    );
    expect(future?.n).toBe(0);
    // The /Reports spend counters hold what each invoice charged (nothing for the void one, less the credit).
    expect(await reportCounterDrift(t.db())).toEqual([]);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await t.db().select({ n: count() }).from(jobs);
    const added = await t.db().transaction(async (tx) => {
      await seedReference(tx);
      return seedDemo(tx, PASSWORD);
    });
    expect(added).toBe(false);
    expect(await t.db().select({ n: count() }).from(jobs)).toEqual(before);
    expect(
      (
        await t
          .db()
          .select({ n: count() })
          .from(users)
          .where(inArray(users.userName, ['hv.admin']))
      )[0]?.n,
    ).toBe(1);
  });

  it('generates N extra jobs spread over the demo and generated clients', async () => {
    const before = (await t.db().select({ n: count() }).from(jobs))[0]?.n ?? 0;
    await seedBulkJobs(t.db(), 2000, PASSWORD);
    const after = (await t.db().select({ n: count() }).from(jobs))[0]?.n ?? 0;
    expect(after - before).toBe(2000);
    expect(await usersWithoutCurrentInHistory(t.db())).toEqual([]);
    const perClient = await t.db().select({ c: jobs.clientId, n: count() }).from(jobs).groupBy(jobs.clientId);
    expect(perClient.length).toBeGreaterThanOrEqual(3);
    // The job counters followed the set-based load.
    const [counted] = await t
      .db()
      .select({ n: sql<number>`sum(${jobStatusCounts.n})::int`.mapWith(Number) })
      .from(jobStatusCounts);
    expect(counted?.n).toBe(after);
    // And the load ends vacuumed and analyzed: the visibility map is set, the statistics are there.
    await readyToServe(t.db());
    const [jobsRel] = await t
      .db()
      .select({
        allVisible: sql<number>`relallvisible`.mapWith(Number),
        tuples: sql<number>`reltuples`.mapWith(Number),
      })
      .from(sql`pg_class`)
      .where(sql`oid = 'jobs'::regclass`);
    expect(Number(jobsRel?.allVisible)).toBeGreaterThan(0);
    expect(Number(jobsRel?.tuples)).toBeGreaterThanOrEqual(2000);
  });
});
