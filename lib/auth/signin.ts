/**
 * The password step of the sign-in (spec §4 "Sign-in flow", §8, §9), server-authoritative:
 *  1. a locked account (or a name at the attempt limit) answers "blocked", whatever the password;
 *  2. after CAPTCHA_AFTER_FAILURES failures a captcha must be solved (verified and consumed here);
 *  3. the password is checked with argon2 (an unknown or deactivated user name against a dummy
 *     hash, so the answer and its timing are the same); a failure is counted (lock at the limit);
 *  4. a first-time or expired password gets a short-lived forced-change token, no session;
 *  5. otherwise an OTP is e-mailed (through the outbox, in the same transaction), or, for a user with an
 *     authenticator app, a pending sign-in waits for the app's code (nothing is sent).
 * No session exists until the OTP passes too (lib/auth/otp.ts verifyOtp).
 *
 * The credential triple of the legacy API (UserName, Password, OTP in one call: signInWithTriple) and
 * ResendOTP with UserName and Password (resendWithPassword) run the same steps 1–4 first, so neither is
 * a way around the lockout, the captcha or the OTP guess limit.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { ssoRequired } from '@/lib/security/security-policy';
import { auditAuth } from './audit';
import { userMaySignIn } from './client-active';
import { redeemCaptcha } from './captcha';
import { isPasswordExpired } from './expiry';
import { attemptsLeft, captchaNeeded, nameKey, recordFailure, unknownNameFailures } from './lockout';
import {
  issueAppChallenge,
  issueOtp,
  latestPendingChallenge,
  resendOtp,
  verifyOtp,
  type OtpMethod,
  type OtpResendResult,
  type OtpVerifyResult,
} from './otp';
import { dummyHash, verifyPassword } from './password';
import { issueResetToken } from './reset';
import { hasAuthenticator } from '@/lib/core/authenticator';

/** Lifetime of the forced-change token handed to /ResetPassword. */
export const FORCED_CHANGE_TTL_MINUTES = 15;

export interface PasswordSignInInput {
  userName: string;
  password: string;
  /** The captcha widget's payload, when one is required. */
  captcha?: string | null;
}

interface Counts {
  failedAttempts: number;
  attemptsLeft: number;
}

export type PasswordSignInResult =
  | ({ status: 'otp'; method: OtpMethod; challengeId: string; reference: string; expiresInSeconds: number } & Counts)
  | ({ status: 'invalid'; captchaRequired: boolean } & Counts)
  | ({ status: 'captcha'; captchaRequired: true; captchaFailed: boolean } & Counts)
  | ({ status: 'locked' } & Counts)
  /** A deactivated account, and the caller gave its right password: 'Credential does not exist.' (docs/decisions/007-sign-in-messages-and-feedback.md). */
  | ({ status: 'deactivated' } & Counts)
  /** The user's organisation requires single sign-on: the password was right, but no OTP is sent. */
  | ({ status: 'sso-required' } & Counts)
  | ({ status: 'change-password'; reason: 'first' | 'expired'; token: string } & Counts);

function counts(failed: number): Counts {
  return { failedAttempts: failed, attemptsLeft: attemptsLeft(failed) };
}

export async function findUserByName(userName: string) {
  const db = await getDb();
  const [user] = await db
    // A suspended client's user signs in like a deactivated one: not at all.
    .select({ ...getTableColumns(users), isActive: userMaySignIn })
    .from(users)
    .where(eq(sql`lower(${users.userName})`, userName.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByName>>>;
type CredentialFailure = Extract<
  PasswordSignInResult,
  { status: 'invalid' | 'captcha' | 'locked' | 'sso-required' | 'change-password' | 'deactivated' }
>;

/**
 * Steps 1–4: blocked, captcha, password, forced change. Answers the user whose password is right and
 * current, or the failure to present. Every wrong password is counted here.
 */
async function checkCredentials(
  input: PasswordSignInInput,
): Promise<{ status: 'ok'; user: UserRow; failed: number } | CredentialFailure> {
  const c = config();
  const db = await getDb();
  const found = await findUserByName(input.userName);
  const user = found && found.isActive ? found : null;
  const key = user ? null : nameKey(input.userName);
  const failed = user ? user.failedLoginAttempts : await unknownNameFailures(db, key ?? '');
  // A deactivated account is checked against its own hash (same argon2 cost as the dummy): only its right password
  // learns that the credential no longer exists; any other answer is the unknown name's.
  const hash = user?.passwordHash ?? (found && !found.isActive ? found.passwordHash : null) ?? (await dummyHash());

  if ((user && user.isLocked) || failed >= c.LOGIN_ATTEMPT_LIMIT) {
    await verifyPassword(hash, input.password);
    await auditAuth(db, {
      action: 'signin.blocked',
      userId: user?.id ?? null,
      clientId: user?.clientId ?? null,
      targetType: user ? 'user' : 'user_name',
      targetId: user ? String(user.id) : key,
    });
    return { status: 'locked', failedAttempts: Math.max(failed, c.LOGIN_ATTEMPT_LIMIT), attemptsLeft: 0 };
  }

  if (captchaNeeded(failed)) {
    const solved = input.captcha ? await redeemCaptcha(db, input.captcha) : false;
    if (!solved)
      return { status: 'captcha', captchaRequired: true, captchaFailed: Boolean(input.captcha), ...counts(failed) };
  }

  const ok = await verifyPassword(hash, input.password);
  if (ok && !user && found && !found.isActive) {
    await auditAuth(db, {
      action: 'signin.deactivated',
      userId: found.id,
      clientId: found.clientId,
      targetType: 'user',
      targetId: String(found.id),
    });
    return { status: 'deactivated', ...counts(failed) };
  }
  if (!ok || !user) {
    const state = await recordFailure(db, user ? { user } : { key: key ?? '' }, 'password');
    if (state.locked) return { status: 'locked', failedAttempts: state.failed, attemptsLeft: 0 };
    return { status: 'invalid', captchaRequired: captchaNeeded(state.failed), ...counts(state.failed) };
  }

  if (await ssoRequired(user.clientId, db)) {
    await auditAuth(db, {
      action: 'signin.sso_required',
      userId: user.id,
      clientId: user.clientId,
      targetType: 'user',
      targetId: String(user.id),
    });
    return { status: 'sso-required', ...counts(failed) };
  }

  const reason = user.mustChangePassword ? 'first' : isPasswordExpired(user, now()) ? 'expired' : null;
  if (reason) {
    const token = await db.transaction(async (tx) => {
      const t = await issueResetToken(tx, user.id, 'forced', FORCED_CHANGE_TTL_MINUTES);
      await auditAuth(tx, {
        action: 'signin.change_password',
        userId: user.id,
        clientId: user.clientId,
        targetType: 'user',
        targetId: String(user.id),
        details: { reason },
      });
      return t;
    });
    return { status: 'change-password', reason, token, ...counts(failed) };
  }
  return { status: 'ok', user, failed };
}

export async function signInWithPassword(input: PasswordSignInInput): Promise<PasswordSignInResult> {
  const checked = await checkCredentials(input);
  if (checked.status !== 'ok') return checked;
  const { user, failed } = checked;
  const db = await getDb();
  const issued = await db.transaction(async (tx) => {
    const app = await hasAuthenticator(tx, user.id);
    const otp = app
      ? await issueAppChallenge(tx, user, config().OTP_TTL_SECONDS)
      : await issueOtp(tx, user, config().OTP_TTL_SECONDS);
    if (!app) {
      await auditAuth(tx, {
        action: 'signin.otp_sent',
        userId: user.id,
        clientId: user.clientId,
        targetType: 'user',
        targetId: String(user.id),
        details: { reference: otp.reference },
      });
    }
    return otp;
  });
  return {
    status: 'otp',
    method: issued.method,
    challengeId: issued.challengeId,
    reference: issued.reference,
    expiresInSeconds: issued.expiresInSeconds,
    ...counts(failed),
  };
}

/** Which step answered: the password step (a failure of steps 1–4) or the code. */
export type TripleSignInResult =
  { step: 'password'; result: CredentialFailure } | { step: 'otp'; result: OtpVerifyResult };

/**
 * The credential triple (legacy SignIn with a non-zero OTP, AuthenticateUser without ChallengeId): the
 * password first (lockout, captcha and counting exactly as in the password step), then the code against
 * the user's pending sign-in. A user with an authenticator app needs no pending sign-in: unless an e-mailed
 * code is pending (the code is then that one), each call checks the app's code (or a recovery code) against a
 * pending sign-in of its own, so its guess limit and the lockout still apply, and of many parallel calls with
 * one right code exactly one signs in while the others are told the code was used, without counting as failures
 * (verifyOtp's race rule, reckoned from the call's arrival).
 */
export async function signInWithTriple(input: PasswordSignInInput & { otp: string }): Promise<TripleSignInResult> {
  const arrivedAt = now();
  const checked = await checkCredentials(input);
  if (checked.status !== 'ok') return { step: 'password', result: checked };
  const db = await getDb();
  let pending = await latestPendingChallenge(db, checked.user.id);
  if (!(pending?.usable && pending.method === 'email') && (await hasAuthenticator(db, checked.user.id))) {
    const issued = await issueAppChallenge(db, checked.user, config().OTP_TTL_SECONDS);
    pending = { id: issued.challengeId, method: 'app', usable: true };
  }
  if (!pending) return { step: 'otp', result: { status: 'expired' } };
  return { step: 'otp', result: await verifyOtp(pending.id, input.otp, { arrivedAt }) };
}

export type PasswordResendResult =
  { step: 'password'; result: CredentialFailure } | { step: 'otp'; result: OtpResendResult };

/**
 * ResendOTP with UserName and Password instead of a ChallengeId: the same password checks, then a resend of
 * the user's pending sign-in (the resend rules of lib/auth/otp.ts apply: 60 seconds, not too soon, not too
 * many). From the app's pending sign-in it sends the first code by e-mail instead.
 */
export async function resendWithPassword(input: PasswordSignInInput): Promise<PasswordResendResult> {
  const checked = await checkCredentials(input);
  if (checked.status !== 'ok') return { step: 'password', result: checked };
  const pending = await latestPendingChallenge(await getDb(), checked.user.id);
  if (!pending) return { step: 'otp', result: { status: 'expired' } };
  return { step: 'otp', result: await resendOtp(pending.id) };
}
