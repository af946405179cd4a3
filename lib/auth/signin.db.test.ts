import { and, desc, eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sessions, signInOtps, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser, TEST_PASSWORD } from '@/test/factories';
import { altchaVerifier } from './captcha';
import { presentSignIn } from '@/lib/legacy/auth';
import { checkResetToken } from './reset';
import { signInWithPassword } from './signin';

/** Solves a captcha challenge the way the browser widget does, and encodes the payload. */
async function solvedCaptcha(): Promise<string> {
  const challenge = await altchaVerifier.createChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('sign-in: the password step', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-05-04T02:00:00Z');
  let restore: () => void = () => undefined;
  beforeEach(() => {
    clock.set('2026-05-04T02:00:00Z');
    restore = setClock(clock);
  });
  afterEach(() => restore());

  async function user(over: Partial<typeof users.$inferInsert> = {}) {
    const client = await makeClient();
    return makeUser({ clientId: client.id, passwordChangedAt: new Date('2026-05-01T00:00:00Z'), ...over });
  }
  async function row(id: number) {
    const [u] = await t.db().select().from(users).where(eq(users.id, id));
    return u;
  }
  const wrong = (userName: string, captcha?: string) =>
    signInWithPassword({ userName, password: 'Wrong#Password1', captcha });

  it('right password: an OTP is e-mailed through the outbox, stored hashed, and no session exists yet', async () => {
    const u = await user();
    const r = await signInWithPassword({ userName: `  ${u.userName.toUpperCase()} `, password: TEST_PASSWORD });
    expect(r).toMatchObject({ status: 'otp', expiresInSeconds: 300, failedAttempts: 0, attemptsLeft: 5 });
    if (r.status !== 'otp') throw new Error('no otp');
    const [mail] = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, u.email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail?.kind).toBe('otp');
    expect(mail?.subject).toContain(`ref ${r.reference}`);
    const code = /is:\s+(\d{6})/.exec(mail?.textBody ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [otp] = await t.db().select().from(signInOtps).where(eq(signInOtps.id, r.challengeId));
    expect(otp?.codeHash).not.toContain(code ?? 'x');
    expect(otp?.expiresAt.toISOString()).toBe('2026-05-04T02:05:00.000Z');
    expect(await t.db().select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    const answer = presentSignIn(r);
    expect(answer).toMatchObject({
      IsLoggedIn: false,
      jwtToken: null,
      LStatus: 1,
      signinOTPExpireTimeout: 300,
      ChallengeId: r.challengeId,
      LoginAttemptLeft: 5,
    });
    expect(answer.SigninOTPExpireText).toBe('The OTP is valid for 5 minutes.');
  });

  it('wrong password: counted on the account, with the attempts left in the spec wording', async () => {
    const u = await user();
    const r = await wrong(u.userName);
    expect(r).toEqual({ status: 'invalid', captchaRequired: false, failedAttempts: 1, attemptsLeft: 4 });
    expect(presentSignIn(r).Message).toBe('Invalid Username or Password. You have only 4 login attempt left.');
    expect((await row(u.id))?.failedLoginAttempts).toBe(1);
    const audit = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(u.id)), eq(auditLog.action, 'signin.failed')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.details)).not.toContain('Wrong#Password1');
  });

  it('an unknown or deactivated user name answers exactly like a wrong password, and counts down the same way', async () => {
    const known = await user();
    const gone = await user({ isActive: false });
    const ghost = `ghost.${Date.now()}`;
    const a = presentSignIn(await wrong(known.userName));
    const b = presentSignIn(await wrong(ghost));
    const c = presentSignIn(await wrong(gone.userName));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(presentSignIn(await wrong(ghost)).Message).toBe(MSG.invalidCredentials(3));
    expect(presentSignIn(await wrong(known.userName)).Message).toBe(MSG.invalidCredentials(3));
  });

  it("a deactivated account's own password answers 'Credential does not exist.' (only its holder learns it), no OTP, no session", async () => {
    const gone = await user({ isActive: false });
    const r = await signInWithPassword({ userName: gone.userName, password: TEST_PASSWORD });
    expect(r).toMatchObject({ status: 'deactivated', failedAttempts: 0, attemptsLeft: 5 });
    expect(presentSignIn(r)).toMatchObject({
      IsLoggedIn: false,
      jwtToken: null,
      LStatus: 0,
      Message: 'Credential does not exist.',
    });
    expect(await t.db().select().from(signInOtps).where(eq(signInOtps.userId, gone.id))).toHaveLength(0);
    expect(await t.db().select().from(sessions).where(eq(sessions.userId, gone.id))).toHaveLength(0);
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'signin.deactivated'), eq(auditLog.targetId, String(gone.id))));
    expect(audit).toBeDefined();
  });

  it('after 3 failures a captcha is required, verified on the server, and accepted once', async () => {
    const u = await user();
    await wrong(u.userName);
    await wrong(u.userName);
    expect(await wrong(u.userName)).toMatchObject({ status: 'invalid', captchaRequired: true, attemptsLeft: 2 });
    // Without a captcha nothing is checked (or counted).
    expect(await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD })).toMatchObject({
      status: 'captcha',
      captchaFailed: false,
      failedAttempts: 3,
    });
    expect(
      await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD, captcha: 'bm90LWEtcGF5bG9hZA==' }),
    ).toMatchObject({ status: 'captcha', captchaFailed: true });
    const captcha = await solvedCaptcha();
    expect(await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD, captcha })).toMatchObject({
      status: 'otp',
      failedAttempts: 3,
    });
    // The same solution again is a replay.
    expect(await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD, captcha })).toMatchObject({
      status: 'captcha',
      captchaFailed: true,
    });
    expect((await row(u.id))?.failedLoginAttempts).toBe(3);
  });

  it('locks the account at the limit (5): the blocked notice, whatever the password', async () => {
    const u = await user({ failedLoginAttempts: 3 });
    expect(await wrong(u.userName, await solvedCaptcha())).toMatchObject({ status: 'invalid', attemptsLeft: 1 });
    const r = await wrong(u.userName, await solvedCaptcha());
    expect(r).toEqual({ status: 'locked', failedAttempts: 5, attemptsLeft: 0 });
    expect(presentSignIn(r)).toMatchObject({ IsAccountLocked: true, LStatus: 3, LoginAttemptLeft: 0 });
    const locked = await row(u.id);
    expect(locked?.isLocked).toBe(true);
    expect(locked?.lockedAt?.toISOString()).toBe('2026-05-04T02:00:00.000Z');
    expect(await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD })).toMatchObject({
      status: 'locked',
    });
    expect(await t.db().select().from(signInOtps).where(eq(signInOtps.userId, u.id))).toHaveLength(0);
  });

  it('an unknown user name is "blocked" at the limit too', async () => {
    const ghost = `ghost.lock.${Date.now()}`;
    for (let i = 0; i < 3; i++) await wrong(ghost);
    await wrong(ghost, await solvedCaptcha());
    expect(await wrong(ghost, await solvedCaptcha())).toEqual({ status: 'locked', failedAttempts: 5, attemptsLeft: 0 });
    expect(await wrong(ghost)).toMatchObject({ status: 'locked' });
  });

  it('a first-time or expired password gets a forced-change token and no OTP, no session', async () => {
    const first = await user({ mustChangePassword: true });
    const old = await user({ passwordChangedAt: new Date('2025-12-01T00:00:00Z') });
    const a = await signInWithPassword({ userName: first.userName, password: TEST_PASSWORD });
    const b = await signInWithPassword({ userName: old.userName, password: TEST_PASSWORD });
    expect(a).toMatchObject({ status: 'change-password', reason: 'first' });
    expect(b).toMatchObject({ status: 'change-password', reason: 'expired' });
    if (a.status !== 'change-password' || b.status !== 'change-password') throw new Error('expected change-password');
    expect(await checkResetToken(a.token)).toBe('valid');
    expect(presentSignIn(a)).toMatchObject({
      IsResetPassword: true,
      IsPasswordExpired: false,
      Message: MSG.passwordFirstTime,
      ResetPasswordUrl: `/ResetPassword?url=${a.token}&reason=first`,
    });
    expect(presentSignIn(b)).toMatchObject({
      IsResetPassword: false,
      IsPasswordExpired: true,
      Message: MSG.passwordExpired,
    });
    clock.advance(15 * 60_000 + 1000);
    expect(await checkResetToken(a.token)).toBe('expired');
    for (const u of [first, old]) {
      expect(await t.db().select().from(signInOtps).where(eq(signInOtps.userId, u.id))).toHaveLength(0);
      expect(await t.db().select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    }
  });
});
