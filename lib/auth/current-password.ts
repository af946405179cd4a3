/**
 * "The current password is verified by a call first" (spec §5 Settings save; §7 VerifyCurrentPassword,
 * VerifyUserCurrentPassword). Always the signed-in user's own password, never one named in a body.
 *
 * A wrong current password counts as a failed attempt on the account, like a wrong password at
 * sign-in (lib/auth/lockout.ts): at LOGIN_ATTEMPT_LIMIT the account locks, which ends the session.
 * So a stolen session cannot be used to guess the password without limit.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import type { Actor } from './actor';
import { recordFailure } from './lockout';
import { verifyPassword } from './password';

export async function verifyCurrentPassword(actor: Actor, plain: string): Promise<boolean> {
  const db = await getDb();
  const [u] = await db
    .select({
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      isLocked: users.isLocked,
      clientId: users.clientId,
    })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!u || !u.isActive || u.isLocked) return false;
  if (plain.length > 0 && (await verifyPassword(u.passwordHash, plain))) return true;
  await recordFailure(db, { user: { id: actor.userId, clientId: u.clientId } }, 'password');
  return false;
}
