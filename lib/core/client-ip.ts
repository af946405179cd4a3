import { isIP } from 'node:net';

/**
 * The caller's IP as this deployment sees it, for the audit trail and the per-IP rate limits alike: the last
 * X-Forwarded-For entry, which is the address the nearest proxy saw (Vercel and nginx's
 * $proxy_add_x_forwarded_for set or append it; `next start` sets it from the socket when the request has none),
 * else X-Real-IP. Only a well-formed address counts (null otherwise). A caller that reaches `next start` directly
 * with its own X-Forwarded-For can choose it: the address is informative, never an access control, and every
 * per-IP limit is paired with a ceiling for all anonymous callers (docs/security.md).
 */
export function clientIp(h: { get(name: string): string | null }): string | null {
  const last = h.get('x-forwarded-for')?.split(',').at(-1)?.trim() || h.get('x-real-ip')?.trim() || '';
  const ip = last.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  return isIP(ip) ? ip : null;
}
