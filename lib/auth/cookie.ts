/**
 * The next-auth session cookie: its names and what its JWT carries (`sid`, the server-side session;
 * `role`, for the route table). Light on purpose (no database): proxy.ts imports it.
 */
import { decode } from 'next-auth/jwt';
import { config } from '@/lib/config';

export const SESSION_COOKIE = 'next-auth.session-token';
export const SECURE_SESSION_COOKIE = '__Secure-next-auth.session-token';
/** Every cookie next-auth may set, cleared on sign-out. */
export const NEXT_AUTH_COOKIES = [
  SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  'next-auth.callback-url',
  '__Secure-next-auth.callback-url',
  'next-auth.csrf-token',
  '__Host-next-auth.csrf-token',
  'next-auth.state',
  'next-auth.pkce.code_verifier',
  'next-auth.nonce',
] as const;

export interface SessionClaims {
  sid: string;
  role: number | null;
}

/**
 * Cookies decoded lately, by value: a decode derives the key with HKDF and decrypts the JWE, about 1 ms of CPU,
 * and every page request decodes the same cookie twice (proxy.ts, then the page). Only what the cookie itself
 * says is kept (its claims and its own expiry), keyed by the whole value under the secret that opened it, so
 * nothing here outlives the token; the session behind it is still read from the database on every request
 * (revocation, idle time-out). Bounded: the oldest entry goes first. A performance cache, not state: an instance
 * without it answers the same.
 */
const DECODED_MAX = 2_000;
const decoded = new Map<string, { claims: SessionClaims; expiresAtMs: number; secret: string }>();

/** The claims of a session cookie value, or null when it is missing, forged or expired. */
export async function decodeSessionCookie(value: string | undefined | null): Promise<SessionClaims | null> {
  if (!value) return null;
  const secret = config().authSecret;
  const hit = decoded.get(value);
  if (hit && hit.secret === secret && hit.expiresAtMs > Date.now()) return hit.claims;
  if (hit) decoded.delete(value);
  try {
    const token = await decode({ token: value, secret });
    if (!token || typeof token.sid !== 'string') return null;
    const claims = { sid: token.sid, role: typeof token.role === 'number' ? token.role : null };
    if (typeof token.exp === 'number') {
      if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value as string);
      decoded.set(value, { claims, expiresAtMs: token.exp * 1000, secret });
    }
    return claims;
  } catch {
    return null;
  }
}

/** The session cookie's value from a cookie store (the secure name first). */
export function sessionCookieValue(get: (name: string) => string | undefined): string | undefined {
  return get(SECURE_SESSION_COOKIE) ?? get(SESSION_COOKIE);
}
