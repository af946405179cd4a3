/**
 * The "remembered URL" of the sign-in flow (spec §4.5): only a same-origin relative path is ever
 * followed, so a crafted link cannot send a user to another site after signing in. Browser-safe.
 */
import { decideRoute } from './routes';

export const DEFAULT_LANDING = '/JobClient';
/** Where staff (roles 1 and 2) land: the staff area. */
export const STAFF_LANDING = '/Ops';

/** Pages that must never be the place a user returns to (they would sign out again or loop). */
const NOT_A_RETURN_TARGET =
  /^\/(?:$|SignIn\b|signin\b|SignOut\b|Job$|Admin$|Authentication\b|api\/|_next\/|ResetPassword\b|ResetNewPassword\b|ForgotPassword\b|AuthenticationError\b)/;

const BASE = 'http://return-url.invalid';

/**
 * The path+query+hash to return to, or null when the value is not a same-origin relative path
 * (absolute URLs, protocol-relative `//host`, backslashes, control characters, other schemes).
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (v.length === 0 || v.length > 2000) return null;
  if (!v.startsWith('/') || v.startsWith('//') || v.includes('\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(v)) return null;
  let url: URL;
  try {
    url = new URL(v, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (NOT_A_RETURN_TARGET.test(url.pathname)) return null;
  return path;
}

/** Where to land after signing in: the remembered URL when safe, else the job list. */
export function landingUrl(returnUrl: string | null | undefined): string {
  return safeReturnUrl(returnUrl) ?? DEFAULT_LANDING;
}

/** A role's home page: the staff area for roles 1 and 2, the job list for everyone else. */
export function homeForRole(role: number | null | undefined): string {
  return role === 1 || role === 2 ? STAFF_LANDING : DEFAULT_LANDING;
}

/**
 * Where a signed-in user of this role goes after signing in: the remembered URL when it is safe and a page
 * the role may open (a staff member sent a client's link, or the reverse, lands at home instead of on
 * /AccessDenied), else the role's home.
 */
export function landingFor(role: number, returnUrl: string | null | undefined): string {
  const back = safeReturnUrl(returnUrl);
  if (back && decideRoute(new URL(back, BASE).pathname, role).action === 'allow') return back;
  return homeForRole(role);
}

/**
 * Where the browser goes once the sign-in (OTP or single sign-on) has succeeded: through the authentication
 * handler, which knows the role from the new session and sends staff to /Ops and clients to /JobClient.
 */
export function afterSignInUrl(returnUrl: string | null | undefined): string {
  const back = safeReturnUrl(returnUrl);
  return back ? `/Authentication?${new URLSearchParams({ returnUrl: back }).toString()}` : '/Authentication';
}

/** Sign-out types of spec §2 and §4.5: 11 a client's session ended, 9 a staff member's, 10 forced. */
export type SignOutType = 9 | 10 | 11;

/** The /SignOut URL for an ended session, remembering where the user was. */
export function signOutUrl(type: SignOutType, returnUrl?: string | null): string {
  const q = new URLSearchParams({ type: String(type) });
  const back = safeReturnUrl(returnUrl);
  if (back) q.set('returnUrl', back);
  return `/SignOut?${q.toString()}`;
}

/** 9 for staff (roles 1 and 2), 11 for everyone else (spec §4.5, §8). */
export function signOutTypeForRole(role: number | null | undefined): 9 | 11 {
  return role === 1 || role === 2 ? 9 : 11;
}

/** The request header proxy.ts sets to the page's path and query (for the return URL). */
export const PAGE_URL_HEADER = 'x-jms-url';

/** The /AccessDenied URL for a page (its path only). */
export function accessDeniedUrl(from: string | null | undefined): string {
  const path = from ? (from.split('?')[0] ?? '') : '';
  return path.startsWith('/') ? `/AccessDenied?from=${encodeURIComponent(path)}` : '/AccessDenied';
}

/**
 * The sign-in page after a sign-out: types 9 and 11 say the session expired (messageType=2), or, when the account
 * was deactivated, that it was (messageType=3).
 */
export function signInUrlAfterSignOut(
  type: number | null,
  returnUrl: string | null | undefined,
  o: { deactivated?: boolean } = {},
): string {
  const q = new URLSearchParams();
  if (type === 9 || type === 11) q.set('messageType', o.deactivated ? '3' : '2');
  const back = safeReturnUrl(returnUrl);
  if (back) q.set('returnUrl', back);
  const s = q.toString();
  return s ? `/SignIn?${s}` : '/SignIn';
}
