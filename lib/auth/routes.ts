/**
 * The route table of spec §6, written once: which pages are public, which any signed-in user may
 * open, which the client roles (3 to 8) may open, and which only the client administrator (4).
 * proxy.ts enforces it; pages still check the actor themselves (requirePageActor). Pure and
 * browser-safe. Deny by default: a page not listed here is treated as unknown.
 */
import { can } from '@/lib/core/staff-policy';
import { CLIENT_ADMIN_ROLE, CLIENT_ROLES } from '@/lib/reference';

/** 'staff': the staff area (roles 1 and 2, lib/core/staff-policy.ts); 'staff-admin': its role-1-only sections. */
export type RouteKind = 'public' | 'signed-in' | 'client' | 'admin' | 'staff' | 'staff-admin';

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
  '/accessibility': 'public',
  '/AuthenticationError': 'public',
  // Where an alert e-mail's unsubscribe link lands (its signed token is the authority).
  '/Unsubscribe': 'public',
  // Any signed-in user: where denied users are sent (staff included, or they would loop).
  '/AccessDenied': 'signed-in',
  // The authenticator-app set-up a firm's policy requires before anything else.
  '/TwoFactorSetup': 'signed-in',
  // Client roles 3 to 8: jobs, invoices, help, settings.
  '/JobClient': 'client',
  '/SaveJob': 'client',
  '/JobSlip': 'client',
  '/Invoice': 'client',
  '/InvoiceSlip': 'client',
  // A matter's jobs, invoices, files and timeline.
  '/Matter': 'client',
  '/Help': 'client',
  '/Settings': 'client',
  // Client administrator only: user management.
  '/user': 'admin',
  '/saveuser': 'admin',
  // Client administrator only: the firm's spend and orders.
  '/Reports': 'admin',
  // The firm's statement of account.
  '/Statement': 'admin',
  // The provider's staff area: roles 1 and 2; sub-paths take the kind of their nearest listed ancestor.
  '/Ops': 'staff',
  // Role 1 only (provider administrator): staff users, API keys and webhook endpoints.
  '/Ops/Staff': 'staff-admin',
  '/Ops/ApiKeys': 'staff-admin',
  '/Ops/Webhooks': 'staff-admin',
};

/** The kind of a page path (sub-paths take the kind of their nearest listed ancestor), or 'unknown'. */
export function routeKind(pathname: string): RouteKind | 'unknown' {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const direct = ROUTE_TABLE[path];
  if (direct) return direct;
  const parts = path.split('/');
  for (let n = parts.length - 1; n >= 2; n--) {
    const kind = ROUTE_TABLE[parts.slice(0, n).join('/')];
    if (kind) return kind;
  }
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
    case 'staff':
      return can(role, 'ops.open');
    case 'staff-admin':
      return can(role, 'staff.manage');
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

/**
 * Was this page (the `from` of /AccessDenied, query and fragment ignored) refused to this role? Only then does
 * /AccessDenied tell support (spec §6, §8): opening /AccessDenied directly, or with `from` naming a page the
 * role may open, is no refusal and sends nothing.
 */
export function wasRefused(from: string | null | undefined, role: number): boolean {
  const path = (from ?? '').split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  return decideRoute(path, role).action === 'deny';
}
