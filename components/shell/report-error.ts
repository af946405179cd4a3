/**
 * Browser side of spec §8: an uncaught error (or a failed request) is reported through
 * api/Exception/Add (stored and e-mailed to support), then the user goes to /error. Framework noise
 * is ignored; a stale chunk after a deployment reloads the page once instead.
 */
import { classifyClientError, isServerError, toExceptionReport, type ClientExceptionReport } from './error-filter';

const RELOAD_KEY = 'jms.chunk-reload';
const REPORT_TIMEOUT_MS = 4000;
let handling = false;

/**
 * Posts a report; never throws (the error page is shown whatever happens here). A plain fetch on purpose, not
 * apiFetch: reports come from every page, the sign-in page included (no session there, and lib/client-side/api
 * stays out of its bundle); api/Exception/Add is open to anonymous callers, and a report must never turn into a
 * sign-out redirect (on a public page that would loop back to /SignIn).
 */
export async function sendExceptionReport(report: ClientExceptionReport): Promise<void> {
  const body: ClientExceptionReport = {
    ...report,
    Message: report.Message.slice(0, 2000),
    InnerException: report.InnerException?.slice(0, 4000) ?? null,
    StackTrace: report.StackTrace?.slice(0, 16000) ?? null,
  };
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), REPORT_TIMEOUT_MS);
  try {
    const res = await fetch('/api/Exception/Add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive: true,
      signal: ctrl.signal,
    });
    await res.text();
  } catch {
    // Reporting is best effort.
  } finally {
    clearTimeout(timer);
  }
}

function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 30_000) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // No storage: reload anyway.
  }
  window.location.reload();
  return true;
}

export type ClientErrorOutcome = 'ignored' | 'reloading' | 'reported';

/**
 * Handles an error nothing else handled: ignore, reload, or report and go to /error. Errors React
 * forwards from Server Components (they carry a digest) were reported by the server already.
 */
export async function handleClientError(err: unknown, status: number | null = null): Promise<ClientErrorOutcome> {
  const action = classifyClientError(err);
  if (action === 'ignore') return 'ignored';
  if (action === 'reload' && reloadOnce()) return 'reloading';
  if (handling) return 'reported';
  handling = true;
  if (!isServerError(err)) {
    await sendExceptionReport(toExceptionReport(err, `${window.location.pathname}${window.location.search}`, status));
  }
  // A full page load on purpose: the app's client state may be what is broken.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  if (window.location.pathname !== '/error') window.location.assign('/error');
  return 'reported';
}

/** For API clients: a call answered with an unexpected status (not 401, which signs out) is reported. */
export function handleFailedRequest(path: string, status: number): Promise<ClientErrorOutcome> {
  return handleClientError(new Error(`Request to ${path} failed with status ${status}`), status);
}
