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

/** What one limit said of a call: allowed or not, the calls counted in this window, and when the window ends. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  hits: number;
  /** The end of the current window: a refused caller may try again then (Retry-After). */
  resetAt: Date;
}

async function count(limit: Limit, t: number): Promise<RateLimitState & { newWindow: boolean }> {
  const db = await getDb();
  const windowStart = new Date(t - (t % limit.windowMs));
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  const hits = row?.hits ?? 1;
  // Earlier windows of this key are of no further use.
  if (hits === 1)
    await db.delete(rateLimits).where(and(eq(rateLimits.key, limit.key), lt(rateLimits.windowStart, windowStart)));
  return {
    allowed: hits <= limit.max,
    limit: limit.max,
    hits,
    resetAt: new Date(windowStart.getTime() + limit.windowMs),
    newWindow: hits === 1,
  };
}

/** Counts one call against each limit; true when every limit still allows it. Counts even a refused call. */
export async function consumeRateLimits(limits: readonly Limit[]): Promise<boolean> {
  const t = now().getTime();
  let allowed = true;
  let newWindow = false;
  for (const limit of limits) {
    const r = await count(limit, t);
    if (!r.allowed) allowed = false;
    if (r.newWindow) newWindow = true;
  }
  // A key's first call in a window is the moment to drop stale counters of keys that were not used again.
  if (newWindow) await pruneRateLimits();
  return allowed;
}

/** Counts one call against one limit and says when its window ends (for Retry-After and RateLimit headers). */
export async function consumeRateLimit(limit: Limit): Promise<RateLimitState> {
  const { newWindow, ...state } = await count(limit, now().getTime());
  if (newWindow) await pruneRateLimits();
  return state;
}

/** Removes every counter whose window ended more than an hour ago (keys that were not used again). */
export async function pruneRateLimits(): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now().getTime() - 3_600_000)));
}

/** A key naming the caller's IP without storing it (HMAC keyed with AUTH_SECRET). */
export function clientIpKey(headers: Headers): string {
  return createHmac('sha256', config().authSecret)
    .update(`ip:${clientIp(headers) ?? 'unknown'}`)
    .digest('hex')
    .slice(0, 32);
}
