/**
 * Setting a password (server side): the rules of lib/auth/password-policy.ts again (a form can be
 * bypassed), then the history of the last 10, then hash, history, flags, sessions and audit, in the
 * caller's transaction. Every path that sets a password goes through setPassword: reset link,
 * forced change, settings, user administration.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { clients, passwordHistory, users } from '@/db/schema';
import { recordAudit } from '@/lib/core/audit';
import { anonymousPrincipal } from '@/lib/core/principal';
import { now } from '@/lib/clock';
import { PASSWORD_HISTORY } from '@/lib/reference';
import { hashPassword, verifyPassword } from './password';
import { passwordProblems, type PasswordContext } from './password-policy';
import { revokeUserSessions } from './session';

export type SetPasswordReason = 'reset' | 'forced' | 'settings' | 'admin' | 'created';

export interface SetPasswordOptions {
  /** Why: recorded in the audit log. */
  reason: SetPasswordReason;
  /** Who did it (an administrator, or the user); null when the user proved themselves by a reset link. */
  actorUserId?: number | null;
  /** A session that survives (the Settings page of the user changing their own password). */
  keepSessionId?: string;
  /** Also unlock the account and clear failed attempts (an administrator setting the password). */
  unlock?: boolean;
  /** Clear failed sign-in attempts without unlocking (the user proved themselves). Default true. */
  clearFailedAttempts?: boolean;
  /** Leave the user obliged to change the password at the next sign-in (an administrator's reset). */
  mustChangePassword?: boolean;
}

export type SetPasswordResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'policy'; problems: string[] }
  | { ok: false; reason: 'reused' };

/** The user's names and their client's name, which the password must not contain. */
export async function passwordContext(
  q: Queryable,
  userId: number,
): Promise<(PasswordContext & { passwordHash: string; passwordChangedAt: Date }) | null> {
  const [row] = await q
    .select({
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      passwordHash: users.passwordHash,
      passwordChangedAt: users.passwordChangedAt,
      clientName: clients.name,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** True when `plain` is the current password or one of the last PASSWORD_HISTORY ones. */
export async function isRecentPassword(
  q: Queryable,
  userId: number,
  plain: string,
  currentHash?: string,
): Promise<boolean> {
  const history = await q
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY);
  const hashes = history.map((h) => h.passwordHash);
  if (currentHash && !hashes.includes(currentHash)) hashes.unshift(currentHash);
  for (const h of hashes) {
    if (await verifyPassword(h, plain)) return true;
  }
  return false;
}

/** Keeps only the newest PASSWORD_HISTORY rows of a user's history. */
async function trimHistory(q: Queryable, userId: number): Promise<void> {
  const keep = await q
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY);
  if (keep.length < PASSWORD_HISTORY) return;
  await q.delete(passwordHistory).where(
    and(
      eq(passwordHistory.userId, userId),
      notInArray(
        passwordHistory.id,
        keep.map((k) => k.id),
      ),
    ),
  );
}

/**
 * True when `hash` is a real password hash, not the placeholder a user has before setting a password
 * (an invitation, or a user whose password is set in the same transaction): placeholders start with '!'.
 */
function isRealHash(hash: string): boolean {
  return hash !== '' && !hash.startsWith('!');
}

/**
 * Puts the password being replaced in the history when it is not there yet: a password given by the demo
 * data, a script or an import never went through setPassword, and it must count among the last 10 all the
 * same. Dated when it was set (never later than `t`, the new one's time), so it sorts before the new one.
 */
async function keepReplacedInHistory(
  q: Queryable,
  userId: number,
  current: { passwordHash: string; passwordChangedAt: Date },
  t: Date,
): Promise<void> {
  const currentHash = current.passwordHash;
  if (!isRealHash(currentHash)) return;
  const [known] = await q
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(and(eq(passwordHistory.userId, userId), eq(passwordHistory.passwordHash, currentHash)))
    .limit(1);
  if (known) return;
  const setAt = current.passwordChangedAt < t ? current.passwordChangedAt : t;
  await q.insert(passwordHistory).values({ userId, passwordHash: currentHash, createdAt: setAt });
}

/**
 * Sets a user's password, in the caller's transaction. Refuses a password that breaks the rules
 * ('policy') or is one of the last 10 ('reused'); otherwise hashes it, records it in the history
 * (with the password it replaces, when that one is missing from it; keeping 10), stamps passwordChangedAt, clears the must-change flag (unless asked to keep it),
 * clears failed attempts (and unlocks, when asked), ends the user's other sessions and writes the
 * audit row.
 */
export async function setPassword(
  q: Queryable,
  userId: number,
  plain: string,
  opts: SetPasswordOptions,
): Promise<SetPasswordResult> {
  const ctx = await passwordContext(q, userId);
  if (!ctx) return { ok: false, reason: 'not-found' };
  const problems = passwordProblems(plain, ctx);
  if (problems.length) return { ok: false, reason: 'policy', problems };
  if (opts.reason !== 'created' && (await isRecentPassword(q, userId, plain, ctx.passwordHash)))
    return { ok: false, reason: 'reused' };

  const hash = await hashPassword(plain);
  const t = now();
  await keepReplacedInHistory(q, userId, ctx, t);
  const clear = opts.unlock || opts.clearFailedAttempts !== false;
  const [updated] = await q
    .update(users)
    .set({
      passwordHash: hash,
      passwordChangedAt: t,
      mustChangePassword: opts.mustChangePassword ?? false,
      ...(clear ? { failedLoginAttempts: 0 } : {}),
      ...(opts.unlock ? { isLocked: false, lockedAt: null } : {}),
      updatedAt: t,
      ...(opts.actorUserId ? { updatedById: opts.actorUserId } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ clientId: users.clientId });
  if (!updated) return { ok: false, reason: 'not-found' };
  await q.insert(passwordHistory).values({ userId, passwordHash: hash, createdAt: t });
  await trimHistory(q, userId);
  await revokeUserSessions(q, userId, opts.keepSessionId);
  await recordAudit(q, anonymousPrincipal(), {
    actorUserId: opts.actorUserId ?? null,
    clientId: updated.clientId,
    action: 'password.changed',
    targetType: 'user',
    targetId: String(userId),
    details: {
      reason: opts.reason,
      unlocked: Boolean(opts.unlock),
      mustChangePassword: opts.mustChangePassword ?? false,
    },
  });
  return { ok: true };
}
