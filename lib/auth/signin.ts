/**
 * The password step of the sign-in (spec §4 "Sign-in flow", §8, §9), server-authoritative:
 *  1. a locked account (or a name at the attempt limit) answers "blocked", whatever the password;
 *  2. after CAPTCHA_AFTER_FAILURES failures a captcha must be solved (verified and consumed here);
 *  3. the password is checked with argon2 (an unknown or deactivated user name against a dummy
 *     hash, so the answer and its timing are the same); a failure is counted (lock at the limit);
 *  4. a first-time or expired password gets a short-lived forced-change token, no session;
 *  5. otherwise an OTP is e-mailed (through the outbox, in the same transaction).
 * No session exists until the OTP passes too (lib/auth/otp.ts verifyOtp).
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { auditAuth } from './audit';
import { userMaySignIn } from './client-active';
import { redeemCaptcha } from './captcha';
import { isPasswordExpired } from './expiry';
import { attemptsLeft, captchaNeeded, nameKey, recordFailure, unknownNameFailures } from './lockout';
import { issueOtp } from './otp';
import { dummyHash, verifyPassword } from './password';
import { issueResetToken } from './reset';

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
  | ({ status: 'otp'; challengeId: string; reference: string; expiresInSeconds: number } & Counts)
  | ({ status: 'invalid'; captchaRequired: boolean } & Counts)
  | ({ status: 'captcha'; captchaRequired: true; captchaFailed: boolean } & Counts)
  | ({ status: 'locked' } & Counts)
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

export async function signInWithPassword(input: PasswordSignInInput): Promise<PasswordSignInResult> {
  const c = config();
  const db = await getDb();
  const found = await findUserByName(input.userName);
  const user = found && found.isActive ? found : null;
  const key = user ? null : nameKey(input.userName);
  const failed = user ? user.failedLoginAttempts : await unknownNameFailures(db, key ?? '');
  const hash = user?.passwordHash ?? (await dummyHash());

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
    if (!solved) return { status: 'captcha', captchaRequired: true, captchaFailed: Boolean(input.captcha), ...counts(failed) };
  }

  const ok = await verifyPassword(hash, input.password);
  if (!ok || !user) {
    const state = await recordFailure(db, user ? { user } : { key: key ?? '' }, 'password');
    if (state.locked) return { status: 'locked', failedAttempts: state.failed, attemptsLeft: 0 };
    return { status: 'invalid', captchaRequired: captchaNeeded(state.failed), ...counts(state.failed) };
  }

  const reason = user.mustChangePassword ? 'first' : isPasswordExpired(user, now()) ? 'expired' : null;
  if (reason) {
    const token = await db.transaction(async (tx) => {
      const t = await issueResetToken(tx, user.id, 'forced', FORCED_CHANGE_TTL_MINUTES);
      await auditAuth(tx, { action: 'signin.change_password', userId: user.id, clientId: user.clientId, targetType: 'user', targetId: String(user.id), details: { reason } });
      return t;
    });
    return { status: 'change-password', reason, token, ...counts(failed) };
  }

  const issued = await db.transaction(async (tx) => {
    const otp = await issueOtp(tx, user, c.OTP_TTL_SECONDS);
    await auditAuth(tx, { action: 'signin.otp_sent', userId: user.id, clientId: user.clientId, targetType: 'user', targetId: String(user.id), details: { reference: otp.reference } });
    return otp;
  });
  return { status: 'otp', challengeId: issued.challengeId, reference: issued.reference, expiresInSeconds: issued.expiresInSeconds, ...counts(failed) };
}
