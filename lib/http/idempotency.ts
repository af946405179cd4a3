/**
 * The Idempotency-Key header of /api/v1 writes (IETF draft-ietf-httpapi-idempotency-key-header), per API key,
 * held in the database so it works across stateless instances:
 *
 * - the first request with a key claims it (one INSERT … ON CONFLICT DO NOTHING: of two parallel requests exactly
 *   one wins), runs, and stores its answer (status and body; a 5xx is not stored, so the caller may retry);
 * - the same key with the same request (method, path, canonical JSON body) replays the stored answer, marked
 *   `Idempotent-Replayed: true`;
 * - the same key with another request is a 422; the same key while the first request is still running is a 409;
 * - a claim whose request died (no answer after CLAIM_MS) may be taken over; records expire after
 *   API_IDEMPOTENCY_TTL_HOURS.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { apiIdempotencyRecords } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { ProblemError } from './problem';

export const IDEMPOTENCY_MSG = {
  invalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (optionally in double quotes).',
  reused: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Retry later.',
} as const;

/** How long a claim holds before another request may take it over (the request that made it died). */
const CLAIM_MS = 60_000;

/** The key of an Idempotency-Key header (a structured-field string, or the bare token many clients send), or null. */
export function idempotencyKeyOf(headers: Headers): string | null {
  const raw = headers.get('idempotency-key');
  if (raw === null) return null;
  const t = raw.trim();
  const key = t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new ProblemError(400, IDEMPOTENCY_MSG.invalid, {}, { 'Idempotency-Key': [IDEMPOTENCY_MSG.invalid] });
  return key;
}

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest('hex');
}

export interface StoredAnswer {
  status: number;
  contentType: string;
  body: unknown;
}

export interface IdempotencyClaim {
  apiKeyId: number;
  key: string;
}

/** Claims the key for this request (null answer), or answers the stored answer to replay; 422/409 otherwise. */
export async function claimIdempotencyKey(
  claim: IdempotencyClaim,
  method: string,
  path: string,
  fingerprint: string,
): Promise<StoredAnswer | null> {
  const db = await getDb();
  const t = now();
  const mine = and(
    eq(apiIdempotencyRecords.apiKeyId, claim.apiKeyId),
    eq(apiIdempotencyRecords.idempotencyKey, claim.key),
  );
  await db
    .delete(apiIdempotencyRecords)
    .where(lt(apiIdempotencyRecords.createdAt, new Date(t.getTime() - config().API_IDEMPOTENCY_TTL_HOURS * 3_600_000)));
  const lockedUntil = new Date(t.getTime() + CLAIM_MS);
  const [won] = await db
    .insert(apiIdempotencyRecords)
    .values({
      apiKeyId: claim.apiKeyId,
      idempotencyKey: claim.key,
      method,
      path,
      fingerprint,
      lockedUntil,
      createdAt: t,
    })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyRecords.idempotencyKey });
  if (won) return null;
  const [row] = await db.select().from(apiIdempotencyRecords).where(mine).limit(1);
  if (!row) throw new ProblemError(409, IDEMPOTENCY_MSG.inProgress, { 'Retry-After': '1' });
  if (row.fingerprint !== fingerprint) throw new ProblemError(422, IDEMPOTENCY_MSG.reused);
  if (row.status !== null) {
    const stored = row.response as { contentType?: string; body?: unknown } | null;
    return { status: row.status, contentType: stored?.contentType ?? 'application/json', body: stored?.body ?? null };
  }
  // Still running, unless its request died: then this request takes the claim over (one taker wins).
  if (row.lockedUntil && row.lockedUntil > t)
    throw new ProblemError(409, IDEMPOTENCY_MSG.inProgress, {
      'Retry-After': String(Math.max(1, Math.ceil((row.lockedUntil.getTime() - t.getTime()) / 1000))),
    });
  const [taken] = await db
    .update(apiIdempotencyRecords)
    .set({ lockedUntil })
    .where(and(mine, row.lockedUntil ? eq(apiIdempotencyRecords.lockedUntil, row.lockedUntil) : undefined))
    .returning({ key: apiIdempotencyRecords.idempotencyKey });
  if (!taken) throw new ProblemError(409, IDEMPOTENCY_MSG.inProgress, { 'Retry-After': '1' });
  return null;
}

/** Stores the answer of a claimed request; a 5xx frees the key instead, so the caller can retry. */
export async function settleIdempotencyKey(claim: IdempotencyClaim, res: Response): Promise<void> {
  const db = await getDb();
  const mine = and(
    eq(apiIdempotencyRecords.apiKeyId, claim.apiKeyId),
    eq(apiIdempotencyRecords.idempotencyKey, claim.key),
  );
  if (res.status >= 500) {
    await db.delete(apiIdempotencyRecords).where(mine);
    return;
  }
  const text = await res.clone().text();
  const body: unknown = text === '' ? null : JSON.parse(text);
  await db
    .update(apiIdempotencyRecords)
    .set({
      status: res.status,
      response: { contentType: res.headers.get('content-type') ?? 'application/json', body },
      lockedUntil: null,
    })
    .where(mine);
}

export function replayResponse(a: StoredAnswer): Response {
  return new Response(a.body === null ? null : JSON.stringify(a.body), {
    status: a.status,
    headers: { 'Content-Type': a.contentType, 'Cache-Control': 'no-store', 'Idempotent-Replayed': 'true' },
  });
}
