/**
 * The one fetch wrapper client components use for api/* calls (spec §4.5, §8): JSON in and out,
 * and a 401 sends the browser to /SignOut?type=11 (type 9 for staff) remembering the current
 * page, so that the user comes back to it after signing in again. Browser-only.
 */
import { signOutTypeForRole, signOutUrl } from '@/lib/auth/return-url';
import { endingSession } from './session-ending';

let sessionRole: number | null = null;

/** The signed-in user's role, set once by the portal layout (components/auth/SessionRole). */
export function setSessionRole(role: number | null): void {
  sessionRole = role;
}

/** Where a 401 sends the browser from a given page. */
export function unauthorizedRedirect(
  location: { pathname: string; search: string; hash?: string },
  role: number | null,
): string {
  return signOutUrl(signOutTypeForRole(role), `${location.pathname}${location.search}${location.hash ?? ''}`);
}

/**
 * What every api/* call does on a 401 (spec §4.5): a full navigation to /SignOut?type=11 (9 for staff)
 * remembering the current page. The promise never settles: the page is going away, so the caller shows
 * no error and goes no further. For 401s that do not come through apiFetch (the upload's XMLHttpRequest,
 * a server action's 'signed-out' answer).
 */
export function signOutUnauthorized(): Promise<never> {
  // What was typed is kept for after the next sign-in.
  endingSession();
  window.location.assign(unauthorizedRedirect(window.location, sessionRole));
  return new Promise<never>(() => undefined);
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  /** A JSON body (sent with Content-Type application/json). */
  json?: unknown;
  body?: BodyInit | null;
}

/**
 * fetch() for api/* paths of a signed-in page. On 401 it navigates to sign-out and returns a promise
 * that never settles (the page is going away); any other answer is returned as it is (apiJson turns
 * non-2xx answers into ApiError). Not for calls a page without a session makes (error reports).
 */
export async function apiFetch(path: string, opts: ApiFetchOptions = {}): Promise<Response> {
  const { json, headers, ...rest } = opts;
  const h = new Headers(headers);
  if (json !== undefined) h.set('Content-Type', 'application/json');
  if (!h.has('Accept')) h.set('Accept', 'application/json');
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: h,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (res.status === 401) return signOutUnauthorized();
  return res;
}

async function errorOf(res: Response): Promise<ApiError> {
  let message = `Request failed (${res.status}).`;
  let fields: Record<string, string[]> | undefined;
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object') {
      const e = body.error;
      if ('message' in e && typeof e.message === 'string') message = e.message;
      if ('fields' in e && e.fields && typeof e.fields === 'object') {
        fields = {};
        for (const [k, v] of Object.entries(e.fields)) {
          if (Array.isArray(v)) fields[k] = v.filter((x): x is string => typeof x === 'string');
        }
      }
    }
  } catch {
    // not JSON: keep the generic message
  }
  return new ApiError(res.status, message, fields);
}

/** apiFetch, then the JSON answer; a non-2xx answer throws ApiError. */
export async function apiJson<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}
