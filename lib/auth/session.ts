/**
 * Server-side sessions. The web cookie (next-auth JWT carrying `sid`) and the legacy bearer
 * jwtToken both name a row of `sessions`; revoking the row (sign-out, deactivation, password
 * change) ends the session on every instance at once.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { getDb, type Db, type Queryable } from '@/db/client';
import { clientSecurityPolicies, sessions, userAuthenticators, users } from '@/db/schema';
import { actorFromUser, requestMeta, type RequestMeta } from '@/lib/core/principal';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { preparedFor } from '@/lib/lists/prepared';
import type { Actor } from './actor';
import { userMaySignIn } from './client-active';

const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  q: Queryable,
  userId: number,
  method: 'password' | 'sso' = 'password',
  meta?: RequestMeta,
) {
  const c = config();
  const t = now();
  const expiresAt = new Date(t.getTime() + c.SESSION_ABSOLUTE_HOURS * 3_600_000);
  const from = meta ?? (await requestMeta());
  const [row] = await q
    .insert(sessions)
    .values({ userId, method, createdAt: t, lastSeenAt: t, expiresAt, ip: from.ip, userAgent: from.userAgent })
    .returning();
  if (!row) throw new Error('session not created');
  return row;
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user (deactivation, password change, reset), optionally but one. */
export async function revokeUserSessions(q: Queryable, userId: number, exceptSessionId?: string): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** The idle timeout that applies: the firm's when it set one shorter than the portal's. */
export function idleMinutes(firmIdleMinutes: number | null | undefined): number {
  const portal = config().SESSION_IDLE_MINUTES;
  return firmIdleMinutes && firmIdleMinutes > 0 ? Math.min(firmIdleMinutes, portal) : portal;
}

/** The idle time-out of a session and how much of it is left, for the warning shown before it ends. */
export interface SessionTiming {
  idleMinutes: number;
  /** Milliseconds until the session ends if nothing more happens (idle time-out or absolute expiry, the sooner). */
  remainingMs: number;
}

async function timingOf(q: Queryable, sessionId: string): Promise<SessionTiming | null> {
  const [row] = await q
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      firmIdleMinutes: clientSecurityPolicies.idleTimeoutMinutes,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clientSecurityPolicies, eq(clientSecurityPolicies.clientId, users.clientId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row || row.revokedAt) return null;
  return timingFrom(
    idleMinutes(row.firmIdleMinutes),
    row.lastSeenAt.getTime(),
    row.expiresAt.getTime(),
    now().getTime(),
  );
}

/** What is left of a session at `t`: the idle time-out or the absolute expiry, the sooner. */
function timingFrom(minutes: number, lastSeenMs: number, expiresMs: number, t: number): SessionTiming {
  return { idleMinutes: minutes, remainingMs: Math.max(0, Math.min(lastSeenMs + minutes * 60_000, expiresMs) - t) };
}

/**
 * "Stay signed in" and the browser's keep-alive while someone is typing: the session was seen now, so its idle
 * time-out starts again on every instance. Only a live session (the caller resolved it) is extended.
 */
export async function extendSession(sessionId: string): Promise<SessionTiming> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ lastSeenAt: now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  const timing = await timingOf(db, sessionId);
  if (!timing) throw new Error('extended session not found');
  return timing;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that resolves a session id (the placeholder `sessionId`) on every signed-in request, unprepared: the
 * page benchmark's floor runs the same SQL (bench/page-floors.ts).
 */
export function sessionLookupQuery(db: Queryable) {
  return db
    .select({
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      clientId: users.clientId,
      role: users.role,
      userName: users.userName,
      timeZone: users.timeZone,
      // False too when the user's client is suspended.
      isActive: userMaySignIn,
      isLocked: users.isLocked,
      firmIdleMinutes: clientSecurityPolicies.idleTimeoutMinutes,
      method: sessions.method,
      requireTwoFactor: clientSecurityPolicies.requireTwoFactor,
      hasAuthenticator: sql<boolean>`exists (select 1 from ${userAuthenticators} where ${userAuthenticators.userId} = ${users.id} and ${userAuthenticators.confirmedAt} is not null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clientSecurityPolicies, eq(clientSecurityPolicies.clientId, users.clientId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1);
}

function sessionLookup(db: Db) {
  return sessionLookupQuery(db).prepare('resolve_session');
}

/**
 * Whether the session's user has been deactivated (which ends their sessions): the sign-out then tells them so,
 * not that the session expired.
 */
export async function sessionUserDeactivated(sessionId: string | null | undefined): Promise<boolean> {
  if (!sessionId || !UUID.test(sessionId)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ isActive: users.isActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row !== undefined && !row.isActive;
}

/**
 * Resolves a session id to the actor, or null when the session is unknown, revoked, expired
 * (absolute or idle), or its user is inactive or locked. `touch: false`: the call is not the user's activity (the
 * idle clock is not reset).
 */
export async function resolveSession(
  sessionId: string | null | undefined,
  opts: { touch?: boolean } = {},
): Promise<Actor | null> {
  return (await resolveSessionWithTiming(sessionId, opts))?.actor ?? null;
}

/** As resolveSession, with the session's idle time-out and what is left of it, from the same row. */
export async function resolveSessionWithTiming(
  sessionId: string | null | undefined,
  opts: { touch?: boolean } = {},
): Promise<{ actor: Actor; timing: SessionTiming } | null> {
  if (!sessionId || !UUID.test(sessionId)) return null;
  const db = await getDb();
  // The session lookup runs on every request: its SQL is built once per database, not per call.
  const [row] = await preparedFor('session', db, 'resolve', () => sessionLookup(db)).execute({ sessionId });
  if (!row || row.revokedAt || !row.isActive || row.isLocked) return null;
  const t = now().getTime();
  if (row.expiresAt.getTime() <= t) return null;
  const minutes = idleMinutes(row.firmIdleMinutes);
  if (row.lastSeenAt.getTime() + minutes * 60_000 <= t) return null;
  let lastSeen = row.lastSeenAt.getTime();
  // A request the user did not make (the news stream reconnecting) does not count as activity (touch: false).
  if (opts.touch !== false && t - lastSeen > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(t) })
      .where(eq(sessions.id, row.sessionId));
    lastSeen = t;
  }
  const actor = actorFromUser(
    { id: row.userId, clientId: row.clientId, role: row.role, userName: row.userName, timeZone: row.timeZone },
    row.sessionId,
    // Single sign-on sessions are exempt: the identity provider owns their second factor.
    { twoFactorSetupRequired: Boolean(row.requireTwoFactor && !row.hasAuthenticator && row.method !== 'sso') },
  );
  return { actor, timing: timingFrom(minutes, lastSeen, row.expiresAt.getTime(), t) };
}

// ---------------------------------------------------------------------------
// The legacy bearer token (jwtToken of api/Authentication/SignIn): a signed JWT naming the session.
// ---------------------------------------------------------------------------

const ISSUER = 'jms-portal';
const AUDIENCE = 'jms-legacy-api';

/** The HMAC key, made once per secret (jose would otherwise import a raw key on every call). */
let cachedKey: { secret: string; key: KeyObject } | undefined;
function key(): KeyObject {
  const secret = config().authSecret;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return cachedKey.key;
}

export async function issueLegacyToken(
  session: { id: string; userId: number; expiresAt: Date },
  role: number,
): Promise<string> {
  return new SignJWT({ sid: session.id, role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now().getTime() / 1000))
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(key());
}

/**
 * Tokens this instance has already verified: token → its session id and expiry (s). A legacy caller sends
 * the same token on every request, and the signature check (WebCrypto HMAC) is the largest fixed cost of
 * a cheap request. Only a token whose exact bytes passed jwtVerify with the current key is remembered, and
 * its expiry is still checked on every use; the session row is read on every request regardless, so
 * revocation is unaffected. Bounded (least recently used out); per instance, nothing depends on it.
 */
const VERIFIED_MAX = 5_000;
const verified = new Map<string, { sid: string; exp: number; secret: string }>();

function rememberVerified(token: string, entry: { sid: string; exp: number; secret: string }): void {
  if (verified.size >= VERIFIED_MAX) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(token, entry);
}

/** The session id named by a legacy token, or null when the token is not ours or has expired. */
export async function sessionIdFromLegacyToken(token: string): Promise<string | null> {
  const at = now();
  const secret = config().authSecret;
  const known = verified.get(token);
  if (known) {
    if (known.secret === secret && at.getTime() < known.exp * 1000) {
      verified.delete(token);
      verified.set(token, known);
      return known.sid;
    }
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: at,
    });
    if (typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    rememberVerified(token, { sid: payload.sid, exp: payload.exp, secret });
    return payload.sid;
  } catch {
    return null;
  }
}
