/**
 * A client administrator's controls over a user's access: unlock a locked account (the failure
 * count starts again, the user is told by e-mail) and sign a user out everywhere (every open session ends at
 * once, on every instance). Own client only: another client's user answers like a missing one. Audited.
 * Refusals are domain errors (404, 409) in the words the list shows (ACCESS_MSG).
 */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { sessions, users } from '@/db/schema';
import { tenantScope } from '@/lib/core/tenancy';
import { authorize } from '@/lib/core/authorize';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import type { Actor } from '@/lib/auth/actor';
import { revokeUserSessions } from '@/lib/auth/session';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { ConflictError, NotFoundError } from '@/lib/core/errors';
import { enqueueMail } from '@/lib/mail/outbox';
import { userPolicy } from '@/lib/core/user-policy';
import { ACCESS_MSG } from './schema';

export { UNLOCK_MAIL_SUBJECT } from '@/lib/mail/kinds/account-unlocked';

/**
 * Unlocks a locked, active user of the actor's client: failures reset, the user e-mailed, the unlock audited.
 * NotFoundError for no such user of the firm, ConflictError when the account is not locked.
 */
export async function unlockUser(actor: Actor, userId: number): Promise<{ userId: number }> {
  const a = authorize(actor, 'manage', userPolicy);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isLocked: users.isLocked,
      })
      .from(users)
      .where(and(eq(users.id, userId), tenantScope(users.clientId, a), eq(users.isActive, true)))
      .for('update')
      .limit(1);
    if (!u) throw new NotFoundError(ACCESS_MSG.unlockFailed);
    if (!u.isLocked) throw new ConflictError(ACCESS_MSG.notLocked);
    const t = now();
    await tx
      .update(users)
      .set({ isLocked: false, lockedAt: null, failedLoginAttempts: 0, updatedAt: t, updatedById: a.userId })
      .where(eq(users.id, u.id));
    await enqueueMail(tx, {
      to: u.email,
      kind: 'account-unlocked',
      props: {
        name: `${u.firstName} ${u.lastName}`,
        userName: u.userName,
        unlockedBy: a.userName,
        signInUrl: `${config().appUrl}/SignIn`,
      },
    });
    await recordAudit(tx, userPrincipal(a), {
      action: 'user.unlocked',
      clientId: a.clientId,
      targetType: 'user',
      targetId: String(u.id),
      details: { userName: u.userName },
    });
    return { userId: u.id };
  });
}

/**
 * Ends every open session of an active user of the actor's client. The administrator's own current session
 * survives when it signs itself out everywhere else. Answers how many sessions ended; NotFoundError for no such
 * user of the firm.
 */
export async function signOutUserEverywhere(actor: Actor, userId: number): Promise<{ sessions: number }> {
  const a = authorize(actor, 'manage', userPolicy);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(and(eq(users.id, userId), tenantScope(users.clientId, a), eq(users.isActive, true)))
      .for('update')
      .limit(1);
    if (!u) throw new NotFoundError(ACCESS_MSG.signOutFailed);
    const keep = u.id === a.userId ? a.sessionId : undefined;
    const [open] = await tx
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now())));
    const n = Math.max(0, Number(open?.n ?? 0) - (keep ? 1 : 0));
    await revokeUserSessions(tx, u.id, keep);
    await recordAudit(tx, userPrincipal(a), {
      action: 'session.revoked_all',
      clientId: a.clientId,
      targetType: 'user',
      targetId: String(u.id),
      details: { userName: u.userName, sessions: n },
    });
    return { sessions: n };
  });
}
