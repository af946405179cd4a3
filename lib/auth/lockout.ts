/**
 * Failed sign-in attempts, counted per account in the database (not in the browser): wrong
 * passwords and wrong OTPs both count (e-mailed, authenticator-app and recovery codes). A right code that loses
 * a race to its own success (a parallel sign-in claimed it first) is refused but not counted (lib/auth/otp.ts);
 * a spent code sent again later is a replay and counts. At LOGIN_ATTEMPT_LIMIT the account is locked until an
 * administrator unlocks it. A user name that belongs to no active account is counted too (audit
 * rows keyed by an HMAC of the name, over a 24-hour window), so it answers exactly like a real
 * account: the same attempts-left, the same captcha, the same blocked notice.
 */
import { createHmac } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { auditLog, users } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { countSignInFailure } from '@/lib/telemetry';
import { auditAuth } from './audit';

export const UNKNOWN_NAME_WINDOW_MS = 24 * 3_600_000;

export interface AttemptState {
  failed: number;
  locked: boolean;
}

export interface CountedUser {
  id: number;
  clientId: number | null;
}

/** A stable, non-reversible key for a user name (case-insensitive). */
export function nameKey(userName: string): string {
  return createHmac('sha256', config().authSecret)
    .update(`signin-name:${userName.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 40);
}

export function attemptsLeft(failed: number): number {
  return Math.max(0, config().LOGIN_ATTEMPT_LIMIT - failed);
}

export function captchaNeeded(failed: number): boolean {
  return failed >= config().CAPTCHA_AFTER_FAILURES;
}

/** Failures recorded for a name that is not an active account, within the window. */
export async function unknownNameFailures(q: Queryable, key: string): Promise<number> {
  const since = new Date(now().getTime() - UNKNOWN_NAME_WINDOW_MS);
  const [row] = await q
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        isNull(auditLog.clientId),
        eq(auditLog.action, 'signin.failed'),
        eq(auditLog.targetType, 'user_name'),
        eq(auditLog.targetId, key),
        gt(auditLog.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Counts one failure against an account (atomically; locks it at the limit) or an unknown name. */
export async function recordFailure(
  q: Queryable,
  target: { user: CountedUser } | { key: string },
  reason: 'password' | 'otp',
): Promise<AttemptState> {
  const limit = config().LOGIN_ATTEMPT_LIMIT;
  const t = now();
  if ('key' in target) {
    await auditAuth(q, { action: 'signin.failed', targetType: 'user_name', targetId: target.key, details: { reason } });
    const failed = await unknownNameFailures(q, target.key);
    countSignInFailure(reason, failed >= limit);
    return { failed, locked: failed >= limit };
  }
  const next = sql`${users.failedLoginAttempts} + 1`;
  const [row] = await q
    .update(users)
    .set({
      failedLoginAttempts: next,
      isLocked: sql`${users.isLocked} or ${next} >= ${limit}`,
      lockedAt: sql`case when not ${users.isLocked} and ${next} >= ${limit} then ${t.toISOString()}::timestamptz else ${users.lockedAt} end`,
    })
    .where(eq(users.id, target.user.id))
    .returning({ failed: users.failedLoginAttempts, locked: users.isLocked });
  const state = { failed: row?.failed ?? limit, locked: row?.locked ?? true };
  countSignInFailure(reason, state.locked);
  await auditAuth(q, {
    action: state.locked ? 'signin.locked' : 'signin.failed',
    userId: target.user.id,
    clientId: target.user.clientId,
    targetType: 'user',
    targetId: String(target.user.id),
    details: { reason, failed: state.failed },
  });
  return state;
}

/** A full sign-in succeeded: the count starts again. */
export async function clearFailures(q: Queryable, userId: number): Promise<void> {
  await q.update(users).set({ failedLoginAttempts: 0 }).where(eq(users.id, userId));
}
