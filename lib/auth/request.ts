/**
 * Turns a request into the actor: the legacy bearer jwtToken, or the next-auth session cookie
 * (a JWT whose `sid` names a server-side session). Both resolve through resolveSession.
 */
import { decode } from 'next-auth/jwt';
import { config } from '@/lib/config';
import type { Actor } from './actor';
import { resolveSession, sessionIdFromLegacyToken } from './session';

export const SESSION_COOKIE = 'next-auth.session-token';
export const SECURE_SESSION_COOKIE = '__Secure-next-auth.session-token';

/** The session id inside a next-auth session cookie value, or null. */
export async function sessionIdFromCookie(value: string | undefined): Promise<string | null> {
  if (!value) return null;
  try {
    const token = await decode({ token: value, secret: config().authSecret });
    return token && typeof token.sid === 'string' ? token.sid : null;
  } catch {
    return null;
  }
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export async function actorFromRequest(req: Request): Promise<Actor | null> {
  const auth = req.headers.get('authorization');
  if (auth && /^Bearer\s+/i.test(auth)) {
    return resolveSession(await sessionIdFromLegacyToken(auth.replace(/^Bearer\s+/i, '').trim()));
  }
  const cookieHeader = req.headers.get('cookie');
  const value = readCookie(cookieHeader, SECURE_SESSION_COOKIE) ?? readCookie(cookieHeader, SESSION_COOKIE);
  return resolveSession(await sessionIdFromCookie(value));
}
