/**
 * Route-based access (spec §6), before any page renders: the route table of lib/auth/routes.ts
 * applied to the role carried by the next-auth session cookie. No session → /SignOut?type=11
 * (type 9 for staff) remembering the page; a role that may not open the page → /AccessDenied;
 * an unknown path → / (spec §2). /signin is served by /SignIn. api/* is not redirected here:
 * route handlers answer 401/403 JSON themselves. Pages re-check the server-side session
 * (lib/auth/page.ts), which this cookie check cannot see revoked.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { decodeSessionCookie, sessionCookieValue } from '@/lib/auth/cookie';
import { accessDeniedUrl, PAGE_URL_HEADER, signOutTypeForRole, signOutUrl } from '@/lib/auth/return-url';
import { decideRoute } from '@/lib/auth/routes';

function redirectTo(req: NextRequest, location: string): NextResponse {
  return NextResponse.redirect(new URL(location, req.nextUrl.origin));
}

export async function proxy(req: NextRequest): Promise<NextResponse> {
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
  if (pathname === '/signin') {
    return NextResponse.rewrite(new URL(`/SignIn${search}`, req.nextUrl.origin), { request: { headers } });
  }
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not api/*, not Next's assets, not files with an extension (public/, icons).
  matcher: ['/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)'],
};
