/**
 * Migration 0028: every user's current password is put in their password history when it is missing (a password
 * the demo data or a script gave), so it is refused after a change like any of the last 10. Users who have not set a
 * password yet get nothing, and a user whose current password is already there gets no second row.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/test/env';
import { MIGRATIONS_FOLDER } from '@/db/client';
import { passwordHistory, users } from '@/db/schema';
import { makeClientAtMigration, makeUserAtMigration, type UserRow } from '@/test/factories';
import { migrateTo, migrationsUpTo, openEmptyDatabase } from '@/test/migrations';

describe('migration 0028: the current password in the history', () => {
  let db: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const u: Record<string, UserRow> = {};
  const historyOf = async (id: number) =>
    db.handle.db
      .select({ hash: passwordHistory.passwordHash, at: passwordHistory.createdAt })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, id))
      .orderBy(asc(passwordHistory.id));
  const setAt = new Date('2026-01-05T03:00:00Z');

  beforeAll(async () => {
    db = await openEmptyDatabase();
    await migrateTo(db.handle, migrationsUpTo('0027_webhook_send_again_queued'));
    const q = db.handle.db;
    const client = await makeClientAtMigration(q);
    u.seeded = await makeUserAtMigration({ clientId: client.id }, q);
    await q.update(users).set({ passwordChangedAt: setAt }).where(eq(users.id, u.seeded.id));
    u.staff = await makeUserAtMigration({ clientId: null, role: 2 }, q);
    u.changed = await makeUserAtMigration({ clientId: client.id }, q);
    await q.insert(passwordHistory).values({ userId: u.changed.id, passwordHash: u.changed.passwordHash });
    u.invited = await makeUserAtMigration({ clientId: client.id, passwordHash: '!invited' }, q);
    u.noPassword = await makeUserAtMigration({ clientId: null, role: 2, passwordHash: '!' }, q);
    await migrateTo(db.handle, MIGRATIONS_FOLDER);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('adds the current password of a user whose history lacks it, dated when it was set', async () => {
    expect(await historyOf(u.seeded!.id)).toEqual([{ hash: u.seeded!.passwordHash, at: setAt }]);
    expect((await historyOf(u.staff!.id)).map((h) => h.hash)).toEqual([u.staff!.passwordHash]);
  });

  it('adds no second row when the current password is already there', async () => {
    expect(await historyOf(u.changed!.id)).toHaveLength(1);
  });

  it('adds nothing for a user who has no password yet', async () => {
    expect(await historyOf(u.invited!.id)).toEqual([]);
    expect(await historyOf(u.noPassword!.id)).toEqual([]);
  });
});
