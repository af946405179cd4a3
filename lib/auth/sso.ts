/**
 * Single sign-on over OpenID Connect (spec §1, §2 /Authentication?sso / type 12): the identity
 * provider's verified e-mail is matched, case-insensitively, to exactly one active, unlocked
 * portal user; anything else fails to /AuthenticationError. A matched user gets a fresh session
 * (method 'sso'); the OTP step is the identity provider's business.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { log } from '@/lib/log';
import { auditAuth } from './audit';
import { userMaySignIn } from './client-active';
import { createSession } from './session';

export interface SsoUser {
  id: number;
  userName: string;
  email: string;
  role: number;
  clientId: number | null;
}

export type SsoMatch =
  | { ok: true; user: SsoUser }
  | { ok: false; reason: 'no-email' | 'unverified' | 'unknown' | 'ambiguous' | 'inactive' | 'locked' };

export async function matchSsoUser(email: unknown, emailVerified: unknown): Promise<SsoMatch> {
  if (typeof email !== 'string' || email.trim() === '' || email.length > 320) return { ok: false, reason: 'no-email' };
  if (emailVerified === false) return { ok: false, reason: 'unverified' };
  const db = await getDb();
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      role: users.role,
      clientId: users.clientId,
      isActive: userMaySignIn,
      isLocked: users.isLocked,
    })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase())))
    .limit(5);
  const active = rows.filter((r) => r.isActive);
  if (active.length === 0) return { ok: false, reason: rows.length ? 'inactive' : 'unknown' };
  if (active.length > 1) return { ok: false, reason: 'ambiguous' };
  const [u] = active;
  if (!u) return { ok: false, reason: 'unknown' };
  if (u.isLocked) return { ok: false, reason: 'locked' };
  return { ok: true, user: { id: u.id, userName: u.userName, email: u.email, role: u.role, clientId: u.clientId } };
}

/** Opens the session of a matched SSO user. */
export async function openSsoSession(user: SsoUser): Promise<{ sessionId: string; role: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const session = await createSession(tx, user.id, 'sso');
    await auditAuth(tx, {
      action: 'signin.sso',
      userId: user.id,
      clientId: user.clientId,
      targetType: 'session',
      targetId: session.id,
    });
    return { sessionId: session.id, role: user.role };
  });
}

/** Records a failed SSO (an unmatched account, a missing token reported by the browser...). */
export async function recordSsoFailure(reason: string, details: Record<string, unknown> = {}): Promise<void> {
  const clipped = reason.slice(0, 500);
  log().warn({ sso: { reason: clipped, ...details } }, 'single sign-on failed');
  const db = await getDb();
  await auditAuth(db, { action: 'signin.sso_failed', targetType: 'user', details: { reason: clipped, ...details } });
}
