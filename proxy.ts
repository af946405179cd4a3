/**
 * Route-based access (spec §6), before any page renders: the route table of lib/auth/routes.ts
 * applied to the role carried by the next-auth session cookie. No session → /SignOut?type=11
 * (type 9 for staff) remembering the page; a role that may not open the page → /AccessDenied;
 * an unknown path → / (spec §2). /signin is served by /SignIn. api/* is not redirected here:
 * route handlers answer 401/403 JSON themselves. Pages re-check the server-side session
 * (lib/auth/page.ts), which this cookie check cannot see revoked.
 *
 * Every page answer (redirects included) carries the Content Security Policy of lib/security/csp.ts with a fresh
 * nonce, and HSTS when APP_URL is https. The nonce also goes on the request (Content-Security-Policy and x-nonce
 * headers): Next.js puts it on its own scripts while it renders the page.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { decodeSessionCookie, sessionCookieValue } from '@/lib/auth/cookie';
import { accessDeniedUrl, PAGE_URL_HEADER, signOutTypeForRole, signOutUrl } from '@/lib/auth/return-url';
import { decideRoute } from '@/lib/auth/routes';
import { config as appConfig } from '@/lib/config';
import {
  contentSecurityPolicy,
  createNonce,
  directUploadOrigins,
  NONCE_HEADER,
  pageSecurityHeaders,
} from '@/lib/security/csp';

function redirectTo(req: NextRequest, location: string): NextResponse {
  return NextResponse.redirect(new URL(location, req.nextUrl.origin));
}

export async function proxy(req: NextRequest): Promise<NextResponse> {
  const nonce = createNonce();
  const c = appConfig();
  const opts = {
    nonce,
    https: c.appUrl.startsWith('https:'),
    development: c.NODE_ENV === 'development',
    uploadOrigins: directUploadOrigins(c),
  };
  const res = await route(req, nonce, contentSecurityPolicy(opts));
  for (const [name, value] of Object.entries(pageSecurityHeaders(opts))) res.headers.set(name, value);
  return res;
}

async function route(req: NextRequest, nonce: string, csp: string): Promise<NextResponse> {
  const { pathname, search } = req.nextUrl;
  const here = `${pathname}${search}`;
  const claims = await decodeSessionCookie(sessionCookieValue((n) => req.cookies.get(n)?.value));
  const role = claims ? claims.role : null;
  const decision = decideRoute(pathname, claims ? (role ?? 0) : null);

  switch (decision.action) {
    case 'home':
      return redirectTo(req, '/');
    case 'sign-in':
      return redirectTo(req, signOutUrl(signOutTypeForRole(role), here));
    case 'deny':
      return redirectTo(req, accessDeniedUrl(here));
    case 'allow':
      break;
  }

  const headers = new Headers(req.headers);
  headers.set(PAGE_URL_HEADER, here);
  headers.set(NONCE_HEADER, nonce);
  headers.set('Content-Security-Policy', csp);
  if (pathname === '/signin') {
    return NextResponse.rewrite(new URL(`/SignIn${search}`, req.nextUrl.origin), { request: { headers } });
  }
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not api/*, not Next's assets, not files with an extension (public/, icons).
  matcher: ['/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)'],
};
