/**
 * Password-reset tokens (spec §4 "Forgot and reset password", §2 /ResetNewPassword and /ResetPassword).
 *
 * A token is 256 random bits (base64url), e-mailed or put in the forced-change redirect, and stored
 * only as its SHA-256 hash. It is single-use (claimed by one conditional UPDATE, so of two parallel
 * redemptions exactly one wins), only the newest token of a user works (issuing voids the others),
 * and it expires after RESET_TOKEN_TTL_MINUTES. Redeeming it sets the password through setPassword,
 * which ends the user's sessions; it never signs anyone in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { recordAudit } from '@/lib/core/audit';
import { anonymousPrincipal } from '@/lib/core/principal';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { PASSWORD_PAIR_SCHEMA } from './password-policy';
import { setPassword } from './set-password';

/** forgot: the e-mailed reset link; forced: the first-time or expired change; invite: a new client administrator's link. */
export type ResetPurpose = 'forgot' | 'forced' | 'invite';
export type ResetTokenState = 'valid' | 'expired' | 'invalid';

export type ResetResult =
  | { status: 'done'; userId: number }
  | { status: 'reused' }
  | { status: 'policy'; fields: Record<string, string[]> }
  | { status: 'expired' }
  | { status: 'invalid' }
  /** The account is locked or inactive: the user must contact their administrator. */
  | { status: 'failed' };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Issues a reset token for a user, in the caller's transaction, voiding every earlier open token of
 * that user. Returns the token (shown once: put it in the link, never store it).
 */
export async function issueResetToken(
  q: Queryable,
  userId: number,
  purpose: ResetPurpose,
  ttlMinutes: number = config().RESET_TOKEN_TTL_MINUTES,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const t = now();
  await q
    .update(passwordResetTokens)
    .set({ voidedAt: t })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        isNull(passwordResetTokens.voidedAt),
      ),
    );
  await q.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(t.getTime() + ttlMinutes * 60_000),
    createdAt: t,
  });
  const [u] = await q.select({ clientId: users.clientId }).from(users).where(eq(users.id, userId)).limit(1);
  await recordAudit(q, anonymousPrincipal(), {
    actorUserId: null,
    clientId: u?.clientId ?? null,
    action: 'password.reset_token_issued',
    targetType: 'user',
    targetId: String(userId),
    details: { purpose, ttlMinutes },
  });
  return token;
}

/**
 * The state of a token: 'valid'; 'expired' once past its time, used, or replaced by a newer one
 * (the user sees "link has been expired" and asks for a new one); 'invalid' when it is not ours.
 */
async function tokenState(q: Queryable, token: string): Promise<{ state: ResetTokenState; userId?: number }> {
  if (!TOKEN_SHAPE.test(token)) return { state: 'invalid' };
  const [row] = await q
    .select({
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
      voidedAt: passwordResetTokens.voidedAt,
      isActive: users.isActive,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, hashResetToken(token)))
    .limit(1);
  if (!row || !row.isActive) return { state: 'invalid' };
  if (row.usedAt || row.voidedAt || row.expiresAt.getTime() <= now().getTime())
    return { state: 'expired', userId: row.userId };
  return { state: 'valid', userId: row.userId };
}

export async function checkResetToken(token: string): Promise<ResetTokenState> {
  return (await tokenState(await getDb(), token)).state;
}

class Abort extends Error {
  constructor(public readonly result: ResetResult) {
    super('reset aborted');
  }
}

/**
 * Sets a new password with a token: claims the token (single use), refuses a locked or inactive
 * account, applies the password rules and the history of 10 (a refused password leaves the token
 * usable), ends the user's sessions. Does not sign in.
 */
export async function resetPasswordWithToken(
  token: string,
  newPassword: string,
  confirm: string,
): Promise<ResetResult> {
  const pair = PASSWORD_PAIR_SCHEMA.safeParse({ NewPassword: newPassword, ConfirmPassword: confirm });
  if (!pair.success) {
    const fields: Record<string, string[]> = {};
    for (const i of pair.error.issues) (fields[i.path.map(String).join('.')] ??= []).push(i.message);
    // Say first whether the link itself still works: a dead link makes the form pointless.
    const state = await checkResetToken(token);
    return state === 'valid' ? { status: 'policy', fields } : { status: state };
  }
  if (!TOKEN_SHAPE.test(token)) return { status: 'invalid' };
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const t = now();
      const [claimed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: t })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashResetToken(token)),
            isNull(passwordResetTokens.usedAt),
            isNull(passwordResetTokens.voidedAt),
            gt(passwordResetTokens.expiresAt, t),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!claimed) {
        const { state } = await tokenState(tx, token);
        throw new Abort({ status: state === 'valid' ? 'expired' : state });
      }
      const [user] = await tx
        .select({ isActive: users.isActive, isLocked: users.isLocked })
        .from(users)
        .where(eq(users.id, claimed.userId))
        .limit(1);
      if (!user || !user.isActive) throw new Abort({ status: 'invalid' });
      if (user.isLocked) throw new Abort({ status: 'failed' });
      const r = await setPassword(tx, claimed.userId, pair.data.NewPassword, { reason: 'reset', actorUserId: null });
      if (!r.ok) {
        if (r.reason === 'reused') throw new Abort({ status: 'reused' });
        if (r.reason === 'policy') throw new Abort({ status: 'policy', fields: { NewPassword: r.problems } });
        throw new Abort({ status: 'invalid' });
      }
      return { status: 'done', userId: claimed.userId } as const;
    });
  } catch (e) {
    if (e instanceof Abort) return e.result;
    throw e;
  }
}
