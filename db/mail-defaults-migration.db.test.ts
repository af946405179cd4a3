/**
 * Migration 0037: users who never chose their alerts (still exactly the earlier defaults: Submitted, On Hold, Ready
 * For Delivery, Delivered, the invoice alert, instant, their own jobs, and no audited choice) get the statuses a new
 * user now starts with; whoever chose keeps it. Everyone gets order confirmations on. The database is migrated to
 * 0033, the users are written as they were then, and the rest is applied.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER } from '@/db/client';
import { auditLog, userJobAlerts, users } from '@/db/schema';
import { DEFAULT_JOB_ALERT_STATUSES } from '@/lib/reference';
import { makeClientAtMigration, makeUserAtMigration, type UserRow } from '@/test/factories';
import { migrateTo, migrationsUpTo, openEmptyDatabase } from '@/test/migrations';

const EARLIER_DEFAULTS = [3, 4, 8, 12];

describe('migration 0037: the new default alerts for users who never chose, order confirmations for all', () => {
  let db: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const u: Record<string, UserRow> = {};
  const alertsOf = async (id: number) =>
    (
      await db.handle.db
        .select({ s: userJobAlerts.jobStatusId })
        .from(userJobAlerts)
        .where(eq(userJobAlerts.userId, id))
        .orderBy(asc(userJobAlerts.jobStatusId))
    ).map((r) => r.s);

  beforeAll(async () => {
    db = await openEmptyDatabase();
    await migrateTo(db.handle, migrationsUpTo('0033_invoice_void_credit_notes'));
    const q = db.handle.db;
    const client = await makeClientAtMigration(q);
    const user = async (statuses: number[], over: Partial<typeof users.$inferInsert> = {}) => {
      const row = await makeUserAtMigration({ clientId: client.id, role: 3, invoiceAlert: true, ...over }, q);
      if (statuses.length)
        await q.insert(userJobAlerts).values(statuses.map((jobStatusId) => ({ userId: row.id, jobStatusId })));
      return row;
    };
    u.untouched = await user(EARLIER_DEFAULTS);
    u.admin = await user(EARLIER_DEFAULTS, { role: 4 });
    u.savedSameAlerts = await user(EARLIER_DEFAULTS);
    await q.insert(auditLog).values({
      actorUserId: u.savedSameAlerts.id,
      clientId: client.id,
      action: 'settings.alerts_updated',
      targetType: 'user',
      targetId: String(u.savedSameAlerts.id),
      details: { statuses: EARLIER_DEFAULTS, mode: 'instant', scope: 'mine', invoice: true },
    });
    u.fewer = await user([8, 12]);
    u.more = await user([...EARLIER_DEFAULTS, 2]);
    u.noInvoice = await user(EARLIER_DEFAULTS, { invoiceAlert: false });
    u.digest = await user(EARLIER_DEFAULTS, { jobAlertMode: 'digest' });
    u.firm = await user(EARLIER_DEFAULTS, { jobAlertScope: 'firm' });
    u.none = await user([]);
    u.staff = await makeUserAtMigration({ clientId: null, role: 2 }, q);
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives a user who never chose the alerts a new user starts with', async () => {
    const defaults = [...DEFAULT_JOB_ALERT_STATUSES].sort((a, b) => a - b);
    expect(defaults).toEqual(expect.arrayContaining([...EARLIER_DEFAULTS, 15, 6, 13]));
    for (const who of [u.untouched, u.admin]) expect(await alertsOf(who!.id)).toEqual(defaults);
  });

  it('keeps every choice: a saved choice of the same alerts, fewer, more, no invoice alert, digest, the firm, none', async () => {
    for (const who of [u.savedSameAlerts, u.noInvoice, u.digest, u.firm])
      expect(await alertsOf(who!.id)).toEqual(EARLIER_DEFAULTS);
    expect(await alertsOf(u.fewer!.id)).toEqual([8, 12]);
    expect(await alertsOf(u.more!.id)).toEqual([2, ...EARLIER_DEFAULTS]);
    expect(await alertsOf(u.none!.id)).toEqual([]);
    expect(await alertsOf(u.staff!.id)).toEqual([]);
  });

  it('turns order confirmations on for every user, and migrating again changes nothing', async () => {
    const rows = await db.handle.db.select({ on: users.orderConfirmation }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((r) => r.on)).toBe(true);
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
    expect(await alertsOf(u.fewer!.id)).toEqual([8, 12]);
    expect(await alertsOf(u.untouched!.id)).toHaveLength(DEFAULT_JOB_ALERT_STATUSES.length);
  });
});
