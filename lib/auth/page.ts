/**
 * For server-rendered pages of the portal: the signed-in actor, or a redirect. proxy.ts already
 * applied the route table from the cookie; this re-checks against the server-side session (a
 * session revoked by a sign-out elsewhere, a deactivation or a password change ends here), and
 * sends the user to /SignOut?type=11 (9 for staff) remembering the page, or to /AccessDenied.
 * Server actions do not: they answer "signed out" through lib/http/action.ts and the page signs out.
 */
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Actor, ClientActor } from './actor';
import { isClientActor } from './actor';
import { decodeSessionCookie, sessionCookieValue } from './cookie';
import { getActor } from './current';
import { TWO_FACTOR_SETUP_PATH } from './two-factor-gate';
import { accessDeniedUrl, PAGE_URL_HEADER, signOutTypeForRole, signOutUrl } from './return-url';

async function currentPageUrl(): Promise<string | null> {
  return (await headers()).get(PAGE_URL_HEADER);
}

export async function requirePageActor(roles?: readonly number[]): Promise<Actor> {
  const actor = await getActor();
  const here = await currentPageUrl();
  if (!actor) {
    const jar = await cookies();
    const claims = await decodeSessionCookie(sessionCookieValue((n) => jar.get(n)?.value));
    redirect(signOutUrl(signOutTypeForRole(claims?.role), here));
  }
  // The firm requires an authenticator app and the user has none: the set-up comes first.
  if (actor.twoFactorSetupRequired) redirect(TWO_FACTOR_SETUP_PATH);
  if (roles && !roles.includes(actor.role)) redirect(accessDeniedUrl(here));
  return actor;
}

/** As requirePageActor, for pages of client data (roles 3 to 8). */
export async function requirePageClientActor(roles?: readonly number[]): Promise<ClientActor> {
  const actor = await requirePageActor(roles);
  if (!isClientActor(actor)) redirect(accessDeniedUrl(await currentPageUrl()));
  return actor;
}
