/**
 * Route-based access (spec §6), before any page renders: the route table of lib/auth/routes.ts
 * applied to the role carried by the next-auth session cookie. No session → /SignOut?type=11
 * (type 9 for staff) remembering the page; a role that may not open the page → /AccessDenied;
 * an unknown path → / (spec §2). /signin is served by /SignIn. api/* is not redirected here:
 * route handlers answer 401/403 JSON themselves. Pages re-check the server-side session
 * (lib/auth/page.ts), which this cookie check cannot see revoked.
 *
 * A POST to a page is a server action (the fetch of a form with JavaScript, carrying the Next-Action header, or a
 * plain form post). It passes only from the portal's own pages (lib/security/origin.ts, the rule of the api/* door:
 * 403), with a body of at most ACTION_MAX_BODY_BYTES (413) and, for the fetch, arguments that are a list (400):
 * otherwise Next.js would answer its own 500 for them. Unless TRUST_PROXY says a reverse proxy sets it,
 * X-Forwarded-Host is removed from the request before Next.js reads it (it compares a server action's Origin with
 * that header when present, so a caller could otherwise name its own origin as the portal's host).
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
import { REQUEST_ID_HEADER, requestIdFrom } from '@/lib/request-id';
import { CROSS_SITE_MSG, fromOwnOrigin } from '@/lib/security/origin';
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
  if (!decodablePath(req.nextUrl.pathname)) return malformedPath(req.nextUrl.pathname);
  // api/* comes here only for a path with a percent sign (config.matcher), to be refused above when malformed.
  if (req.nextUrl.pathname.startsWith('/api/')) return NextResponse.next();
  const nonce = createNonce();
  const c = appConfig();
  const opts = {
    nonce,
    https: c.appUrl.startsWith('https:'),
    development: c.NODE_ENV === 'development',
    uploadOrigins: directUploadOrigins(c),
  };
  const res =
    (req.method === 'POST' ? await refuseAction(req) : null) ??
    (await route(req, nonce, contentSecurityPolicy(opts), c.TRUST_PROXY));
  for (const [name, value] of Object.entries(pageSecurityHeaders(opts))) res.headers.set(name, value);
  return res;
}

/** Whether every segment of the path decodes (Next.js answers a bare 500 for one that does not, e.g. %FF%FE). */
function decodablePath(pathname: string): boolean {
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export const MALFORMED_PATH_MSG = 'The address is not valid: it holds a malformed percent-encoded character.';

/** A 400 in /api/v1's problem details (lib/http/problem.ts), else in the legacy envelope (lib/http/route.ts). */
function malformedPath(pathname: string): NextResponse {
  const headers = { 'Cache-Control': 'no-store' };
  if (pathname.startsWith('/api/v1/'))
    return new NextResponse(
      JSON.stringify({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: MALFORMED_PATH_MSG,
        instance: pathname,
      }),
      { status: 400, headers: { ...headers, 'Content-Type': 'application/problem+json' } },
    );
  return NextResponse.json({ error: { status: 400, message: MALFORMED_PATH_MSG } }, { status: 400, headers });
}

/** Next.js's limit of a server action's body (serverActions.bodySizeLimit, left at its 1 MB by next.config.mjs). */
export const ACTION_MAX_BODY_BYTES = 1024 * 1024;

/** Next.js refuses more arguments to one server action (with a 500); ours take one or two. */
const ACTION_MAX_ARGS = 1000;

export const ACTION_MSG = {
  tooLarge: `The request body is larger than ${ACTION_MAX_BODY_BYTES} bytes.`,
  invalid: 'The request is not valid.',
} as const;

function plain(status: number, message: string): NextResponse {
  return new NextResponse(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** The body, or null once it passes `max` bytes (the rest is not pulled). */
async function bodyUpTo(req: NextRequest, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    size += r.value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(r.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** Whether a server action's encoded arguments (React's reply: a JSON list at the root) are a list Next can apply. */
function argumentList(json: unknown): boolean {
  if (typeof json !== 'string') return false;
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) && v.length <= ACTION_MAX_ARGS;
  } catch {
    return false;
  }
}

/** The refusal of a POST to a page (a server action), or null when it may go on to Next.js. */
async function refuseAction(req: NextRequest): Promise<NextResponse | null> {
  if (!fromOwnOrigin(req.headers)) return plain(403, CROSS_SITE_MSG);
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\s*[0-9]+\s*$/.test(declared) && Number(declared) > ACTION_MAX_BODY_BYTES)
    return plain(413, ACTION_MSG.tooLarge);
  // A plain form post (no JavaScript) is decoded by Next.js as a form; only the fetch carries an argument list.
  if (!req.headers.has('next-action')) return null;
  const body = await bodyUpTo(req, ACTION_MAX_BODY_BYTES);
  if (!body) return plain(413, ACTION_MSG.tooLarge);
  const type = req.headers.get('content-type') ?? '';
  let root: unknown = null;
  if (/^\s*multipart\/form-data/i.test(type)) {
    try {
      root = (await new Response(body, { headers: { 'Content-Type': type } }).formData()).get('0');
    } catch {
      root = null;
    }
  } else root = new TextDecoder().decode(body);
  return argumentList(root) ? null : plain(400, ACTION_MSG.invalid);
}

async function route(req: NextRequest, nonce: string, csp: string, trustProxy: boolean): Promise<NextResponse> {
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
  if (!trustProxy) headers.delete('x-forwarded-host');
  headers.set(PAGE_URL_HEADER, here);
  headers.set(NONCE_HEADER, nonce);
  headers.set('Content-Security-Policy', csp);
  // The page and its server actions log under one id (lib/request-id.ts), which the answer tells too.
  const requestId = requestIdFrom(req.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  const res =
    pathname === '/signin'
      ? NextResponse.rewrite(new URL(`/SignIn${search}`, req.nextUrl.origin), { request: { headers } })
      : NextResponse.next({ request: { headers } });
  res.headers.set('X-Request-Id', requestId);
  return res;
}

export const config = {
  // Pages: not api/*, not Next's assets, not files with an extension (public/, icons). And api/* paths with a
  // percent sign, only to refuse malformed encoding: any other api/* request never comes here, so its body is read
  // by the route's door alone (a request that comes here has its body read to the end by Next.js first).
  matcher: ['/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)', '/api/(.*%.*)'],
};
