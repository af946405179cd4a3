/**
 * The same-origin rule of the portal's writes (docs/decisions/016-one-door.md), one reading for the api/* door
 * (lib/http/core.ts), the server actions' wrapper (lib/http/action.ts) and proxy.ts: a request comes from the
 * portal's own pages when its Origin, if sent, is APP_URL's origin, or, without Origin, its Sec-Fetch-Site is
 * same-origin or none. A request with neither header is not a browser's (every browser sends Origin on a
 * cross-origin POST and Sec-Fetch-Site on every request) and passes. APP_URL, never the Host or X-Forwarded-Host
 * header, names the portal, so a caller cannot make its own origin look like the portal's.
 */
import { config } from '@/lib/config';

/** The 403 of a write that did not come from the portal's own pages. */
export const CROSS_SITE_MSG =
  'This request did not come from the portal’s own pages: a signed-in browser may only change data from the portal itself.';

export function fromOwnOrigin(headers: { get(name: string): string | null }): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin === new URL(config().appUrl).origin;
  const site = headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
