/** The actor of the current server component / server action request (from the session cookie). */
import { cookies } from 'next/headers';
import { cache } from 'react';
import { requireTenant } from '@/lib/core/tenancy';
import { UnauthorizedError, ForbiddenError } from '@/lib/http/errors';
import type { Actor, ClientActor } from './actor';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionIdFromCookie } from './request';
import { resolveSession } from './session';
import { TWO_FACTOR_SETUP_MSG } from './two-factor-gate';

/**
 * The session behind the request's cookie. Once per server request: the layout and the page both ask, and
 * React's request-scoped cache gives the second the first one's answer (cookie decoded and session row read
 * once); outside a server render (route handlers, tests) it is a plain call.
 */
export const getActor: () => Promise<Actor | null> = cache(async (): Promise<Actor | null> => {
  const jar = await cookies();
  const value = jar.get(SECURE_SESSION_COOKIE)?.value ?? jar.get(SESSION_COOKIE)?.value;
  return resolveSession(await sessionIdFromCookie(value));
});

export async function requireActor(roles?: readonly number[]): Promise<Actor> {
  const actor = await getActor();
  if (!actor) throw new UnauthorizedError();
  if (actor.twoFactorSetupRequired) throw new ForbiddenError(TWO_FACTOR_SETUP_MSG);
  if (roles && !roles.includes(actor.role)) throw new ForbiddenError();
  return actor;
}

/** The signed-in client user (roles 3 to 8 with a client): the tenancy guard (lib/core/tenancy.ts) on the session. */
export async function requireClientActor(roles?: readonly number[]): Promise<ClientActor> {
  return requireTenant(await requireActor(roles));
}
