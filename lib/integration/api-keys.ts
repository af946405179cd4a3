/**
 * API keys of the integration API. A provider administrator (policy 'apiKeys.manage', role 1) creates
 * a key with a name and scopes, sees it once, and may revoke it; every /api/v1 call authenticates with one.
 *
 * A key is `jms_<prefix>_<secret>`: the prefix (12 hex digits) is public and finds the row; the secret is 32 random
 * bytes (base64url). Only the SHA-256 of the whole key is stored, and a presented key is compared with it in
 * constant time (a wrong prefix still costs one comparison against a dummy hash). The key is high-entropy, so a
 * fast hash is enough: nobody can guess their way through 2^256 secrets, and a leaked hash does not give the key.
 *
 * Creation and revocation are each one transaction with their audit row (ops.apiKey.created / ops.apiKey.revoked).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { NotFoundError, ValidationError } from '@/lib/core/errors';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { isUniqueViolation } from '@/lib/users/service';
import { API_KEY_MSG, API_SCOPES, type ApiKeyForm, type ApiScope } from './api-key-schema';

/** A key as /Ops/ApiKeys lists it: never its hash. */
export interface ApiKeyView {
  id: number;
  name: string;
  /** The key's public start, e.g. jms_3f9a0c1b2d4e_…, so staff can tell which key a system holds. */
  displayPrefix: string;
  scopes: ApiScope[];
  createdAt: Date;
  createdByName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** The caller of an /api/v1 request: the key that authenticated it. */
export interface ApiKeyPrincipal {
  id: number;
  name: string;
  scopes: ApiScope[];
}

const KEY_PATTERN = /^jms_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** last_used_at is written at most this often per key (one row write per call would make the key a hot row). */
const LAST_USED_RESOLUTION_MS = 60_000;

const sha256 = (v: string) => createHash('sha256').update(v, 'utf8').digest();
const DUMMY_HASH = sha256('jms_000000000000_not-a-key');

const displayPrefix = (prefix: string) => `jms_${prefix}_…`;

function asScopes(v: readonly string[]): ApiScope[] {
  return API_SCOPES.filter((s) => v.includes(s));
}

/** Every key, active ones first, newest first. */
export async function listApiKeys(actor: Actor): Promise<ApiKeyView[]> {
  authorize(actor, 'apiKeys.manage', staffPolicy);
  const db = await getDb();
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      first: users.firstName,
      last: users.lastName,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdById))
    .orderBy(sql`${apiKeys.revokedAt} is null desc`, desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(1000);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    displayPrefix: displayPrefix(r.prefix),
    scopes: asScopes(r.scopes),
    createdAt: r.createdAt,
    createdByName: r.first === null ? null : `${r.first} ${r.last ?? ''}`.trim(),
    lastUsedAt: r.lastUsedAt,
    revokedAt: r.revokedAt,
  }));
}

/** Creates a key. The answer's `key` is the only time anyone sees it. */
export async function createApiKey(
  actor: Actor,
  form: ApiKeyForm,
): Promise<{ id: number; name: string; scopes: ApiScope[]; key: string }> {
  const staff = authorize(actor, 'apiKeys.manage', staffPolicy);
  const prefix = randomBytes(6).toString('hex');
  const key = `jms_${prefix}_${randomBytes(32).toString('base64url')}`;
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          name: form.name,
          prefix,
          secretHash: sha256(key).toString('hex'),
          scopes: form.scopes,
          createdById: staff.userId,
          createdAt: now(),
        })
        .returning({ id: apiKeys.id });
      if (!row) throw new Error('api key not stored');
      await recordAudit(tx, userPrincipal(staff), {
        action: 'ops.apiKey.created',
        clientId: null,
        targetType: 'api_key',
        targetId: row.id,
        details: { name: form.name, scopes: form.scopes, prefix },
      });
      return { id: row.id, name: form.name, scopes: form.scopes, key };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ValidationError({ name: [API_KEY_MSG.nameTaken] }, API_KEY_MSG.nameTaken);
    throw e;
  }
}

/** Revokes a key: from now on every call with it answers 401. */
export async function revokeApiKey(actor: Actor, id: number): Promise<void> {
  const staff = authorize(actor, 'apiKeys.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const at = now();
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: at, revokedById: staff.userId })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    if (!row) throw new NotFoundError(API_KEY_MSG.notFound);
    await recordAudit(tx, userPrincipal(staff), {
      action: 'ops.apiKey.revoked',
      clientId: null,
      targetType: 'api_key',
      targetId: row.id,
      details: { name: row.name, prefix: row.prefix },
    });
  });
}

/** The value of an `Authorization: Bearer <key>` header, or null. */
export function bearerToken(header: string | null): string | null {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/**
 * The active key a presented key string is, or null (malformed, unknown, wrong secret, revoked). Marks it used.
 * The stored and presented hashes are compared in constant time.
 */
export async function authenticateApiKey(presented: string): Promise<ApiKeyPrincipal | null> {
  const m = KEY_PATTERN.exec(presented);
  const db = await getDb();
  const [row] = m
    ? await db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          secretHash: apiKeys.secretHash,
          scopes: apiKeys.scopes,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.prefix, m[1]!))
        .limit(1)
    : [];
  const stored = row ? Buffer.from(row.secretHash, 'hex') : DUMMY_HASH;
  const matches = timingSafeEqual(stored.length === 32 ? stored : DUMMY_HASH, sha256(presented));
  if (!row || !matches || row.revokedAt !== null) return null;
  const at = now();
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - LAST_USED_RESOLUTION_MS))),
      ),
    );
  return { id: row.id, name: row.name, scopes: asScopes(row.scopes) };
}
