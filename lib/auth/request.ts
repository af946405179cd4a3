/**
 * Turns a request into the actor: the legacy bearer jwtToken, or the next-auth session cookie
 * (a JWT whose `sid` names a server-side session). Both resolve through resolveSession.
 */
import type { Actor } from './actor';
import { decodeSessionCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './cookie';
import { resolveSession, sessionIdFromLegacyToken } from './session';

export { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './cookie';

/** The session id inside a next-auth session cookie value, or null. */
export async function sessionIdFromCookie(value: string | undefined): Promise<string | null> {
  return (await decodeSessionCookie(value))?.sid ?? null;
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The session cookie's value in a request (the secure name first). */
export function sessionCookieFromRequest(req: Request): string | undefined {
  const cookieHeader = req.headers.get('cookie');
  return readCookie(cookieHeader, SECURE_SESSION_COOKIE) ?? readCookie(cookieHeader, SESSION_COOKIE);
}

/** The session id a request names: the legacy bearer token's, else the session cookie's. */
export async function sessionIdFromRequest(req: Request): Promise<string | null> {
  const auth = req.headers.get('authorization');
  if (auth && /^Bearer\s+/i.test(auth)) return sessionIdFromLegacyToken(auth.replace(/^Bearer\s+/i, '').trim());
  return sessionIdFromCookie(sessionCookieFromRequest(req));
}

export async function actorFromRequest(req: Request): Promise<Actor | null> {
  return resolveSession(await sessionIdFromRequest(req));
}
