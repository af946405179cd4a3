/**
 * A user's own open sessions (Settings "Sessions"): where each was opened (device, browser, IP),
 * when it was last used, and signing any of them out. Only the signed-in user's own sessions: an id of
 * another user's session answers like a missing one.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { clientSecurityPolicies, sessions, users } from '@/db/schema';
import { describeUserAgent } from '@/lib/audit/log';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { now } from '@/lib/clock';
import { ConflictError, NotFoundError } from '@/lib/core/errors';
import type { Actor } from './actor';
import { idleMinutes, revokeSession } from './session';

export interface SessionView {
  id: string;
  current: boolean;
  device: string;
  browser: string;
  ip: string;
  method: string;
  createdAt: Date;
  lastSeenAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actor's sessions that still work (not revoked, not expired, not idle too long), most recently used first. */
export async function listMySessions(actor: Actor): Promise<SessionView[]> {
  const db = await getDb();
  const t = now();
  const rows = await db
    .select({
      id: sessions.id,
      method: sessions.method,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      firmIdle: clientSecurityPolicies.idleTimeoutMinutes,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clientSecurityPolicies, eq(clientSecurityPolicies.clientId, users.clientId))
    .where(and(eq(sessions.userId, actor.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, t)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows
    .filter((r) => r.lastSeenAt.getTime() + idleMinutes(r.firmIdle) * 60_000 > t.getTime())
    .map((r) => {
      const ua = describeUserAgent(r.userAgent);
      return {
        id: r.id,
        current: r.id === actor.sessionId,
        device: ua.os ?? (r.userAgent ? 'Unknown device' : 'API client'),
        browser: ua.browser ?? (r.userAgent ? 'Unknown browser' : '—'),
        ip: r.ip ?? '',
        method: r.method === 'sso' ? 'Single sign-on' : 'Password and passcode',
        createdAt: r.createdAt,
        lastSeenAt: r.lastSeenAt,
      };
    });
}

export const SESSION_LIST_MSG = {
  alreadyEnded: 'That session has already ended.',
  current: 'This is the session you are using: sign out instead.',
} as const;

/**
 * Signs out one of the actor's own other sessions (the current one signs out through /SignOut). NotFoundError
 * for a session that is not the actor's or has ended; ConflictError for the current one.
 */
export async function signOutMySession(actor: Actor, sessionId: string): Promise<void> {
  if (!UUID.test(sessionId)) throw new NotFoundError(SESSION_LIST_MSG.alreadyEnded);
  if (sessionId === actor.sessionId) throw new ConflictError(SESSION_LIST_MSG.current);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [s] = await tx
      .select({ id: sessions.id, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId), isNull(sessions.revokedAt)))
      .for('update')
      .limit(1);
    if (!s) throw new NotFoundError(SESSION_LIST_MSG.alreadyEnded);
    await revokeSession(tx, s.id);
    const ua = describeUserAgent(s.userAgent);
    await recordAudit(tx, userPrincipal(actor), {
      action: 'session.revoked',
      clientId: actor.clientId,
      targetType: 'user',
      targetId: String(actor.userId),
      details: { browser: [ua.browser, ua.os ? `on ${ua.os}` : null].filter(Boolean).join(' ') || null },
    });
  });
}
