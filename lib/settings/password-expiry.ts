/**
 * GET api/User/GetPasswordExpiry/UserId/{id}: the days left before a password expires (the
 * password-expiry notice), or 'NA' when passwords never expire. Only for the caller's own id or,
 * for a client administrator, a user of the same client; anything else answers like a missing user.
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { passwordExpiryDays } from '@/lib/auth/expiry';
import { now } from '@/lib/clock';
import { NotFoundError } from '@/lib/core/errors';
import { allowed } from '@/lib/core/authorize';
import { tenantScope } from '@/lib/core/tenancy';
import { userPolicy } from '@/lib/core/user-policy';

export async function getPasswordExpiry(actor: Actor, userId: number): Promise<number | 'NA'> {
  const own = userId === actor.userId;
  if (!own && !allowed(actor, 'manage', userPolicy)) throw new NotFoundError();
  const db = await getDb();
  const scope = own ? eq(users.id, userId) : and(eq(users.id, userId), tenantScope(users.clientId, actor));
  const [u] = await db.select({ passwordChangedAt: users.passwordChangedAt }).from(users).where(scope).limit(1);
  if (!u) throw new NotFoundError();
  return passwordExpiryDays(u, now());
}
