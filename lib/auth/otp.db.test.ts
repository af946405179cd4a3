import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sessions, signInOtps, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser, TEST_PASSWORD } from '@/test/factories';
import { presentOtp, presentResend } from '@/lib/legacy/auth';
import { OTP_MAX_GUESSES, resendOtp, verifyOtp } from './otp';
import { resolveSession } from './session';
import { signInWithPassword } from './signin';

describe('sign-in: the OTP step', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-05-04T02:00:00Z');
  let restore: () => void = () => undefined;
  beforeEach(() => {
    clock.set('2026-05-04T02:00:00Z');
    restore = setClock(clock);
  });
  afterEach(() => restore());

  async function pending() {
    const client = await makeClient();
    const user = await makeUser({ clientId: client.id, passwordChangedAt: new Date('2026-05-01T00:00:00Z') });
    const r = await signInWithPassword({ userName: user.userName, password: TEST_PASSWORD });
    if (r.status !== 'otp') throw new Error(`expected an OTP, got ${r.status}`);
    return { user, challengeId: r.challengeId, code: await lastCode(user.email) };
  }
  async function lastCode(email: string): Promise<string> {
    const [mail] = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const code = /is:\s+(\d{6})/.exec(mail?.textBody ?? '')?.[1];
    if (!code) throw new Error('no code mailed');
    return code;
  }
  const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');
  async function userRow(id: number) {
    const [u] = await t.db().select().from(users).where(eq(users.id, id));
    return u;
  }

  it('the right code opens a fresh session, clears the failed attempts and is audited', async () => {
    const p = await pending();
    await t.db().update(users).set({ failedLoginAttempts: 2 }).where(eq(users.id, p.user.id));
    const r = await verifyOtp(p.challengeId, p.code);
    expect(r.status).toBe('success');
    if (r.status !== 'success') return;
    const actor = await resolveSession(r.sessionId);
    expect(actor).toMatchObject({ userId: p.user.id, clientId: p.user.clientId, role: 3 });
    expect((await userRow(p.user.id))?.failedLoginAttempts).toBe(0);
    expect(presentOtp(r, 'tok')).toMatchObject({ IsLoggedIn: true, jwtToken: 'tok', LStatus: 2 });
    const audit = await t.db().select().from(auditLog).where(eq(auditLog.targetId, r.sessionId));
    expect(audit.map((a) => a.action)).toEqual(['signin.success']);
  });

  it("a wrong code answers 'Invalid OTP.' and counts toward the lockout", async () => {
    const p = await pending();
    const r = await verifyOtp(p.challengeId, otherThan(p.code));
    expect(r).toEqual({ status: 'invalid', failedAttempts: 1, attemptsLeft: 4 });
    expect(presentOtp(r, null).Message).toBe(MSG.otpInvalid);
    expect((await userRow(p.user.id))?.failedLoginAttempts).toBe(1);
    expect(await verifyOtp(p.challengeId, p.code)).toMatchObject({ status: 'success' });
  });

  it('expires at the server-given time: valid 1 ms before, expired 1 second after', async () => {
    const a = await pending();
    const b = await pending();
    clock.advance(300_000 - 1);
    expect(await verifyOtp(a.challengeId, a.code)).toMatchObject({ status: 'success' });
    clock.advance(1_001);
    const r = await verifyOtp(b.challengeId, b.code);
    expect(r).toEqual({ status: 'expired' });
    expect(presentOtp(r, null).Message).toBe('OTP Expired. Please try Regenerating OTP');
  });

  it('is single-use: the same code again is refused', async () => {
    const p = await pending();
    expect(await verifyOtp(p.challengeId, p.code)).toMatchObject({ status: 'success' });
    expect(await verifyOtp(p.challengeId, p.code)).toEqual({ status: 'expired' });
    expect(await t.db().select().from(sessions).where(eq(sessions.userId, p.user.id))).toHaveLength(1);
  });

  it("resend: too soon says 'Please try after some time.'; then a new code valid 60 s, and the old one is void", async () => {
    const p = await pending();
    const soon = await resendOtp(p.challengeId);
    expect(soon).toEqual({ status: 'try-later' });
    expect(presentResend(soon).Message).toBe(MSG.tryLater);
    clock.advance(10_000);
    const r = await resendOtp(p.challengeId);
    expect(r).toMatchObject({ status: 'sent', expiresInSeconds: 60 });
    if (r.status !== 'sent') return;
    expect(presentResend(r)).toMatchObject({
      Message: MSG.otpSent,
      signinOTPExpireTimeout: 60,
      ChallengeId: r.challengeId,
    });
    const fresh = await lastCode(p.user.email);
    expect(await verifyOtp(p.challengeId, p.code)).toEqual({ status: 'expired' });
    clock.advance(61_000);
    expect(await verifyOtp(r.challengeId, fresh)).toEqual({ status: 'expired' });
  });

  it('resend: the new code signs in; the old challenge cannot be resent again', async () => {
    const p = await pending();
    clock.advance(10_000);
    const r = await resendOtp(p.challengeId);
    if (r.status !== 'sent') throw new Error('not resent');
    const fresh = await lastCode(p.user.email);
    expect(await verifyOtp(r.challengeId, p.code === fresh ? otherThan(fresh) : p.code)).toMatchObject({
      status: 'invalid',
    });
    expect(await verifyOtp(r.challengeId, fresh)).toMatchObject({ status: 'success' });
    clock.advance(10_000);
    expect(await resendOtp(r.challengeId)).toEqual({ status: 'expired' });
  });

  it(`${OTP_MAX_GUESSES} wrong guesses void the code (and, counting toward the lockout, lock the account)`, async () => {
    const p = await pending();
    const bad = otherThan(p.code);
    for (let i = 1; i < OTP_MAX_GUESSES; i++)
      expect(await verifyOtp(p.challengeId, bad)).toMatchObject({ status: 'invalid', failedAttempts: i });
    expect(await verifyOtp(p.challengeId, bad)).toEqual({ status: 'locked' });
    const [row] = await t.db().select().from(signInOtps).where(eq(signInOtps.id, p.challengeId));
    expect(row?.voidedAt).not.toBeNull();
    // Even once an administrator unlocks the account, that code stays void.
    await t.db().update(users).set({ isLocked: false, failedLoginAttempts: 0 }).where(eq(users.id, p.user.id));
    expect(await verifyOtp(p.challengeId, p.code)).toEqual({ status: 'expired' });
  });

  it('parallel redemption of the right code: exactly one session', async () => {
    const p = await pending();
    const results = await Promise.all(Array.from({ length: 6 }, () => verifyOtp(p.challengeId, p.code)));
    expect(results.filter((r) => r.status === 'success')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'expired')).toHaveLength(5);
    expect(await t.db().select().from(sessions).where(eq(sessions.userId, p.user.id))).toHaveLength(1);
  });

  it('parallel resends of one challenge: one new code, the other is told to wait', async () => {
    const p = await pending();
    clock.advance(10_000);
    const results = await Promise.all([resendOtp(p.challengeId), resendOtp(p.challengeId)]);
    expect(results.map((r) => r.status).sort()).toEqual(['sent', 'try-later']);
  });

  it('unknown, malformed or locked challenges never open a session', async () => {
    expect(await verifyOtp('not-a-uuid', '123456')).toEqual({ status: 'expired' });
    expect(await verifyOtp('00000000-0000-4000-8000-000000000000', '123456')).toEqual({ status: 'expired' });
    const p = await pending();
    await t.db().update(users).set({ isLocked: true }).where(eq(users.id, p.user.id));
    expect(await verifyOtp(p.challengeId, p.code)).toEqual({ status: 'locked' });
    expect(await resendOtp(p.challengeId)).toEqual({ status: 'locked' });
  });
});
