import { desc, eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeUser, signedIn, TEST_PASSWORD } from '@/test/factories';
import { altchaVerifier } from './captcha';
import { otpGiven, presentPasswordResend, presentTriple } from '@/lib/legacy/auth';
import { resendWithPassword, signInWithPassword, signInWithTriple } from './signin';
import { confirmEnrolment, startEnrolment } from './two-factor';

async function solvedCaptcha(): Promise<string> {
  const challenge = await altchaVerifier.createChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('sign-in with the credential triple (UserName, Password, OTP) and ResendOTP by credentials', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-05-04T02:00:10Z');
  let restore: () => void = () => undefined;
  beforeEach(() => {
    clock.set('2026-05-04T02:00:10Z');
    restore = setClock(clock);
  });
  afterEach(() => restore());

  async function user(over: Partial<typeof users.$inferInsert> = {}) {
    const client = await makeClient();
    return makeUser({ clientId: client.id, passwordChangedAt: new Date('2026-05-01T00:00:00Z'), ...over });
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
  const failures = async (id: number) =>
    (await t.db().select().from(users).where(eq(users.id, id)))[0]?.failedLoginAttempts;
  const other = (code: string) => (code === '000000' ? '000001' : '000000');

  it('OTP absent or 0 is the password step; anything else is the triple', () => {
    expect(otpGiven(undefined)).toBeNull();
    expect(otpGiven(0)).toBeNull();
    expect(otpGiven('0')).toBeNull();
    expect(otpGiven(' ')).toBeNull();
    expect(otpGiven(42)).toBe('000042');
    expect(otpGiven('000000')).toBe('000000');
  });

  it('the password, then the pending e-mailed OTP: a session, once', async () => {
    const u = await user();
    await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD });
    const code = await lastCode(u.email);
    const r = await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: code });
    expect(r).toMatchObject({ step: 'otp', result: { status: 'success' } });
    expect(presentTriple(r, 'tok')).toMatchObject({ IsLoggedIn: true, jwtToken: 'tok', LStatus: 2 });
    const replay = await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: code });
    expect(presentTriple(replay, null)).toMatchObject({
      IsLoggedIn: false,
      jwtToken: null,
      LStatus: 8,
      Message: MSG.otpExpired,
    });
  });

  it('a wrong password is counted and the OTP is not looked at; a wrong OTP is counted too', async () => {
    const u = await user();
    await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD });
    const code = await lastCode(u.email);
    const r = await signInWithTriple({ userName: u.userName, password: 'Wrong#Password1', otp: code });
    expect(presentTriple(r, null)).toMatchObject({
      IsLoggedIn: false,
      LStatus: 0,
      LoginAttemptLeft: 4,
      Message: MSG.invalidCredentials(4),
    });
    const w = await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: other(code) });
    expect(presentTriple(w, null)).toMatchObject({ LStatus: 7, Message: MSG.otpInvalid, LoginAttemptLeft: 3 });
    expect(await failures(u.id)).toBe(2);
    // The right code still works (guess limit not reached) and clears the count.
    expect(await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: code })).toMatchObject({
      result: { status: 'success' },
    });
    expect(await failures(u.id)).toBe(0);
  });

  it('after 3 failures the triple needs a solved captcha too; at the limit it is blocked whatever the password', async () => {
    const u = await user({ failedLoginAttempts: 3 });
    const noCaptcha = await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: '123456' });
    expect(presentTriple(noCaptcha, null)).toMatchObject({ LStatus: 6, IsCaptchaRequired: true });
    expect(await failures(u.id)).toBe(3);
    await signInWithTriple({
      userName: u.userName,
      password: 'Wrong#Password1',
      otp: '123456',
      captcha: await solvedCaptcha(),
    });
    const locked = await signInWithTriple({
      userName: u.userName,
      password: 'Wrong#Password2',
      otp: '123456',
      captcha: await solvedCaptcha(),
    });
    expect(presentTriple(locked, null)).toMatchObject({ IsAccountLocked: true, LStatus: 3 });
    const after = await signInWithTriple({
      userName: u.userName,
      password: TEST_PASSWORD,
      otp: '123456',
      captcha: await solvedCaptcha(),
    });
    expect(presentTriple(after, null)).toMatchObject({ IsAccountLocked: true, LStatus: 3, IsLoggedIn: false });
  });

  it('the OTP guess limit holds: 5 wrong codes void the pending OTP (and lock the account)', async () => {
    const u = await user();
    await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD });
    const code = await lastCode(u.email);
    for (let i = 0; i < 2; i++)
      await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: other(code) });
    const captcha = await solvedCaptcha();
    await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: other(code), captcha });
    for (let i = 0; i < 2; i++)
      await signInWithTriple({
        userName: u.userName,
        password: TEST_PASSWORD,
        otp: other(code),
        captcha: await solvedCaptcha(),
      });
    expect(await failures(u.id)).toBe(5);
    const r = await signInWithTriple({
      userName: u.userName,
      password: TEST_PASSWORD,
      otp: code,
      captcha: await solvedCaptcha(),
    });
    expect(presentTriple(r, null)).toMatchObject({ IsLoggedIn: false, IsAccountLocked: true });
  });

  it('no pending OTP: answers OTP expired, sends nothing', async () => {
    const u = await user();
    const r = await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: '123456' });
    expect(presentTriple(r, null)).toMatchObject({ LStatus: 8, Message: MSG.otpExpired });
    expect(await t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, u.email))).toHaveLength(0);
  });

  it('a first-time password answers the forced change, not a session', async () => {
    const u = await user({ mustChangePassword: true });
    const r = await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: '123456' });
    expect(presentTriple(r, null)).toMatchObject({ IsResetPassword: true, LStatus: 4, IsLoggedIn: false });
  });

  it("with an authenticator app: the app's code or a recovery code, without a prior password step", async () => {
    const s = await signedIn(3);
    const init = await startEnrolment(s.actor);
    const epoch = () => Math.floor(clock.now().getTime() / 1000);
    const { RecoveryCodes } = await confirmEnrolment(s.actor, await generate({ secret: init.Secret, epoch: epoch() }));
    clock.advance(60_000);
    const code = await generate({ secret: init.Secret, epoch: epoch() });
    expect(await signInWithTriple({ userName: s.user.userName, password: TEST_PASSWORD, otp: code })).toMatchObject({
      result: { status: 'success' },
    });
    // Replayed: refused.
    expect(await signInWithTriple({ userName: s.user.userName, password: TEST_PASSWORD, otp: code })).toMatchObject({
      result: { status: 'invalid' },
    });
    expect(
      await signInWithTriple({ userName: s.user.userName, password: TEST_PASSWORD, otp: RecoveryCodes[0] ?? '' }),
    ).toMatchObject({ result: { status: 'success' } });
  });

  it('ResendOTP by credentials: resends the pending OTP (60 s), with the same password checks', async () => {
    const u = await user();
    await signInWithPassword({ userName: u.userName, password: TEST_PASSWORD });
    const first = await lastCode(u.email);
    expect(
      presentPasswordResend(await resendWithPassword({ userName: u.userName, password: TEST_PASSWORD })),
    ).toMatchObject({ LStatus: 9, Message: MSG.tryLater });
    clock.advance(11_000);
    const wrong = await resendWithPassword({ userName: u.userName, password: 'Wrong#Password1' });
    expect(presentPasswordResend(wrong)).toMatchObject({ LStatus: 0, LoginAttemptLeft: 4 });
    const r = await resendWithPassword({ userName: u.userName, password: TEST_PASSWORD });
    expect(presentPasswordResend(r)).toMatchObject({ LStatus: 1, Message: MSG.otpSent, signinOTPExpireTimeout: 60 });
    const second = await lastCode(u.email);
    // The old code is void; the new one completes the triple.
    if (first !== second)
      expect(await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: first })).toMatchObject({
        result: { status: 'invalid' },
      });
    expect(await signInWithTriple({ userName: u.userName, password: TEST_PASSWORD, otp: second })).toMatchObject({
      result: { status: 'success' },
    });
    // Nothing pending any more: sign in again.
    expect(
      presentPasswordResend(await resendWithPassword({ userName: u.userName, password: TEST_PASSWORD })),
    ).toMatchObject({ LStatus: 8 });
  });
});
