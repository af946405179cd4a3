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

/** The claims of a session cookie value, or null when it is missing, forged or expired. */
export async function decodeSessionCookie(value: string | undefined | null): Promise<SessionClaims | null> {
  if (!value) return null;
  try {
    const token = await decode({ token: value, secret: config().authSecret });
    if (!token || typeof token.sid !== 'string') return null;
    return { sid: token.sid, role: typeof token.role === 'number' ? token.role : null };
  } catch {
    return null;
  }
}

/** The session cookie's value from a cookie store (the secure name first). */
export function sessionCookieValue(get: (name: string) => string | undefined): string | undefined {
  return get(SECURE_SESSION_COOKIE) ?? get(SESSION_COOKIE);
}
