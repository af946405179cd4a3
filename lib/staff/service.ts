/**
 * Staff users (/Ops/Staff): the provider's own users, roles 1 and 2, without a client. Only the
 * provider administrator (policy 'staff.manage') lists, creates, edits and deactivates them. They sign in like
 * everyone (password, OTP, the same lockout and password rules); a new staff user, or one whose password an
 * administrator reset, changes it at the first sign-in. Each change is one transaction with its audit row;
 * deactivation ends the user's sessions in it.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { revokeUserSessions } from '@/lib/auth/session';
import { setPassword } from '@/lib/auth/set-password';
import { now } from '@/lib/clock';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { USER_TAKEN_MSG } from '@/lib/core/user-messages';
import { createUser, takenFields, UserTakenError, userFieldsOf } from '@/lib/core/users';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/core/errors';
import { authorize } from '@/lib/core/authorize';
import { type StaffActor, staffPolicy } from '@/lib/core/staff-policy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { MSG } from '@/lib/messages';
import { STAFF_MSG, type StaffUserForm } from './schema';

export interface StaffUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: 1 | 2;
  timeZone: string;
  isActive: boolean;
  isLocked: boolean;
}

const columns = {
  id: users.id,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  timeZone: users.timeZone,
  isActive: users.isActive,
  isLocked: users.isLocked,
};

/** Placeholder until setPassword stores the real hash in the same transaction (never verifies). */
const NO_PASSWORD = '!';

const staffOnly = and(isNull(users.clientId), sql`${users.role} in (1, 2)`);

/** Every staff user, active first, by user name. */
export async function listStaffUsers(actor: Actor): Promise<StaffUser[]> {
  authorize(actor, 'staff.manage', staffPolicy);
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(users)
    .where(staffOnly)
    .orderBy(sql`${users.isActive} desc`, asc(users.userName))
    .limit(1000);
  return rows as StaffUser[];
}

export async function getStaffUser(actor: Actor, userId: number): Promise<StaffUser | null> {
  authorize(actor, 'staff.manage', staffPolicy);
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(staffOnly, eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return (row as StaffUser | undefined) ?? null;
}

/** The portal's one rule for user names and e-mail addresses (lib/core/users.ts); the staff user being edited does not count. */
async function duplicates(tx: Queryable, form: StaffUserForm, exceptId?: number): Promise<void> {
  const fields = await takenFields(
    tx,
    { userName: form.UserName, email: form.EmailId },
    exceptId ? { userId: exceptId, clientId: null } : undefined,
  );
  if (fields) throw new ValidationError(fields, USER_TAKEN_MSG.either);
}

function passwordRefusal(r: Awaited<ReturnType<typeof setPassword>>): void {
  if (r.ok) return;
  if (r.reason === 'reused') throw new ValidationError({ NewPassword: [MSG.passwordReused] });
  if (r.reason === 'policy') throw new ValidationError({ NewPassword: r.problems });
  throw new NotFoundError(STAFF_MSG.notFound);
}

/** Creates (no UserId) or edits a staff user. */
export async function saveStaffUser(actor: Actor, form: StaffUserForm): Promise<{ userId: number; created: boolean }> {
  const a = authorize(actor, 'staff.manage', staffPolicy);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => (form.UserId ? update(tx, a, form.UserId, form) : create(tx, a, form)));
  } catch (e) {
    if (e instanceof UserTakenError) throw new ValidationError(e.fields, USER_TAKEN_MSG.either);
    if (isUniqueViolation(e)) throw new ValidationError({ UserName: [USER_TAKEN_MSG.userName] });
    throw e;
  }
}

async function create(tx: Queryable, a: StaffActor, form: StaffUserForm) {
  const userId = await createUser(tx, {
    ...userFieldsOf(form),
    clientId: null,
    role: form.Role,
    passwordHash: NO_PASSWORD,
    mustChangePassword: true,
    enableTour: false,
    createdById: a.userId,
  });
  passwordRefusal(
    await setPassword(tx, userId, form.NewPassword ?? '', {
      reason: 'created',
      actorUserId: a.userId,
      mustChangePassword: true,
    }),
  );
  await recordAudit(tx, userPrincipal(a), {
    action: 'ops.staff.created',
    clientId: null,
    targetType: 'user',
    targetId: userId,
    details: { userName: form.UserName, role: form.Role },
  });
  return { userId, created: true };
}

async function update(tx: Queryable, a: StaffActor, userId: number, form: StaffUserForm) {
  const [before] = await tx
    .select(columns)
    .from(users)
    .where(and(staffOnly, eq(users.id, userId), eq(users.isActive, true)))
    .for('update')
    .limit(1);
  if (!before) throw new NotFoundError(STAFF_MSG.notFound);
  if (userId === a.userId && form.Role !== 1) throw new ValidationError({ Role: [STAFF_MSG.cannotDemoteSelf] });
  await duplicates(tx, form, userId);
  const after = { ...userFieldsOf(form), role: form.Role };
  await tx
    .update(users)
    .set({ ...after, updatedAt: now(), updatedById: a.userId })
    .where(eq(users.id, userId));
  const changed: string[] = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
  if (form.ChangePassword) {
    const self = userId === a.userId;
    passwordRefusal(
      await setPassword(tx, userId, form.NewPassword ?? '', {
        reason: 'admin',
        actorUserId: a.userId,
        unlock: true,
        mustChangePassword: !self,
        keepSessionId: self ? a.sessionId : undefined,
      }),
    );
    changed.push('password');
  }
  // A changed role takes effect at once: the user signs in again.
  if (before.role !== form.Role) await revokeUserSessions(tx, userId);
  await recordAudit(tx, userPrincipal(a), {
    action: 'ops.staff.updated',
    clientId: null,
    targetType: 'user',
    targetId: userId,
    details: { changed },
  });
  return { userId, created: false };
}

/** Deactivates a staff user (not oneself): no more sign-in, sessions end now. */
export async function deactivateStaffUser(actor: Actor, userId: number): Promise<void> {
  const a = authorize(actor, 'staff.manage', staffPolicy);
  if (userId === a.userId) throw new ConflictError(STAFF_MSG.cannotDeactivateSelf);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = now();
    const [row] = await tx
      .update(users)
      .set({ isActive: false, deactivatedAt: t, updatedAt: t, updatedById: a.userId })
      .where(and(staffOnly, eq(users.id, userId), eq(users.isActive, true)))
      .returning({ userName: users.userName });
    if (!row) throw new NotFoundError(STAFF_MSG.notFound);
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, userPrincipal(a), {
      action: 'ops.staff.deactivated',
      clientId: null,
      targetType: 'user',
      targetId: userId,
      details: { userName: row.userName },
    });
  });
}
