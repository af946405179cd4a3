/**
 * What the signed-in page shell needs about the user (name, firm, whether the guided tour is
 * still due) and the tour switch-off of spec §4 (api/User/DisableTour).
 */
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { clients, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';

export interface ShellUser {
  displayName: string;
  userName: string;
  clientName: string | null;
  enableTour: boolean;
}

export async function getShellUser(actor: Actor): Promise<ShellUser> {
  const db = await getDb();
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, enableTour: users.enableTour, clientName: clients.name })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, actor.userId))
    .limit(1);
  const displayName = row ? `${row.firstName} ${row.lastName}`.trim() : '';
  return {
    displayName: displayName || actor.userName,
    userName: actor.userName,
    clientName: row?.clientName ?? null,
    enableTour: row?.enableTour ?? false,
  };
}

/** The tour has run: it does not start by itself again for this user. Answers the new EnableTour. */
export async function disableTour(actor: Actor): Promise<{ EnableTour: boolean }> {
  const db = await getDb();
  await db.update(users).set({ enableTour: false, updatedAt: now() }).where(eq(users.id, actor.userId));
  return { EnableTour: false };
}
