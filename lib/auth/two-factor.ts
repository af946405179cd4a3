/**
 * Two-factor with an authenticator app (spec §1 "a two-factor step also exists", §7 "two-factor init and
 * init-response calls"). One service for Settings, the legacy api/Authentication/TwoFactorInit* calls and
 * any forced set-up step after sign-in (it takes only the actor: nothing here depends on the page):
 *
 *   startEnrolment(actor)          a new secret (pending), its otpauth:// URI and QR code;
 *   confirmEnrolment(actor, code)  a code from the app confirms it; answers 10 recovery codes, once;
 *   removeAuthenticator(actor, pw) the current password removes the app (and its recovery codes);
 *   twoFactorStatus(actor)         whether an app is set up, and how many recovery codes are left.
 *
 * At sign-in (lib/auth/otp.ts), `checkSecondFactor` accepts the app's code (each time step once) or an
 * unused recovery code. Enrolment, removal and recovery-code use are audited and the user is told by e-mail.
 */
import { and, count, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import QRCode from 'qrcode';
import { getDb, type Queryable } from '@/db/client';
import { userAuthenticators, userRecoveryCodes, users } from '@/db/schema';
import { now } from '@/lib/clock';
import { ConflictError, ValidationError } from '@/lib/core/errors';
import type { SecurityEvent } from '@/lib/mail/kinds/security';
import { enqueueMail } from '@/lib/mail/outbox';
import type { Actor } from './actor';
import { auditAuth } from './audit';
import { TWO_FACTOR_MSG } from './messages';
import {
  checkTotp,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpAuthUri,
} from './totp';
import { verifyCurrentPassword } from '@/lib/auth/current-password';

/** A set-up not confirmed within this time must start again. */
export const ENROLMENT_TTL_MINUTES = 15;

export interface TwoFactorInitAnswer {
  /** Base32, for typing into an app that cannot scan. */
  Secret: string;
  OtpAuthUri: string;
  /** data:image/png;base64,… */
  QrCode: string;
  /** Seconds left to confirm the set-up with a code. */
  ExpiresInSeconds: number;
}

export interface TwoFactorStatus {
  enrolled: boolean;
  enrolledAt: Date | null;
  recoveryCodesLeft: number;
}

async function authenticatorOf(q: Queryable, userId: number) {
  const [row] = await q.select().from(userAuthenticators).where(eq(userAuthenticators.userId, userId)).limit(1);
  return row ?? null;
}

/** At or below this many unused recovery codes, every signed-in page says so. */
export const RECOVERY_CODES_LOW = 3;

/** Unused recovery codes: the one condition the count of codes left is made of. */
const unusedCodesOf = (userId: number | AnyPgColumn) =>
  and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt));

/**
 * As a column of a statement on `users` (the signed-in shell reads it with the user's row): the user's unused
 * recovery codes when an authenticator app is set up (confirmed), else null.
 */
export function recoveryCodesLeftOf(userId: AnyPgColumn): SQL<number | null> {
  return sql<
    number | null
  >`case when exists (select 1 from ${userAuthenticators} where ${userAuthenticators.userId} = ${userId} and ${userAuthenticators.confirmedAt} is not null) then (select count(*)::int from ${userRecoveryCodes} where ${unusedCodesOf(userId)}) end`;
}

/** The recovery codes left when they are few (≤ RECOVERY_CODES_LOW) and an app is set up (`left` not null); else null. */
export function fewRecoveryCodes(left: number | null): number | null {
  return left !== null && left <= RECOVERY_CODES_LOW ? left : null;
}

export async function twoFactorStatus(actor: Actor): Promise<TwoFactorStatus> {
  const db = await getDb();
  const row = await authenticatorOf(db, actor.userId);
  if (!row?.confirmedAt) return { enrolled: false, enrolledAt: null, recoveryCodesLeft: 0 };
  const [left] = await db.select({ n: count() }).from(userRecoveryCodes).where(unusedCodesOf(actor.userId));
  return { enrolled: true, enrolledAt: row.confirmedAt, recoveryCodesLeft: Number(left?.n ?? 0) };
}

/** A new secret for the signed-in user, pending until confirmed (replaces an earlier unconfirmed one). */
export async function startEnrolment(actor: Actor): Promise<TwoFactorInitAnswer> {
  const db = await getDb();
  const secret = newTotpSecret();
  const secretEnc = encryptSecret(actor.userId, secret);
  const t = now();
  // Insert, or replace a set-up in progress; a confirmed app is never overwritten (setWhere).
  const stored = await db
    .insert(userAuthenticators)
    .values({ userId: actor.userId, secretEnc, createdAt: t, confirmedAt: null, lastTimeStep: null })
    .onConflictDoUpdate({
      target: userAuthenticators.userId,
      set: { secretEnc, createdAt: t, lastTimeStep: null },
      setWhere: isNull(userAuthenticators.confirmedAt),
    })
    .returning({ userId: userAuthenticators.userId });
  if (!stored.length) throw new ConflictError(TWO_FACTOR_MSG.alreadyEnrolled);
  const uri = otpAuthUri(actor.userName, secret);
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { Secret: secret, OtpAuthUri: uri, QrCode: qr, ExpiresInSeconds: ENROLMENT_TTL_MINUTES * 60 };
}

export interface ConfirmedEnrolment {
  RecoveryCodes: string[];
}

/**
 * Confirms the pending set-up with a code from the app. The ten recovery codes are answered here, once:
 * only their HMACs are kept. A wrong code leaves the set-up pending (the user has the secret already, so
 * guesses here reveal nothing and do not count toward the lockout).
 */
export async function confirmEnrolment(actor: Actor, code: string): Promise<ConfirmedEnrolment> {
  const db = await getDb();
  const row = await authenticatorOf(db, actor.userId);
  if (row?.confirmedAt) throw new ConflictError(TWO_FACTOR_MSG.alreadyEnrolled);
  const t = now();
  if (!row || row.createdAt.getTime() + ENROLMENT_TTL_MINUTES * 60_000 <= t.getTime()) {
    throw new ValidationError({ Code: [TWO_FACTOR_MSG.setupExpired] }, TWO_FACTOR_MSG.setupExpired);
  }
  const secret = decryptSecret(actor.userId, row.secretEnc);
  const step = secret ? await checkTotp(secret, code.trim()) : null;
  if (step === null) throw new ValidationError({ Code: [TWO_FACTOR_MSG.codeWrong] }, TWO_FACTOR_MSG.codeWrong);
  const codes = newRecoveryCodes();
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(userAuthenticators)
      .set({ confirmedAt: t, lastTimeStep: step })
      .where(
        and(
          eq(userAuthenticators.userId, actor.userId),
          isNull(userAuthenticators.confirmedAt),
          eq(userAuthenticators.secretEnc, row.secretEnc),
        ),
      )
      .returning({ userId: userAuthenticators.userId });
    if (!claimed) return false;
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, actor.userId));
    await tx.insert(userRecoveryCodes).values(
      codes.map((c) => ({
        userId: actor.userId,
        codeHash: hashRecoveryCode(actor.userId, normaliseRecoveryCode(c) ?? c),
        createdAt: t,
      })),
    );
    await auditAuth(tx, {
      action: 'twofactor.enrolled',
      userId: actor.userId,
      clientId: actor.clientId,
      targetType: 'user',
      targetId: String(actor.userId),
    });
    await tellUser(tx, actor.userId, { event: 'app-added' });
    return true;
  });
  if (!done) throw new ValidationError({ Code: [TWO_FACTOR_MSG.setupExpired] }, TWO_FACTOR_MSG.setupExpired);
  return { RecoveryCodes: codes };
}

/**
 * Removes the app and its recovery codes; the current password is required (a wrong one counts toward the
 * lockout like any wrong password: lib/auth/current-password.ts). ValidationError on Password for a wrong
 * password; ConflictError when no app was set up (an unconfirmed set-up is still cleared).
 */
export async function removeAuthenticator(actor: Actor, password: string): Promise<void> {
  const db = await getDb();
  if (!(await verifyCurrentPassword(actor, password)))
    throw new ValidationError({ Password: [TWO_FACTOR_MSG.passwordWrong] }, TWO_FACTOR_MSG.passwordWrong);
  const removed = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(userAuthenticators)
      .where(eq(userAuthenticators.userId, actor.userId))
      .returning({ confirmedAt: userAuthenticators.confirmedAt });
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, actor.userId));
    if (!gone[0]?.confirmedAt) return false;
    await auditAuth(tx, {
      action: 'twofactor.removed',
      userId: actor.userId,
      clientId: actor.clientId,
      targetType: 'user',
      targetId: String(actor.userId),
    });
    await tellUser(tx, actor.userId, { event: 'app-removed' });
    return true;
  });
  if (!removed) throw new ConflictError(TWO_FACTOR_MSG.notEnrolled);
}

async function tellUser(q: Queryable, userId: number, what: SecurityEvent): Promise<void> {
  const [u] = await q
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) return;
  await enqueueMail(q, {
    to: u.email,
    kind: 'security',
    props: { ...what, firstName: u.firstName },
  });
}

/**
 * Where a user's second factor stood when a sign-in's code arrived, read in the same statement as the pending
 * sign-in (lib/auth/otp.ts loadChallenge): the app's secret and last accepted step, and the unused recovery codes.
 */
export const secondFactorAtArrival = {
  appSecret: userAuthenticators.secretEnc,
  appConfirmedAt: userAuthenticators.confirmedAt,
  appLastTimeStep: userAuthenticators.lastTimeStep,
  unusedRecoveryHashes: sql<
    string[] | null
  >`(select array_agg(${userRecoveryCodes.codeHash}) from ${userRecoveryCodes} where ${userRecoveryCodes.userId} = ${users.id} and ${userRecoveryCodes.usedAt} is null)`,
  usedRecoveryHashes: sql<
    string[] | null
  >`(select array_agg(${userRecoveryCodes.codeHash}) from ${userRecoveryCodes} where ${userRecoveryCodes.userId} = ${users.id} and ${userRecoveryCodes.usedAt} is not null)`,
};

export interface SecondFactorArrival {
  appSecret: string | null;
  appConfirmedAt: Date | null;
  appLastTimeStep: number | null;
  unusedRecoveryHashes: string[] | null;
  usedRecoveryHashes: string[] | null;
}

/**
 * Was the input, when it arrived, a second factor already spent: an app code of the current steps that was
 * (or an older one was) already accepted, or a recovery code already used? The person is told so,
 * not to check the time on their phone; the attempt still counts as a failed one.
 */
export async function wasSpentSecondFactor(userId: number, at: SecondFactorArrival, input: string): Promise<boolean> {
  const code = input.trim();
  if (!at.appConfirmedAt || !at.appSecret) return false;
  if (/^\d{6}$/.test(code)) {
    if (at.appLastTimeStep === null) return false;
    const secret = decryptSecret(userId, at.appSecret);
    const step = secret === null ? null : await checkTotp(secret, code);
    return step !== null && step <= at.appLastTimeStep;
  }
  const canonical = normaliseRecoveryCode(code);
  return canonical !== null && (at.usedRecoveryHashes ?? []).includes(hashRecoveryCode(userId, canonical));
}

/**
 * Was the input, when it arrived, a second factor the user could sign in with (an app code newer than the last
 * one accepted, or an unused recovery code)? Such a code that `checkSecondFactor` then refuses was claimed by a
 * parallel sign-in in between: it lost a race to its own success, which is not a failed sign-in (no lockout
 * count), as an e-mailed code that loses its race is not. A code already spent when it arrived is a replay,
 * and counts.
 */
export async function wasFreshSecondFactor(userId: number, at: SecondFactorArrival, input: string): Promise<boolean> {
  const code = input.trim();
  if (!at.appConfirmedAt || !at.appSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const secret = decryptSecret(userId, at.appSecret);
    return secret !== null && (await checkTotp(secret, code, at.appLastTimeStep)) !== null;
  }
  const canonical = normaliseRecoveryCode(code);
  return canonical !== null && (at.unusedRecoveryHashes ?? []).includes(hashRecoveryCode(userId, canonical));
}

export type SecondFactor = 'totp' | 'recovery';

/**
 * The sign-in's second factor for a user with an app: a 6-digit code of the current step (±1) newer than
 * the last one accepted, or an unused recovery code. Each is claimed by one conditional UPDATE in the
 * caller's transaction, so of two parallel uses of one code exactly one wins. Null: not accepted.
 */
export async function checkSecondFactor(
  q: Queryable,
  user: { id: number; clientId: number | null },
  input: string,
): Promise<SecondFactor | null> {
  const code = input.trim();
  const row = await authenticatorOf(q, user.id);
  if (!row?.confirmedAt) return null;
  if (/^\d{6}$/.test(code)) {
    const secret = decryptSecret(user.id, row.secretEnc);
    const step = secret ? await checkTotp(secret, code, row.lastTimeStep) : null;
    if (step === null) return null;
    const [claimed] = await q
      .update(userAuthenticators)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(userAuthenticators.userId, user.id),
          isNotNull(userAuthenticators.confirmedAt),
          or(isNull(userAuthenticators.lastTimeStep), lt(userAuthenticators.lastTimeStep, step)),
        ),
      )
      .returning({ userId: userAuthenticators.userId });
    return claimed ? 'totp' : null;
  }
  const canonical = normaliseRecoveryCode(code);
  if (!canonical) return null;
  const [used] = await q
    .update(userRecoveryCodes)
    .set({ usedAt: now() })
    .where(
      and(
        eq(userRecoveryCodes.userId, user.id),
        eq(userRecoveryCodes.codeHash, hashRecoveryCode(user.id, canonical)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  if (!used) return null;
  const [left] = await q
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, user.id), isNull(userRecoveryCodes.usedAt)));
  const remaining = Number(left?.n ?? 0);
  await auditAuth(q, {
    action: 'twofactor.recovery_used',
    userId: user.id,
    clientId: user.clientId,
    targetType: 'user',
    targetId: String(user.id),
    details: { remaining },
  });
  await tellUser(q, user.id, { event: 'recovery-used', remaining });
  return 'recovery';
}
