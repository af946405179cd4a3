/**
 * The server error handler (spec §8): Next.js calls onRequestError for an error thrown while
 * rendering a page or running a server action or proxy. The report (message, cause, stack,
 * status 500, path, user) is stored and e-mailed; the browser only sees the generic error page.
 * Route handlers under app/api report their own errors (lib/http/route.ts), so they are skipped here.
 * Wire it in instrumentation.ts: `export { onRequestError } from './lib/errors/request-error'`.
 */
import { log } from '@/lib/log';
import { withRequestId } from '@/lib/request-context';
import { REQUEST_ID_HEADER } from '@/lib/request-id';

/** Control-flow "errors" of the framework (redirect, notFound, dynamic rendering bail-outs). */
const FRAMEWORK_DIGESTS =
  /^(?:NEXT_REDIRECT|NEXT_NOT_FOUND|NEXT_HTTP_ERROR_FALLBACK|DYNAMIC_SERVER_USAGE|BAILOUT_TO_CLIENT_SIDE_RENDERING|NEXT_PRERENDER_INTERRUPTED|HANGING_PROMISE_REJECTION)/;

export function isFrameworkSignal(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const digest = 'digest' in err ? String(err.digest) : '';
  return FRAMEWORK_DIGESTS.test(digest);
}

interface RequestInfo {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

interface ContextInfo {
  routeType: string;
}

function cookieValue(headers: RequestInfo['headers'], names: string[]): string | undefined {
  const raw = headers.cookie;
  const header = Array.isArray(raw) ? raw.join('; ') : raw;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && names.includes(part.slice(0, i).trim())) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export async function onRequestError(err: unknown, request: RequestInfo, context: ContextInfo): Promise<void> {
  if (isFrameworkSignal(err) || request.path.startsWith('/api/')) return;
  if (context.routeType === 'route') return;
  // Logged under the page request's id (the proxy set it on the request: lib/request-id.ts).
  const requestId = request.headers[REQUEST_ID_HEADER];
  if (typeof requestId === 'string') return withRequestId(requestId, () => report(err, request));
  return report(err, request);
}

async function report(err: unknown, request: RequestInfo): Promise<void> {
  try {
    const [{ reportException }, { resolveSession }, req] = await Promise.all([
      import('./report'),
      import('@/lib/auth/session'),
      import('@/lib/auth/request'),
    ]);
    const cookie = cookieValue(request.headers, [req.SECURE_SESSION_COOKIE, req.SESSION_COOKIE]);
    const actor = await resolveSession(await req.sessionIdFromCookie(cookie)).catch(() => null);
    await reportException({ error: err, status: 500, url: request.path, userId: actor?.userId ?? null });
  } catch (reportError) {
    log().error({ err: reportError }, 'could not report a server error');
  }
}
