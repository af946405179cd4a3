/**
 * The request id: the one name a request's log lines share, so an operator finds every line of one request, with
 * OpenTelemetry on or off. A proxy or platform in front may send its own in `x-request-id` (kept when it is a
 * plain token, so a caller cannot write arbitrary text into the log); otherwise the portal makes one. The proxy
 * (proxy.ts) puts it on a page's request, so the page and its server actions log the same id; api/* routes read or
 * make it at the door (lib/http/core.ts). The answer carries it back in `X-Request-Id`.
 *
 * Browser- and proxy-safe: no Node.js modules here (the store that carries it through a request is
 * lib/request-context.ts).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const PLAIN_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id a request arrived with, when it is a plain token, else a new one. */
export function requestIdFrom(headers: { get(name: string): string | null }): string {
  const sent = headers.get(REQUEST_ID_HEADER)?.trim();
  return sent && PLAIN_ID.test(sent) ? sent : crypto.randomUUID();
}
