/**
 * Rate limits that hold across stateless instances: a fixed-window counter per key in the database (`rate_limits`),
 * incremented with one atomic INSERT … ON CONFLICT DO UPDATE, so parallel requests on any instance are all counted.
 * Used where the caller may be anonymous (error and CSP reports), keyed by an HMAC of the client IP (clientIpKey).
 */
import { createHmac } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { clientIp } from './client-ip';

export interface Limit {
  key: string;
  /** Calls allowed per window. */
  max: number;
  windowMs: number;
}

/** Counts one call against each limit; true when every limit still allows it. Counts even a refused call. */
export async function consumeRateLimits(limits: readonly Limit[]): Promise<boolean> {
  const db = await getDb();
  const t = now().getTime();
  let allowed = true;
  let newWindow = false;
  for (const limit of limits) {
    const windowStart = new Date(t - (t % limit.windowMs));
    const [row] = await db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart, hits: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
      .returning({ hits: rateLimits.hits });
    if ((row?.hits ?? 1) > limit.max) allowed = false;
    if ((row?.hits ?? 1) === 1) newWindow = true;
    // Earlier windows of this key are of no further use.
    await db.delete(rateLimits).where(and(eq(rateLimits.key, limit.key), lt(rateLimits.windowStart, windowStart)));
  }
  // A key's first call in a window is the moment to drop stale counters of keys that were not used again.
  if (newWindow) await pruneRateLimits();
  return allowed;
}

/** Removes every counter whose window ended more than an hour ago (keys that were not used again). */
export async function pruneRateLimits(): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now().getTime() - 3_600_000)));
}

/** A key naming the caller's IP without storing it (HMAC keyed with AUTH_SECRET). */
export function clientIpKey(headers: Headers): string {
  return createHmac('sha256', config().authSecret).update(`ip:${clientIp(headers) ?? 'unknown'}`).digest('hex').slice(0, 32);
}
