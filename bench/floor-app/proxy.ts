/**
 * The door of the floor's signed-in pages (/door/*; bench/pages.ts): what the portal's proxy.ts does before any page
 * renders, at its least. A fresh nonce on the request's and the answer's Content-Security-Policy (Next.js puts it
 * on its scripts), and the route check: no session cookie the portal issued → /signin; a role the page does not
 * admit → /AccessDenied. The plain floor pages (no matcher hit) do not run it.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { open } from './app/floor-data';

const csp = (nonce: string) =>
  `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;

export function proxy(req: NextRequest): NextResponse {
  const { door } = open().spec;
  const claims = door.claims[req.cookies.get(door.cookie)?.value ?? ''];
  if (!claims) return NextResponse.redirect(new URL('/signin', req.nextUrl.origin));
  const roles = door.roles[req.nextUrl.pathname.slice('/door/'.length)];
  if (!roles?.includes(claims.role)) return NextResponse.redirect(new URL('/AccessDenied', req.nextUrl.origin));
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = csp(nonce);
  const headers = new Headers(req.headers);
  headers.set('Content-Security-Policy', policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('Content-Security-Policy', policy);
  return res;
}

export const config = { matcher: ['/door/:path*'] };
