/**
 * What the signed-in page shell needs about the user (name, firm, whether the guided tour is
 * still due, the days until the password expires, recovery codes when few are left) and the tour switch-off of
 * spec §4 (api/User/DisableTour).
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { clients, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { passwordExpiryDays } from '@/lib/auth/expiry';
import { fewRecoveryCodes, recoveryCodesLeftOf } from '@/lib/auth/two-factor';
import { now } from '@/lib/clock';
import { preparedFor } from '@/lib/lists/prepared';

export interface ShellUser {
  displayName: string;
  userName: string;
  clientName: string | null;
  enableTour: boolean;
  /** GetPasswordExpiry's figure for the user: days until the password expires, or 'NA'. */
  passwordExpiryDays: number | 'NA';
  /** Unused recovery codes when few are left (lib/auth/two-factor.ts), else null. */
  fewRecoveryCodes: number | null;
}

/** The shell's user columns (lib/jobs/shell.ts reads them with the news state). */
export const shellColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  enableTour: users.enableTour,
  clientName: clients.name,
  passwordChangedAt: users.passwordChangedAt,
  recoveryCodesLeft: recoveryCodesLeftOf(users.id),
};

/** Every signed-in page reads this: one statement, planned once per database. */
function shellLookup(db: Db) {
  return db
    .select(shellColumns)
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('shell_user');
}

type ShellRow = {
  firstName: string;
  lastName: string;
  enableTour: boolean;
  clientName: string | null;
  passwordChangedAt: Date;
  recoveryCodesLeft: number | null;
};

/** The shell's user from its row (none: the user's name from the session, nothing due). */
export function toShellUser(actor: Actor, row: ShellRow | undefined): ShellUser {
  const displayName = row ? `${row.firstName} ${row.lastName}`.trim() : '';
  return {
    displayName: displayName || actor.userName,
    userName: actor.userName,
    clientName: row?.clientName ?? null,
    enableTour: row?.enableTour ?? false,
    passwordExpiryDays: row ? passwordExpiryDays(row, now()) : 'NA',
    fewRecoveryCodes: fewRecoveryCodes(row?.recoveryCodesLeft ?? null),
  };
}

export async function getShellUser(actor: Actor): Promise<ShellUser> {
  const db = await getDb();
  const [row] = await preparedFor('shell', db, 'user', () => shellLookup(db)).execute({ userId: actor.userId });
  return toShellUser(actor, row);
}

/** The tour has run: it does not start by itself again for this user. Answers the new EnableTour. */
export async function disableTour(actor: Actor): Promise<{ EnableTour: boolean }> {
  const db = await getDb();
  await db.update(users).set({ enableTour: false, updatedAt: now() }).where(eq(users.id, actor.userId));
  return { EnableTour: false };
}
