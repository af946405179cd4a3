/**
 * The route table of spec §6, written once: which pages are public, which any signed-in user may
 * open, which the client roles (3 to 8) may open, and which only the client administrator (4).
 * proxy.ts enforces it; pages still check the actor themselves (requirePageActor). Pure and
 * browser-safe. Deny by default: a page not listed here is treated as unknown.
 */
import { CLIENT_ADMIN_ROLE, CLIENT_ROLES } from '@/lib/reference';

export type RouteKind = 'public' | 'signed-in' | 'client' | 'admin';

export const ROUTE_TABLE: Readonly<Record<string, RouteKind>> = {
  // Public: sign-in, the authentication handlers, password pages, terms, errors.
  '/': 'public',
  '/SignIn': 'public',
  '/signin': 'public',
  '/SignOut': 'public',
  '/Job': 'public',
  '/Admin': 'public',
  '/Authentication': 'public',
  '/ForgotPassword': 'public',
  '/ResetNewPassword': 'public',
  '/ResetPassword': 'public',
  '/error': 'public',
  '/privacystatement': 'public',
  '/termsofuse': 'public',
  '/AuthenticationError': 'public',
  // Any signed-in user: where denied users are sent (staff included, or they would loop).
  '/AccessDenied': 'signed-in',
  // The authenticator-app set-up a firm's policy requires before anything else (issue 17).
  '/TwoFactorSetup': 'signed-in',
  // Client roles 3 to 8: jobs, invoices, help, settings.
  '/JobClient': 'client',
  '/SaveJob': 'client',
  '/JobSlip': 'client',
  '/Invoice': 'client',
  '/InvoiceSlip': 'client',
  '/Help': 'client',
  '/Settings': 'client',
  // Client administrator only: user management.
  '/user': 'admin',
  '/saveuser': 'admin',
};

/** The kind of a page path (sub-paths take their page's kind), or 'unknown'. */
export function routeKind(pathname: string): RouteKind | 'unknown' {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const direct = ROUTE_TABLE[path];
  if (direct) return direct;
  const first = `/${path.split('/')[1] ?? ''}`;
  if (first !== '/' && first !== path) return ROUTE_TABLE[first] ?? 'unknown';
  return 'unknown';
}

/** May a user of this role (null: nobody signed in) open a route of this kind? */
export function roleMayOpen(kind: RouteKind, role: number | null): boolean {
  switch (kind) {
    case 'public':
      return true;
    case 'signed-in':
      return role !== null;
    case 'client':
      return role !== null && (CLIENT_ROLES as readonly number[]).includes(role);
    case 'admin':
      return role === CLIENT_ADMIN_ROLE;
  }
}

export type RouteDecision =
  | { action: 'allow' }
  /** Nobody signed in: sign out (type 11) remembering the page, then sign in. */
  | { action: 'sign-in' }
  /** Signed in, but the role may not open the page. */
  | { action: 'deny' }
  /** Not a page of the portal: spec §2 sends unknown paths to /. */
  | { action: 'home' };

/** What to do with a request for a page, given the signed-in role (null when nobody is signed in). */
export function decideRoute(pathname: string, role: number | null): RouteDecision {
  const kind = routeKind(pathname);
  if (kind === 'unknown') return { action: 'home' };
  if (roleMayOpen(kind, role)) return { action: 'allow' };
  return role === null ? { action: 'sign-in' } : { action: 'deny' };
}
