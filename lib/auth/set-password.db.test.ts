import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, passwordHistory, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser } from '@/test/factories';
import { verifyPassword } from './password';
import { PASSWORD_MSG } from './password-policy';
import { createSession, resolveSession } from './session';
import { setPassword } from './set-password';

const FIRST = 'Tomato#Kiwi40';
/** Twelve acceptable, distinct passwords. */
const PW = Array.from({ length: 12 }, (_, i) => `Tomato#Kiwi${i + 50}`);

describe('setPassword', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-03-01T00:00:00Z');
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = setClock(clock);
  });
  afterEach(() => restore());

  async function user(over: Partial<typeof users.$inferInsert> = {}) {
    const client = await makeClient({ name: `Riverbend ${Math.random().toString(36).slice(2, 8)}` });
    return makeUser({ clientId: client.id, password: FIRST, ...over });
  }
  const row = async (id: number) => (await t.db().select().from(users).where(eq(users.id, id)))[0];

  it('refuses the last 10 passwords (current included) and keeps a history of 10', { timeout: 120_000 }, async () => {
    const u = await user();
    expect(await setPassword(t.db(), u.id, FIRST, { reason: 'settings' })).toEqual({ ok: false, reason: 'reused' });
    for (const pw of PW.slice(0, 10))
      expect(await setPassword(t.db(), u.id, pw, { reason: 'settings' })).toEqual({ ok: true });
    expect(await t.db().$count(passwordHistory, eq(passwordHistory.userId, u.id))).toBe(10);
    // The last 10 are PW[0..9]: each is refused; FIRST (11th back) is allowed again.
    expect(await setPassword(t.db(), u.id, PW[0] ?? '', { reason: 'settings' })).toEqual({
      ok: false,
      reason: 'reused',
    });
    expect(await setPassword(t.db(), u.id, PW[9] ?? '', { reason: 'settings' })).toEqual({
      ok: false,
      reason: 'reused',
    });
    expect(await setPassword(t.db(), u.id, PW[10] ?? '', { reason: 'settings' })).toEqual({ ok: true });
    // Now PW[1..10]: PW[0] has dropped out of the 10, PW[1] has not.
    expect(await t.db().$count(passwordHistory, eq(passwordHistory.userId, u.id))).toBe(10);
    expect(await setPassword(t.db(), u.id, PW[1] ?? '', { reason: 'settings' })).toEqual({
      ok: false,
      reason: 'reused',
    });
    expect(await setPassword(t.db(), u.id, PW[0] ?? '', { reason: 'settings' })).toEqual({ ok: true });
  });

  it('refuses the password a user started with after one change, though it never went through setPassword', async () => {
    // The factory writes the starting password straight into the user row, as the demo data and scripts do.
    const u = await user({ passwordChangedAt: new Date('2026-01-10T00:00:00Z') });
    expect(await t.db().$count(passwordHistory, eq(passwordHistory.userId, u.id))).toBe(0);
    expect(await setPassword(t.db(), u.id, PW[0] ?? '', { reason: 'settings' })).toEqual({ ok: true });
    expect(await setPassword(t.db(), u.id, FIRST, { reason: 'reset' })).toEqual({ ok: false, reason: 'reused' });
    // Kept in order: the starting password is the older of the two.
    const history = await t
      .db()
      .select()
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, u.id))
      .orderBy(passwordHistory.createdAt, passwordHistory.id);
    expect(history).toHaveLength(2);
    expect(await verifyPassword(history[0]?.passwordHash ?? '', FIRST)).toBe(true);
    expect(await verifyPassword(history[1]?.passwordHash ?? '', PW[0] ?? '')).toBe(true);
  });

  it('stores the new hash, stamps the change time, clears the must-change flag and failed attempts', async () => {
    const u = await user({
      mustChangePassword: true,
      failedLoginAttempts: 2,
      passwordChangedAt: new Date('2025-01-01T00:00:00Z'),
    });
    expect(await setPassword(t.db(), u.id, PW[0] ?? '', { reason: 'forced' })).toEqual({ ok: true });
    const r = await row(u.id);
    expect(await verifyPassword(r?.passwordHash ?? '', PW[0] ?? '')).toBe(true);
    expect(await verifyPassword(r?.passwordHash ?? '', FIRST)).toBe(false);
    expect(r?.passwordChangedAt.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(r?.mustChangePassword).toBe(false);
    expect(r?.failedLoginAttempts).toBe(0);
    expect(r?.isLocked).toBe(false);
  });

  it('unlocks only when asked (an administrator), and can leave the must-change flag set', async () => {
    const u = await user({ isLocked: true, failedLoginAttempts: 5, lockedAt: new Date() });
    await setPassword(t.db(), u.id, PW[0] ?? '', { reason: 'reset' });
    expect((await row(u.id))?.isLocked).toBe(true);
    await setPassword(t.db(), u.id, PW[1] ?? '', {
      reason: 'admin',
      actorUserId: u.id,
      unlock: true,
      mustChangePassword: true,
    });
    const r = await row(u.id);
    expect(r?.isLocked).toBe(false);
    expect(r?.lockedAt).toBeNull();
    expect(r?.mustChangePassword).toBe(true);
  });

  it('ends the user’s sessions, except the one changing the password from Settings', async () => {
    const u = await user();
    const other = await createSession(t.db(), u.id);
    const current = await createSession(t.db(), u.id);
    await setPassword(t.db(), u.id, PW[0] ?? '', { reason: 'settings', actorUserId: u.id, keepSessionId: current.id });
    expect(await resolveSession(other.id)).toBeNull();
    expect(await resolveSession(current.id)).not.toBeNull();
    await setPassword(t.db(), u.id, PW[1] ?? '', { reason: 'reset' });
    expect(await resolveSession(current.id)).toBeNull();
  });

  it('enforces the rules on the server, including the user’s own names, and changes nothing when refused', async () => {
    const u = await user({ firstName: 'Morgan' });
    const client =
      (await t.db().query.clients.findFirst({ where: (c, { eq: e }) => e(c.id, u.clientId ?? 0) }))?.name ?? '';
    const cases = ['short', `Kiwi#Morgan9`, `Kiwi#${client.split(' ')[0] ?? ''}9`];
    for (const pw of cases) {
      const r = await setPassword(t.db(), u.id, pw, { reason: 'settings' });
      expect(r.ok).toBe(false);
    }
    const r = await setPassword(t.db(), u.id, 'Kiwi#Morgan9', { reason: 'settings' });
    expect(r).toEqual({ ok: false, reason: 'policy', problems: [PASSWORD_MSG.personal] });
    expect(await verifyPassword((await row(u.id))?.passwordHash ?? '', FIRST)).toBe(true);
    expect(await t.db().$count(passwordHistory, eq(passwordHistory.userId, u.id))).toBe(0);
  });

  it('writes an audit row without the password', async () => {
    const u = await user();
    await setPassword(t.db(), u.id, PW[0] ?? '', { reason: 'settings', actorUserId: u.id });
    const rows = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(u.id)), eq(auditLog.action, 'password.changed')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: u.id, clientId: u.clientId, targetType: 'user' });
    expect(JSON.stringify(rows[0]?.details)).not.toContain(PW[0]);
  });

  it('answers not-found for a missing user', async () => {
    expect(await setPassword(t.db(), 987_654, PW[0] ?? '', { reason: 'settings' })).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });
});
