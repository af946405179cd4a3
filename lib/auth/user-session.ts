/** The user session of spec §3 (GET api/Authentication/Session) and signing out. */
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { isClientActor, type Actor } from './actor';
import { auditAuth } from './audit';
import { revokeSession } from './session';

export interface UserSessionAnswer {
  UserName: string;
  UserId: number;
  ClientId: number | null;
  Role: number;
  IsUserClient: boolean;
  EnableTour: boolean;
}

export async function userSession(actor: Actor): Promise<UserSessionAnswer> {
  const db = await getDb();
  const [row] = await db
    .select({ enableTour: users.enableTour })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  return {
    UserName: actor.userName,
    UserId: actor.userId,
    ClientId: actor.clientId,
    Role: actor.role,
    IsUserClient: isClientActor(actor),
    EnableTour: row?.enableTour ?? false,
  };
}

/** Ends a session on the server at once (every instance, both the cookie and the legacy token). */
export async function signOutSession(sessionId: string | null | undefined, actor?: Actor | null): Promise<void> {
  if (!sessionId) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    if (actor) {
      await auditAuth(tx, {
        action: 'signout',
        userId: actor.userId,
        clientId: actor.clientId,
        targetType: 'session',
        targetId: sessionId,
      });
    }
  });
}
