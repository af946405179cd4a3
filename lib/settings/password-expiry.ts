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
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';

export async function getPasswordExpiry(actor: Actor, userId: number): Promise<number | 'NA'> {
  const mayRead = userId === actor.userId || (actor.role === CLIENT_ADMIN_ROLE && actor.clientId !== null);
  if (!mayRead) throw new NotFoundError();
  const db = await getDb();
  const scope = userId === actor.userId ? eq(users.id, userId) : and(eq(users.id, userId), eq(users.clientId, actor.clientId ?? -1));
  const [u] = await db.select({ passwordChangedAt: users.passwordChangedAt }).from(users).where(scope).limit(1);
  if (!u) throw new NotFoundError();
  return passwordExpiryDays(u, now());
}
