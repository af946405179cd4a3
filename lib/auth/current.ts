/** The actor of the current server component / server action request (from the session cookie). */
import { cookies } from 'next/headers';
import { cache } from 'react';
import { UnauthorizedError, ForbiddenError } from '@/lib/core/errors';
import type { Actor } from './actor';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionIdFromCookie } from './request';
import { resolveSessionWithTiming, type SessionTiming } from './session';
import { TWO_FACTOR_SETUP_MSG } from './two-factor-gate';

/**
 * The session behind the request's cookie. Once per server request: the layout and the page both ask, and
 * React's request-scoped cache gives the second the first one's answer (cookie decoded and session row read
 * once); outside a server render (route handlers, tests) it is a plain call.
 */
const currentSession = cache(async (): Promise<{ actor: Actor; timing: SessionTiming } | null> => {
  const jar = await cookies();
  const value = jar.get(SECURE_SESSION_COOKIE)?.value ?? jar.get(SESSION_COOKIE)?.value;
  return resolveSessionWithTiming(await sessionIdFromCookie(value));
});

export async function getActor(): Promise<Actor | null> {
  return (await currentSession())?.actor ?? null;
}

/** The signed-in session's idle time-out and what is left of it (the idle warning), read with the actor. */
export async function getSessionTiming(): Promise<SessionTiming | null> {
  return (await currentSession())?.timing ?? null;
}

/**
 * The session's actor when it may act with one of these roles: 401 without one, 403 while the firm's required
 * authenticator app is not set up or for another role. Pure; the server actions' wrapper
 * (lib/http/action.ts) ends here.
 */
export function admitActor(actor: Actor | null, roles?: readonly number[]): Actor {
  if (!actor) throw new UnauthorizedError();
  if (actor.twoFactorSetupRequired) throw new ForbiddenError(TWO_FACTOR_SETUP_MSG);
  if (roles && !roles.includes(actor.role)) throw new ForbiddenError();
  return actor;
}
