import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, signInOtps, userAuthenticators, userRecoveryCodes, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { ConflictError, ValidationError } from '@/lib/core/errors';
import { useTestDatabase } from '@/test/db';
import { signedIn, TEST_PASSWORD } from '@/test/factories';
import { presentOtp, presentResend, presentSignIn } from '@/lib/legacy/auth';
import { TWO_FACTOR_MSG } from './messages';
import { resendOtp, verifyOtp } from './otp';
import { signInWithPassword } from './signin';
import { decryptSecret } from './totp';
import { getShellUser } from '@/lib/shell/service';
import {
  confirmEnrolment,
  removeAuthenticator,
  RECOVERY_CODES_LOW,
  startEnrolment,
  twoFactorStatus,
} from './two-factor';

const T0 = '2026-05-04T02:00:10Z';

describe('two-factor with an authenticator app', () => {
  const t = useTestDatabase();
  const clock = fixedClock(T0);
  let restore: () => void = () => undefined;
  beforeEach(() => {
    clock.set(T0);
    restore = setClock(clock);
  });
  afterEach(() => restore());

  const epoch = (offsetSeconds = 0) => Math.floor(clock.now().getTime() / 1000) + offsetSeconds;
  const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: epoch(offsetSeconds) });

  async function user() {
    const s = await signedIn(3);
    return { user: s.user, actor: s.actor };
  }

  /** A user with a confirmed app: its secret and recovery codes. */
  async function enrolled() {
    const u = await user();
    const init = await startEnrolment(u.actor);
    const { RecoveryCodes } = await confirmEnrolment(u.actor, await codeAt(init.Secret));
    clock.advance(60_000); // the confirming code's step is used: sign-ins start two steps later
    return { ...u, secret: init.Secret, recovery: RecoveryCodes };
  }

  async function appSignIn(userName: string) {
    const r = await signInWithPassword({ userName, password: TEST_PASSWORD });
    if (r.status !== 'otp') throw new Error(`expected a pending sign-in, got ${r.status}`);
    return r;
  }
  const audits = async (userId: number) =>
    (await t.db().select().from(auditLog).where(eq(auditLog.actorUserId, userId)).orderBy(auditLog.id)).map(
      (a) => a.action,
    );
  const mails = (email: string) =>
    t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id));

  it('set-up: a secret encrypted at rest, its otpauth URI and QR code; a code confirms it and answers 10 recovery codes, kept hashed', async () => {
    const { user: u, actor } = await user();
    const init = await startEnrolment(actor);
    expect(init.Secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(init.OtpAuthUri).toMatch(new RegExp(`^otpauth://totp/JMS%20Portal:${u.userName.replace('.', '\\.')}\\?`));
    expect(init.OtpAuthUri).toContain(`secret=${init.Secret}`);
    expect(init.OtpAuthUri).toContain('issuer=JMS%20Portal');
    expect(init.QrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const [row] = await t.db().select().from(userAuthenticators).where(eq(userAuthenticators.userId, u.id));
    expect(row?.secretEnc).not.toContain(init.Secret);
    expect(decryptSecret(u.id, row?.secretEnc ?? '')).toBe(init.Secret);
    // Bound to the user: the same ciphertext does not decrypt for another user id.
    expect(decryptSecret(u.id + 1, row?.secretEnc ?? '')).toBeNull();
    expect(row?.confirmedAt).toBeNull();
    expect(await twoFactorStatus(actor)).toMatchObject({ enrolled: false });

    await expect(
      confirmEnrolment(actor, '000000' === (await codeAt(init.Secret)) ? '111111' : '000000'),
    ).rejects.toBeInstanceOf(ValidationError);
    const { RecoveryCodes } = await confirmEnrolment(actor, await codeAt(init.Secret));
    expect(RecoveryCodes).toHaveLength(10);
    expect(new Set(RecoveryCodes).size).toBe(10);
    for (const c of RecoveryCodes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    const stored = await t.db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) for (const c of RecoveryCodes) expect(s.codeHash).not.toContain(c.replace(/-/g, ''));
    expect(await twoFactorStatus(actor)).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    expect(await audits(u.id)).toContain('twofactor.enrolled');
    expect((await mails(u.email))[0]?.subject).toBe('An authenticator app was added to your JMS Portal account');

    // Answered once: confirming again, or starting again, is refused while the app is set up.
    await expect(confirmEnrolment(actor, await codeAt(init.Secret))).rejects.toBeInstanceOf(ConflictError);
    await expect(startEnrolment(actor)).rejects.toBeInstanceOf(ConflictError);
  });

  it('set-up times out after 15 minutes; a new start replaces an unconfirmed secret', async () => {
    const { actor } = await user();
    const first = await startEnrolment(actor);
    clock.advance(15 * 60_000 + 1000);
    await expect(confirmEnrolment(actor, await codeAt(first.Secret))).rejects.toThrow(/timed out/);
    const second = await startEnrolment(actor);
    expect(second.Secret).not.toBe(first.Secret);
    await expect(confirmEnrolment(actor, await codeAt(first.Secret))).rejects.toBeInstanceOf(ValidationError);
    expect((await confirmEnrolment(actor, await codeAt(second.Secret))).RecoveryCodes).toHaveLength(10);
  });

  it('sign-in asks for the app instead of e-mailing an OTP; the app code signs in, one step either side; a used code is refused', async () => {
    const e = await enrolled();
    const before = (await mails(e.user.email)).length;
    const r = await appSignIn(e.user.userName);
    expect(r.method).toBe('app');
    expect((await mails(e.user.email)).length).toBe(before);
    expect(presentSignIn(r)).toMatchObject({
      LStatus: 1,
      OtpMethod: 'app',
      ChallengeId: r.challengeId,
      SigninOTPExpireText: expect.stringContaining('authenticator app'),
    });

    // The previous step's code (a phone 30 s behind) is accepted.
    const late = await codeAt(e.secret, -30);
    const ok = await verifyOtp(r.challengeId, late);
    expect(ok.status).toBe('success');
    expect(presentOtp(ok, 'tok')).toMatchObject({ IsLoggedIn: true, LStatus: 2 });

    // The same code again, on a new sign-in within its window: refused (replay), counted, and said to be spent.
    const again = await appSignIn(e.user.userName);
    expect(await verifyOtp(again.challengeId, late)).toMatchObject({
      status: 'invalid',
      failedAttempts: 1,
      spent: true,
    });
    // Two steps away: refused as wrong, not as spent. The next step's code (a phone 30 s ahead): accepted.
    const tooOld = await verifyOtp(again.challengeId, await codeAt(e.secret, -60));
    expect(tooOld).toMatchObject({ status: 'invalid', failedAttempts: 2 });
    expect(tooOld).not.toHaveProperty('spent');
    expect(await verifyOtp(again.challengeId, await codeAt(e.secret, 30))).toMatchObject({ status: 'success' });
    // Once a step is used, codes of that step and older are refused.
    const third = await appSignIn(e.user.userName);
    expect(await verifyOtp(third.challengeId, await codeAt(e.secret, 0))).toMatchObject({ status: 'invalid' });
    const success = (
      await t
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, e.user.id), eq(auditLog.action, 'signin.success')))
    ).map((a) => a.details);
    expect(success).toEqual([{ method: 'password+totp' }, { method: 'password+totp' }]);
  });

  it('a recovery code signs in once (any case, with or without dashes); its use is audited and the user told', async () => {
    const e = await enrolled();
    const code = e.recovery[3] ?? '';
    const r = await appSignIn(e.user.userName);
    expect(await verifyOtp(r.challengeId, code.toLowerCase().replace(/-/g, ''))).toMatchObject({ status: 'success' });
    const again = await appSignIn(e.user.userName);
    expect(await verifyOtp(again.challengeId, code)).toMatchObject({ status: 'invalid', spent: true });
    expect(await twoFactorStatus(e.actor)).toMatchObject({ recoveryCodesLeft: 9 });
    // Nine left is not "few"; at RECOVERY_CODES_LOW the signed-in pages say how many are left.
    expect((await getShellUser(e.actor)).fewRecoveryCodes).toBeNull();
    const unused = await t
      .db()
      .select({ id: userRecoveryCodes.id })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, e.user.id), isNull(userRecoveryCodes.usedAt)));
    const spend = unused.slice(0, 9 - RECOVERY_CODES_LOW - 1).map((r) => r.id);
    await t.db().update(userRecoveryCodes).set({ usedAt: new Date() }).where(inArray(userRecoveryCodes.id, spend));
    expect((await getShellUser(e.actor)).fewRecoveryCodes).toBeNull();
    await t
      .db()
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        inArray(
          userRecoveryCodes.id,
          unused.slice(spend.length, spend.length + 1).map((r) => r.id),
        ),
      );
    expect((await getShellUser(e.actor)).fewRecoveryCodes).toBe(RECOVERY_CODES_LOW);
    const used = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, e.user.id), eq(auditLog.action, 'twofactor.recovery_used')));
    expect(used.map((a) => a.details)).toEqual([{ remaining: 9 }]);
    expect(JSON.stringify(used)).not.toContain(code);
    expect((await mails(e.user.email)).some((m) => m.subject.startsWith('A recovery code was used'))).toBe(true);
    const success = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, e.user.id), eq(auditLog.action, 'signin.success')));
    expect(success.map((a) => a.details)).toEqual([{ method: 'password+recovery' }]);
  });

  it('parallel use of one app code: exactly one session', async () => {
    const e = await enrolled();
    const a = await appSignIn(e.user.userName);
    const b = await appSignIn(e.user.userName);
    const code = await codeAt(e.secret);
    const results = await Promise.all([verifyOtp(a.challengeId, code), verifyOtp(b.challengeId, code)]);
    expect(results.filter((x) => x.status === 'success')).toHaveLength(1);
  });

  /** The account's lockout state: failed sign-ins and whether it is locked. */
  const lockout = async (userId: number) => {
    const [u] = await t
      .db()
      .select({ failed: users.failedLoginAttempts, locked: users.isLocked })
      .from(users)
      .where(eq(users.id, userId));
    return u;
  };
  const otherCode = async (secret: string) => ((await codeAt(secret)) === '000000' ? '111111' : '000000');

  it('parallel submissions of one valid app code: one signs in, the others are refused without counting toward the lockout', async () => {
    const e = await enrolled();
    const pending = [];
    for (let i = 0; i < 6; i++) pending.push(await appSignIn(e.user.userName));
    clock.advance(1_000); // the time it takes to read the code off the phone
    const code = await codeAt(e.secret);
    const results = await Promise.all(pending.map((p) => verifyOtp(p.challengeId, code)));
    expect(results.filter((r) => r.status === 'success')).toHaveLength(1);
    expect(results.filter((r) => r.status !== 'success')).toEqual(
      Array.from({ length: 5 }, () => ({ status: 'invalid', failedAttempts: 0, attemptsLeft: 5, spent: true })),
    );
    expect(await lockout(e.user.id)).toEqual({ failed: 0, locked: false });
    // The losers' sign-ins are still pending, their guesses untouched.
    const guesses = await t
      .db()
      .select({ n: signInOtps.failedAttempts })
      .from(signInOtps)
      .where(eq(signInOtps.userId, e.user.id));
    expect(guesses.every((g) => g.n === 0)).toBe(true);
    // A genuinely wrong code still counts, and so does the spent code sent again later (a replay, not a race).
    clock.advance(1_000);
    const next = await appSignIn(e.user.userName);
    expect(await verifyOtp(next.challengeId, await otherCode(e.secret))).toMatchObject({
      status: 'invalid',
      failedAttempts: 1,
    });
    expect(await verifyOtp(next.challengeId, code)).toMatchObject({ status: 'invalid', failedAttempts: 2 });
    expect(await lockout(e.user.id)).toEqual({ failed: 2, locked: false });
  });

  it('a twin submission that reads the code after its twin signed in lost the same race: refused, not counted', async () => {
    // What a second tab or a double click does when the first request commits before the second one looks: the
    // second finds the code already spent. Sequential here, so the order is certain on both engines.
    for (const kind of ['app', 'recovery'] as const) {
      const e = await enrolled();
      const code = kind === 'app' ? await codeAt(e.secret) : (e.recovery[0] ?? '');
      const first = await appSignIn(e.user.userName);
      const twin = await appSignIn(e.user.userName);
      clock.advance(1_000);
      expect(await verifyOtp(first.challengeId, code), kind).toMatchObject({ status: 'success' });
      expect(await verifyOtp(twin.challengeId, code), kind).toEqual({
        status: 'invalid',
        failedAttempts: 0,
        attemptsLeft: 5,
        spent: true,
      });
      expect(await lockout(e.user.id), kind).toEqual({ failed: 0, locked: false });
      // Past the race window the same code on that pending sign-in is a replay, and counts.
      clock.advance(11_000);
      expect(await verifyOtp(twin.challengeId, code), kind).toMatchObject({ status: 'invalid', failedAttempts: 1 });
      clock.set(T0);
    }
  });

  it('parallel submissions of one recovery code: one signs in, the others are refused without counting toward the lockout', async () => {
    const e = await enrolled();
    const code = e.recovery[0] ?? '';
    const pending = [];
    for (let i = 0; i < 6; i++) pending.push(await appSignIn(e.user.userName));
    clock.advance(1_000); // the time it takes to type the code in
    const results = await Promise.all(pending.map((p) => verifyOtp(p.challengeId, code)));
    expect(results.filter((r) => r.status === 'success')).toHaveLength(1);
    expect(results.filter((r) => r.status !== 'success')).toEqual(
      Array.from({ length: 5 }, () => ({ status: 'invalid', failedAttempts: 0, attemptsLeft: 5, spent: true })),
    );
    expect(await lockout(e.user.id)).toEqual({ failed: 0, locked: false });
    expect(await twoFactorStatus(e.actor)).toMatchObject({ recoveryCodesLeft: 9 });
    // A wrong recovery code counts; the used one sent again later counts too.
    clock.advance(1_000);
    const next = await appSignIn(e.user.userName);
    expect(await verifyOtp(next.challengeId, 'AAAA-BBBB-CCCC-DDDD')).toMatchObject({
      status: 'invalid',
      failedAttempts: 1,
    });
    expect(await verifyOtp(next.challengeId, code)).toMatchObject({ status: 'invalid', failedAttempts: 2 });
  });

  it("'send a code by e-mail instead': the app's pending sign-in becomes an e-mailed one, full lifetime, guesses carried over", async () => {
    const e = await enrolled();
    const r = await appSignIn(e.user.userName);
    expect(await verifyOtp(r.challengeId, '999999' === (await codeAt(e.secret)) ? '888888' : '999999')).toMatchObject({
      status: 'invalid',
    });
    const sent = await resendOtp(r.challengeId);
    expect(sent).toMatchObject({ status: 'sent', method: 'email', expiresInSeconds: 300 });
    if (sent.status !== 'sent') return;
    expect(presentResend(sent)).toMatchObject({ LStatus: 1, OtpMethod: 'email', Message: 'Successfully OTP sent.' });
    const [mail] = await mails(e.user.email);
    expect(mail?.subject).toContain(`ref ${sent.reference}`);
    const code = /is:\s+(\d{6})/.exec(mail?.textBody ?? '')?.[1] ?? '';
    const [row] = await t.db().select().from(signInOtps).where(eq(signInOtps.id, sent.challengeId));
    expect(row?.failedAttempts).toBe(1);
    // The app's challenge is void (and cannot be switched again); the e-mailed code signs in.
    expect(await resendOtp(r.challengeId)).toEqual({ status: 'expired' });
    expect(await verifyOtp(r.challengeId, await codeAt(e.secret))).toMatchObject({ status: 'expired' });
    expect(await verifyOtp(sent.challengeId, code)).toMatchObject({ status: 'success' });
  });

  it('removal needs the current password (a wrong one counts toward the lockout); then the sign-in e-mails the OTP again', async () => {
    const e = await enrolled();
    await expect(removeAuthenticator(e.actor, 'Wrong#Password1')).rejects.toMatchObject({
      status: 400,
      fields: { Password: [TWO_FACTOR_MSG.passwordWrong] },
    });
    const [u] = await t.db().select().from(users).where(eq(users.id, e.user.id));
    expect(u?.failedLoginAttempts).toBe(1);
    expect(await twoFactorStatus(e.actor)).toMatchObject({ enrolled: true });
    await removeAuthenticator(e.actor, TEST_PASSWORD);
    expect(await twoFactorStatus(e.actor)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    expect(await t.db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, e.user.id))).toHaveLength(
      0,
    );
    expect(await audits(e.user.id)).toContain('twofactor.removed');
    expect((await appSignIn(e.user.userName)).method).toBe('email');
    await expect(removeAuthenticator(e.actor, TEST_PASSWORD)).rejects.toMatchObject({
      status: 409,
      message: TWO_FACTOR_MSG.notEnrolled,
    });
  });
});
