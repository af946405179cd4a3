/**
 * Whether a user has a confirmed authenticator app: asked by the sign-in (lib/auth/signin.ts, which then asks for
 * its code) and by the client security policy (lib/security/security-policy.ts, which will not require two-factor
 * of an administrator who has none). On the floor so the policy need not reach up into lib/auth.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { userAuthenticators } from '@/db/schema';

/** Whether the user has a confirmed authenticator app (the sign-in then asks for its code). */
export async function hasAuthenticator(q: Queryable, userId: number): Promise<boolean> {
  const [row] = await q
    .select({ userId: userAuthenticators.userId })
    .from(userAuthenticators)
    .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.confirmedAt)))
    .limit(1);
  return Boolean(row);
}
