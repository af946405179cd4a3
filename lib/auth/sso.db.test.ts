import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser } from '@/test/factories';
import { resolveSession } from './session';
import { matchSsoUser, openSsoSession, recordSsoFailure } from './sso';

describe('single sign-on: matching the identity to a portal user', () => {
  const t = useTestDatabase();

  it('matches one active user by e-mail, whatever the case, and opens an sso session', async () => {
    const c = await makeClient();
    const u = await makeUser({ clientId: c.id, role: 4, email: `Mixed.${Date.now()}@Example.com` });
    const m = await matchSsoUser(u.email.toUpperCase(), true);
    expect(m).toEqual({ ok: true, user: { id: u.id, userName: u.userName, email: u.email, role: 4, clientId: c.id } });
    if (!m.ok) return;
    const s = await openSsoSession(m.user);
    expect(await resolveSession(s.sessionId)).toMatchObject({ userId: u.id, role: 4, clientId: c.id });
  });

  it('refuses unknown, unverified, ambiguous, deactivated and locked identities', async () => {
    const c = await makeClient();
    const stamp = Date.now();
    expect(await matchSsoUser(`nobody.${stamp}@example.com`, true)).toEqual({ ok: false, reason: 'unknown' });
    expect(await matchSsoUser(undefined, true)).toEqual({ ok: false, reason: 'no-email' });
    const v = await makeUser({ clientId: c.id, email: `v.${stamp}@example.com` });
    expect(await matchSsoUser(v.email, false)).toEqual({ ok: false, reason: 'unverified' });
    await makeUser({ clientId: c.id, email: `twice.${stamp}@example.com` });
    await makeUser({ clientId: c.id, email: `twice.${stamp}@example.com` });
    expect(await matchSsoUser(`twice.${stamp}@example.com`, true)).toEqual({ ok: false, reason: 'ambiguous' });
    const gone = await makeUser({ clientId: c.id, isActive: false, email: `gone.${stamp}@example.com` });
    expect(await matchSsoUser(gone.email, true)).toEqual({ ok: false, reason: 'inactive' });
    const locked = await makeUser({ clientId: c.id, isLocked: true, email: `locked.${stamp}@example.com` });
    expect(await matchSsoUser(locked.email, true)).toEqual({ ok: false, reason: 'locked' });
  });

  it("records a failure reported by the browser ('Failed to find valid token')", async () => {
    await recordSsoFailure('client: Failed to find valid token');
    const rows = await t.db().select().from(auditLog).where(eq(auditLog.action, 'signin.sso_failed'));
    expect(rows.some((r) => JSON.stringify(r.details).includes('Failed to find valid token'))).toBe(true);
  });
});
