/**
 * Migration 0015 (issue 26): existing client users who never chose their alerts get the defaults a new user starts
 * with; whoever chose anything (statuses, digest, the firm's jobs, the invoice alert, or an audited choice of none)
 * keeps it. The database is migrated to 0014, the users are written as they were then, and the rest is applied.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER, openDatabase, type DbHandle } from '@/db/client';
import { auditLog, userJobAlerts, users } from '@/db/schema';
import { DEFAULT_JOB_ALERT_STATUSES } from '@/lib/reference';
import { testEngine } from '@/test/db';
import { makeClientAtMigration, makeUserAtMigration, type UserRow } from '@/test/factories';

/** The migrations folder as it stood up to and including `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jms-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return dir;
}

async function openEmpty(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (testEngine() === 'pglite') {
    const handle = openDatabase({ dataDir: 'memory://' });
    return { handle, drop: () => handle.close() };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `jms_mig15_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const a = postgres(admin, { max: 1, onnotice: () => undefined });
  await a.unsafe(`create database "${name}"`);
  await a.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString(), max: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const b = postgres(admin, { max: 1, onnotice: () => undefined });
      await b.unsafe(`drop database if exists "${name}" with (force)`);
      await b.end();
    },
  };
}

function migrateTo(handle: DbHandle, folder: string): Promise<void> {
  return handle.raw.kind === 'pglite'
    ? migratePglite(drizzlePglite(handle.raw.client), { migrationsFolder: folder })
    : migratePostgres(drizzlePostgres(handle.raw.client), { migrationsFolder: folder });
}

describe('migration 0015: the default alerts for users who never chose', () => {
  let db: Awaited<ReturnType<typeof openEmpty>>;
  const u: Record<string, UserRow> = {};
  const alertsOf = async (id: number) =>
    (await db.handle.db.select({ s: userJobAlerts.jobStatusId }).from(userJobAlerts).where(eq(userJobAlerts.userId, id)).orderBy(asc(userJobAlerts.jobStatusId))).map((r) => r.s);
  const invoiceAlertOf = async (id: number) => (await db.handle.db.select({ v: users.invoiceAlert }).from(users).where(eq(users.id, id)))[0]?.v;
  const audit = (user: UserRow, action: string, details: Record<string, unknown>) =>
    db.handle.db.insert(auditLog).values({ actorUserId: user.id, clientId: user.clientId, action, targetType: 'user', targetId: String(user.id), details });

  beforeAll(async () => {
    db = await openEmpty();
    await migrateTo(db.handle, migrationsUpTo('0014_job_alert_scope_unsubscribe'));
    const q = db.handle.db;
    const client = await makeClientAtMigration(q);
    const user = (over: Partial<typeof users.$inferInsert> = {}) => makeUserAtMigration({ clientId: client.id, role: 3, ...over }, q);
    // As 0014 left them: no statuses, no invoice alert, instant, own jobs.
    u.untouched = await user();
    u.admin = await user({ role: 4 });
    u.savedOtherSettingsOnly = await user();
    await audit(u.savedOtherSettingsOnly, 'settings.updated', { changed: ['timeZone'], alerts: 'kept' });
    u.chose = await user();
    await q.insert(userJobAlerts).values({ userId: u.chose.id, jobStatusId: 2 });
    u.choseNone = await user();
    await audit(u.choseNone, 'settings.alerts_updated', { statuses: [], mode: 'instant', scope: 'mine', invoice: false });
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
