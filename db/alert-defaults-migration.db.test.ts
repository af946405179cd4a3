/**
 * Migration 0015: existing client users who never chose their alerts get the defaults a new user starts
 * with; whoever chose anything (statuses, digest, the firm's jobs, the invoice alert, or an audited choice of none)
 * keeps it. The database is migrated to 0014, the users are written as they were then, and the rest is applied.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER } from '@/db/client';
import { auditLog, userJobAlerts, users } from '@/db/schema';
import { DEFAULT_JOB_ALERT_STATUSES } from '@/lib/reference';
import { makeClientAtMigration, makeUserAtMigration, type UserRow } from '@/test/factories';
import { migrateTo, migrationsUpTo, openEmptyDatabase } from '@/test/migrations';

describe('migration 0015: the default alerts for users who never chose', () => {
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
  const invoiceAlertOf = async (id: number) =>
    (await db.handle.db.select({ v: users.invoiceAlert }).from(users).where(eq(users.id, id)))[0]?.v;
  const audit = (user: UserRow, action: string, details: Record<string, unknown>) =>
    db.handle.db.insert(auditLog).values({
      actorUserId: user.id,
      clientId: user.clientId,
      action,
      targetType: 'user',
      targetId: String(user.id),
      details,
    });

  beforeAll(async () => {
    db = await openEmptyDatabase();
    await migrateTo(db.handle, migrationsUpTo('0014_job_alert_scope_unsubscribe'));
    const q = db.handle.db;
    const client = await makeClientAtMigration(q);
    const user = (over: Partial<typeof users.$inferInsert> = {}) =>
      makeUserAtMigration({ clientId: client.id, role: 3, ...over }, q);
    // As 0014 left them: no statuses, no invoice alert, instant, own jobs.
    u.untouched = await user();
    u.admin = await user({ role: 4 });
    u.savedOtherSettingsOnly = await user();
    await audit(u.savedOtherSettingsOnly, 'settings.updated', { changed: ['timeZone'], alerts: 'kept' });
    u.chose = await user();
    await q.insert(userJobAlerts).values({ userId: u.chose.id, jobStatusId: 2 });
    u.choseNone = await user();
    await audit(u.choseNone, 'settings.alerts_updated', {
      statuses: [],
      mode: 'instant',
      scope: 'mine',
      invoice: false,
    });
    u.savedAlertsWithSettings = await user();
    await audit(u.savedAlertsWithSettings, 'settings.updated', { changed: [], alerts: 'replaced' });
    u.unsubscribed = await user();
    await audit(u.unsubscribed, 'settings.alert_unsubscribed', { alert: 'Delivered' });
    u.digest = await user({ jobAlertMode: 'digest' });
    u.firm = await user({ jobAlertScope: 'firm' });
    u.invoiceOnly = await user({ invoiceAlert: true });
    u.staff = await makeUserAtMigration({ clientId: null, role: 2 }, q);
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives a user whose alerts were never touched the defaults of a new user (statuses and invoice alert)', async () => {
    const defaults = [...DEFAULT_JOB_ALERT_STATUSES].sort((a, b) => a - b);
    for (const who of [u.untouched, u.admin, u.savedOtherSettingsOnly]) {
      expect(await alertsOf(who!.id)).toEqual(defaults);
      expect(await invoiceAlertOf(who!.id)).toBe(true);
    }
  });

  it('keeps every choice: chosen statuses, a saved choice of none, an unsubscribe, digest, the firm, the invoice alert alone', async () => {
    expect(await alertsOf(u.chose!.id)).toEqual([2]);
    expect(await invoiceAlertOf(u.chose!.id)).toBe(false);
    for (const who of [u.choseNone, u.savedAlertsWithSettings, u.unsubscribed, u.digest, u.firm]) {
      expect(await alertsOf(who!.id)).toEqual([]);
      expect(await invoiceAlertOf(who!.id)).toBe(false);
    }
    expect(await alertsOf(u.invoiceOnly!.id)).toEqual([]);
    expect(await invoiceAlertOf(u.invoiceOnly!.id)).toBe(true);
  });

  it('gives staff no client alerts, and migrating again changes nothing', async () => {
    expect(await alertsOf(u.staff!.id)).toEqual([]);
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
    expect(await alertsOf(u.chose!.id)).toEqual([2]);
    expect(await alertsOf(u.untouched!.id)).toHaveLength(DEFAULT_JOB_ALERT_STATUSES.length);
  });
});
