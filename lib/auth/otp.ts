/**
 * The e-mailed one-time passcode of the sign-in (spec §4): 6 random digits (crypto.randomInt),
 * stored only as an HMAC, tied to its pending sign-in (the challenge id), single use, expiring at
 * the server-given time. About five wrong guesses void it; every wrong guess also counts toward
 * the account lockout. A resend voids the code it replaces and sends a new one valid 60 seconds.
 *
 * For a user with an authenticator app the pending sign-in has method 'app' and no code: the app's code or a
 * recovery code answers it (lib/auth/two-factor.ts checkSecondFactor), with the same lifetime, guess limit and
 * counting. Its "resend" is "send a code by e-mail instead".
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { sessions, signInOtps, userAuthenticators, users } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { auditAuth } from './audit';
import { userMaySignIn } from './client-active';
import { attemptsLeft, clearFailures, recordFailure } from './lockout';
import { createSession } from './session';
import {
  checkSecondFactor,
  secondFactorAtArrival,
  wasFreshSecondFactor,
  wasSpentSecondFactor,
  type SecondFactor,
} from './two-factor';

export const OTP_MAX_GUESSES = 5;
/** Spec §4: after a resend the remaining time is 60 seconds. */
export const RESEND_TTL_SECONDS = 60;
/** A resend sooner than this after the code it replaces answers 'Please try after some time.'. */
export const RESEND_MIN_INTERVAL_SECONDS = 10;
/** At most this many codes for one user within RESEND_WINDOW_MINUTES may come from resends. */
export const RESEND_MAX_CODES = 10;
export const RESEND_WINDOW_MINUTES = 15;
/** A pending sign-in older than this must start again with the password. */
export const PENDING_SIGNIN_MAX_MINUTES = 30;
export { OTP_SUBJECT_PREFIX } from '@/lib/mail/kinds/otp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OtpUser {
  id: number;
  clientId: number | null;
  userName: string;
  email: string;
  firstName: string;
}

export type OtpMethod = 'email' | 'app';

export interface IssuedOtp {
  challengeId: string;
  /** 'email': a code was sent; 'app': the authenticator app (or a recovery code) answers. */
  method: OtpMethod;
  /** Shown in the OTP dialog and the e-mail subject, so the user can tell which e-mail is current. */
  reference: string;
  expiresAt: Date;
  expiresInSeconds: number;
}

export function otpReference(challengeId: string): string {
  return challengeId.replace(/-/g, '').slice(0, 6).toUpperCase();
}

function hashOtp(challengeId: string, code: string): string {
  return createHmac('sha256', config().authSecret).update(`otp:${challengeId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "5 minutes", "1 minute", "1 minute 30 seconds". */
export function describeSeconds(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  const parts = [m ? `${m} minute${m === 1 ? '' : 's'}` : '', s ? `${s} second${s === 1 ? '' : 's'}` : ''].filter(
    Boolean,
  );
  return parts.join(' ') || '0 seconds';
}

/**
 * A pending sign-in answered by the user's authenticator app: nothing is sent. Same lifetime and the same
 * guess limit as an e-mailed code.
 */
export async function issueAppChallenge(q: Queryable, user: { id: number }, ttlSeconds: number): Promise<IssuedOtp> {
  const t = now();
  const challengeId = randomUUID();
  const expiresAt = new Date(t.getTime() + ttlSeconds * 1000);
  await q
    .insert(signInOtps)
    .values({ id: challengeId, userId: user.id, codeHash: null, method: 'app', expiresAt, createdAt: t });
  return { challengeId, method: 'app', reference: otpReference(challengeId), expiresAt, expiresInSeconds: ttlSeconds };
}

/** Creates a challenge and e-mails its code through the outbox, in the caller's transaction. */
export async function issueOtp(
  q: Queryable,
  user: OtpUser,
  ttlSeconds: number,
  failedAttempts = 0,
): Promise<IssuedOtp> {
  const t = now();
  const challengeId = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(t.getTime() + ttlSeconds * 1000);
  await q.insert(signInOtps).values({
    id: challengeId,
    userId: user.id,
    codeHash: hashOtp(challengeId, code),
    method: 'email',
    expiresAt,
    failedAttempts,
    createdAt: t,
  });
  const reference = otpReference(challengeId);
  await enqueueMail(q, {
    to: user.email,
    kind: 'otp',
    props: {
      firstName: user.firstName,
      userName: user.userName,
      code,
      reference,
      validFor: describeSeconds(ttlSeconds),
    },
  });
  return { challengeId, method: 'email', reference, expiresAt, expiresInSeconds: ttlSeconds };
}

export type OtpVerifyResult =
  | {
      status: 'success';
      user: { id: number; userName: string; role: number; clientId: number | null };
      sessionId: string;
      session: { id: string; userId: number; expiresAt: Date };
    }
  /** `spent`: the authenticator app's code (or the recovery code) was right but already used. */
  | { status: 'invalid'; failedAttempts: number; attemptsLeft: number; spent?: true }
  | { status: 'expired' }
  | { status: 'locked' };

async function loadChallenge(q: Queryable, challengeId: string) {
  const [row] = await q
    .select({
      id: signInOtps.id,
      codeHash: signInOtps.codeHash,
      method: signInOtps.method,
      failedAttempts: signInOtps.failedAttempts,
      expiresAt: signInOtps.expiresAt,
      consumedAt: signInOtps.consumedAt,
      voidedAt: signInOtps.voidedAt,
      createdAt: signInOtps.createdAt,
      userId: users.id,
      clientId: users.clientId,
      userName: users.userName,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
      isActive: userMaySignIn,
      isLocked: users.isLocked,
      failedSignIns: users.failedLoginAttempts,
      ...secondFactorAtArrival,
    })
    .from(signInOtps)
    .innerJoin(users, eq(users.id, signInOtps.userId))
    .leftJoin(userAuthenticators, eq(userAuthenticators.userId, users.id))
    .where(eq(signInOtps.id, challengeId))
    .limit(1);
  return row;
}

/** Thrown inside the claiming transaction when the app's code is not accepted: rolls the claim back. */
class NotAccepted extends Error {}

/** How soon after its own success a spent app or recovery code still counts as a race it lost, not a replay. */
const RACE_WINDOW_MS = 10_000;

/**
 * Did the user sign in (a session opened) while this sign-in was pending, within the race window? Then a spent
 * code presented now was spent by that sign-in: a parallel submission (a double click, a second tab, a caller
 * sending the credential triple many times at once) that read the code after its twin had already used it. It
 * lost the race as surely as one refused by the claim itself. `pendingSince` is when the sign-in started: the
 * password step's pending sign-in, or the arrival of the request that brought the password and the code together.
 */
async function signedInWhilePending(q: Queryable, userId: number, pendingSince: Date, at: Date): Promise<boolean> {
  const windowStart = new Date(at.getTime() - RACE_WINDOW_MS);
  const [row] = await q
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.createdAt, pendingSince), gt(sessions.createdAt, windowStart)))
    .limit(1);
  return Boolean(row);
}

export interface VerifyOtpOptions {
  /**
   * When the request carrying the code arrived, if that is before its pending sign-in was made (the credential
   * triple makes one after checking the password): a sign-in that succeeded since then won a race this one lost.
   */
  arrivedAt?: Date;
}

/**
 * The answer to a right app or recovery code that a parallel sign-in used first: refused, said to be used, and not
 * a failed sign-in (the account's count stays as it was).
 */
function raceLost(failedSignIns: number): OtpVerifyResult {
  return { status: 'invalid', failedAttempts: failedSignIns, attemptsLeft: attemptsLeft(failedSignIns), spent: true };
}

/** Checks a code; the one right answer claims the challenge and opens the session. */
export async function verifyOtp(
  challengeId: string,
  code: string,
  opts: VerifyOtpOptions = {},
): Promise<OtpVerifyResult> {
  if (!UUID.test(challengeId)) return { status: 'expired' };
  const db = await getDb();
  const row = await loadChallenge(db, challengeId);
  if (!row || !row.isActive) return { status: 'expired' };
  if (row.isLocked) return { status: 'locked' };
  const t = now();
  if (row.consumedAt || row.voidedAt || row.expiresAt.getTime() <= t.getTime()) return { status: 'expired' };
  const user = { id: row.userId, clientId: row.clientId };
  const claim = async (tx: Queryable, factor: () => Promise<SecondFactor | 'otp' | null>): Promise<OtpVerifyResult> => {
    const [claimed] = await tx
      .update(signInOtps)
      .set({ consumedAt: t })
      .where(
        and(
          eq(signInOtps.id, challengeId),
          isNull(signInOtps.consumedAt),
          isNull(signInOtps.voidedAt),
          gt(signInOtps.expiresAt, t),
        ),
      )
      .returning({ id: signInOtps.id });
    if (!claimed) return { status: 'expired' } as const;
    const method = await factor();
    if (!method) throw new NotAccepted();
    await clearFailures(tx, row.userId);
    const session = await createSession(tx, row.userId, 'password');
    await auditAuth(tx, {
      action: 'signin.success',
      userId: row.userId,
      clientId: row.clientId,
      targetType: 'session',
      targetId: session.id,
      details: { method: `password+${method}` },
    });
    return {
      status: 'success',
      user: { id: row.userId, userName: row.userName, role: row.role, clientId: row.clientId },
      sessionId: session.id,
      session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt },
    } as const;
  };

  if (row.method === 'app') {
    // The app's code (each time step once) or a recovery code, claimed together with the challenge.
    try {
      return await db.transaction((tx) => claim(tx, () => checkSecondFactor(tx, user, code)));
    } catch (e) {
      if (!(e instanceof NotAccepted)) throw e;
    }
    // A code that was good when it arrived lost the race to a parallel sign-in with the same code (its own
    // success): refused, and not a failed sign-in, like an e-mailed code whose challenge was claimed first.
    if (await wasFreshSecondFactor(row.userId, row, code)) return raceLost(row.failedSignIns);
  } else if (row.codeHash && /^\d{6}$/.test(code) && sameHash(row.codeHash, hashOtp(challengeId, code))) {
    return db.transaction((tx) => claim(tx, async () => 'otp'));
  }

  const spent = row.method === 'app' && (await wasSpentSecondFactor(row.userId, row, code));
  // Spent by a sign-in that succeeded while this one was pending, moments ago: the same race, lost a little later
  // (this request read the code after its twin's commit). Refused, and not a failed sign-in either.
  const pendingSince = opts.arrivedAt && opts.arrivedAt < row.createdAt ? opts.arrivedAt : row.createdAt;
  if (spent && (await signedInWhilePending(db, row.userId, pendingSince, t))) return raceLost(row.failedSignIns);
  return db.transaction(async (tx) => {
    const guesses = sql`${signInOtps.failedAttempts} + 1`;
    const [counted] = await tx
      .update(signInOtps)
      .set({
        failedAttempts: guesses,
        voidedAt: sql`case when ${guesses} >= ${OTP_MAX_GUESSES} then ${t.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(signInOtps.id, challengeId), isNull(signInOtps.consumedAt), isNull(signInOtps.voidedAt)))
      .returning({ id: signInOtps.id });
    if (!counted) return { status: 'expired' } as const;
    const state = await recordFailure(tx, { user }, 'otp');
    if (state.locked) return { status: 'locked' } as const;
    return {
      status: 'invalid',
      failedAttempts: state.failed,
      attemptsLeft: attemptsLeft(state.failed),
      ...(spent ? { spent: true as const } : {}),
    };
  });
}

export type OtpResendResult =
  ({ status: 'sent' } & IssuedOtp) | { status: 'try-later' } | { status: 'expired' } | { status: 'locked' };

/**
 * Replaces a pending sign-in's code with a new one (valid 60 seconds), voiding the old one. The
 * challenge row is locked first, so of two parallel resends one sends and the other is told to wait.
 */
export async function resendOtp(challengeId: string): Promise<OtpResendResult> {
  if (!UUID.test(challengeId)) return { status: 'expired' };
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: signInOtps.id }).from(signInOtps).where(eq(signInOtps.id, challengeId)).for('update');
    const row = await loadChallenge(tx, challengeId);
    const t = now();
    if (!row || !row.isActive || row.consumedAt) return { status: 'expired' } as const;
    if (row.isLocked) return { status: 'locked' } as const;
    if (t.getTime() - row.createdAt.getTime() > PENDING_SIGNIN_MAX_MINUTES * 60_000)
      return { status: 'expired' } as const;
    const since = new Date(t.getTime() - RESEND_WINDOW_MINUTES * 60_000);
    // Only e-mailed codes count. "Send a code by e-mail instead" (from the app's pending sign-in, once per
    // sign-in: that sign-in is void after it) is the first code of its sign-in, so the 10-second spacing of
    // resends does not apply to it; the limit of codes per 15 minutes does.
    const [recent] = await tx
      .select({ n: count(), latest: max(signInOtps.createdAt) })
      .from(signInOtps)
      .where(and(eq(signInOtps.userId, row.userId), eq(signInOtps.method, 'email'), gt(signInOtps.createdAt, since)));
    const fromApp = row.method === 'app';
    if (fromApp && row.voidedAt) return { status: 'expired' } as const;
    const latest = recent?.latest ? new Date(recent.latest).getTime() : row.createdAt.getTime();
    if (!fromApp && t.getTime() - latest < RESEND_MIN_INTERVAL_SECONDS * 1000) return { status: 'try-later' } as const;
    if (Number(recent?.n ?? 0) >= RESEND_MAX_CODES) return { status: 'try-later' } as const;
    await tx
      .update(signInOtps)
      .set({ voidedAt: sql`coalesce(${signInOtps.voidedAt}, ${t.toISOString()}::timestamptz)` })
      .where(eq(signInOtps.id, challengeId));
    // From the app to e-mail, the first e-mailed code lives as long as any first code, and the guesses
    // made on the app's challenge still count against the new one.
    const recipient = {
      id: row.userId,
      clientId: row.clientId,
      userName: row.userName,
      email: row.email,
      firstName: row.firstName,
    };
    const issued = fromApp
      ? await issueOtp(tx, recipient, config().OTP_TTL_SECONDS, row.failedAttempts)
      : await issueOtp(tx, recipient, RESEND_TTL_SECONDS);
    await auditAuth(tx, {
      action: 'signin.otp_resent',
      userId: row.userId,
      clientId: row.clientId,
      targetType: 'user',
      targetId: String(row.userId),
      details: { reference: issued.reference, ...(fromApp ? { from: 'app' } : {}) },
    });
    return { status: 'sent', ...issued } as const;
  });
}

/**
 * The pending sign-in of a user for a caller that names none (the credential triple, ResendOTP with
 * UserName and Password): the newest challenge started within PENDING_SIGNIN_MAX_MINUTES, unless it was used.
 * It may have expired or been voided: verifying or resending it then answers as it would by its id.
 */
export async function latestPendingChallenge(
  q: Queryable,
  userId: number,
): Promise<{ id: string; method: OtpMethod; usable: boolean } | null> {
  const t = now();
  const since = new Date(t.getTime() - PENDING_SIGNIN_MAX_MINUTES * 60_000);
  const [row] = await q
    .select({
      id: signInOtps.id,
      method: signInOtps.method,
      voidedAt: signInOtps.voidedAt,
      consumedAt: signInOtps.consumedAt,
      expiresAt: signInOtps.expiresAt,
    })
    .from(signInOtps)
    .where(and(eq(signInOtps.userId, userId), gt(signInOtps.createdAt, since)))
    .orderBy(desc(signInOtps.createdAt))
    .limit(1);
  if (!row || row.consumedAt) return null;
  return {
    id: row.id,
    method: row.method === 'app' ? 'app' : 'email',
    usable: !row.voidedAt && row.expiresAt.getTime() > t.getTime(),
  };
}
