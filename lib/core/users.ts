/**
 * The user row's one door: the uniqueness rule of user names and e-mail addresses, and `createUser`, the only
 * place in the application that inserts a user (client users, staff users and an invited client administrator
 * all come through it; the demo seed under scripts/seed keeps its own bulk insert).
 *
 * The rule: both are compared trimmed and case-insensitively. A user name is unique across the portal,
 * deactivated users included (they sign in by name; the unique index on lower(user_name) is the last guard);
 * an e-mail address is unique among active users (it identifies a person for password reset and single
 * sign-on). A client user starts with the default alerts (DEFAULT_JOB_ALERT_STATUSES and the invoice alert).
 * The password is the domain's: it passes the stored hash in (a placeholder that never verifies,
 * and sets the real password through lib/auth in the same transaction).
 *
 * This is the floor under the domains (lib/core): it imports no domain folder.
 */
import { and, eq, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { userJobAlerts, users } from '@/db/schema';
import { DEFAULT_JOB_ALERT_STATUSES } from '@/lib/reference';
import { now } from '@/lib/clock';
import { isUniqueViolation } from './db-errors';
import { USER_TAKEN_MSG } from './user-messages';

export { USER_TAKEN_MSG };

/** The form of a user name or e-mail address the rule compares: trimmed, lower case. */
export function identityKey(value: string): string {
  return value.trim().toLowerCase();
}

/** A user who does not count against the rule (the one being edited), within its client (null: staff). */
export interface ExceptUser {
  userId: number;
  clientId: number | null;
}

function exceptClause(except: ExceptUser | undefined): SQL | undefined {
  if (!except) return undefined;
  // Null-safe: a staff user (no client) is not excused by a client's id, nor the reverse.
  const sameClient =
    except.clientId === null ? isNull(users.clientId) : sql`${users.clientId} is not distinct from ${except.clientId}`;
  return not(and(eq(users.id, except.userId), sameClient) ?? sql`false`);
}

/** Is the user name taken (by anyone, deactivated users included)? */
export async function userNameTaken(q: Queryable, userName: string, except?: ExceptUser): Promise<boolean> {
  const key = identityKey(userName);
  if (!key) return false;
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.userName}) = ${key}`, exceptClause(except)))
    .limit(1);
  return Boolean(row);
}

/** Is the e-mail address used by another active user? */
export async function userEmailTaken(q: Queryable, email: string, except?: ExceptUser): Promise<boolean> {
  const key = identityKey(email);
  if (!key) return false;
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${key}`, eq(users.isActive, true), exceptClause(except)))
    .limit(1);
  return Boolean(row);
}

/** Is the user name a deactivated user's of this client (null: staff)? Then the way is reactivation, not a new user. */
async function deactivatedNameOf(
  q: Queryable,
  userName: string,
  clientId: number | null | undefined,
): Promise<boolean> {
  if (clientId == null) return false;
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.userName}) = ${identityKey(userName)}`,
        eq(users.clientId, clientId),
        eq(users.isActive, false),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The form fields (UserName, EmailId) the rule refuses, with their messages; null when both are free. `clientId`
 * (the firm the user is for) lets a name held by a deactivated user of that firm say so, pointing to reactivation.
 */
export async function takenFields(
  q: Queryable,
  who: { userName: string; email: string; clientId?: number | null },
  except?: ExceptUser,
): Promise<Record<string, string[]> | null> {
  const fields: Record<string, string[]> = {};
  if (await userNameTaken(q, who.userName, except)) {
    fields.UserName = [
      (await deactivatedNameOf(q, who.userName, who.clientId))
        ? USER_TAKEN_MSG.userNameDeactivated
        : USER_TAKEN_MSG.userName,
    ];
  }
  if (await userEmailTaken(q, who.email, except)) fields.EmailId = [USER_TAKEN_MSG.email];
  return Object.keys(fields).length ? fields : null;
}

/** The user name or e-mail address is taken: `fields` holds the form's field messages. */
export class UserTakenError extends Error {
  constructor(public readonly fields: Record<string, string[]>) {
    super(USER_TAKEN_MSG.either);
    this.name = 'UserTakenError';
  }
}

/** A person's names, address, phone and time zone, as a user row holds them. */
export interface UserFields {
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  timeZone: string;
}

/** The same, from a user form (client user, staff user or invited administrator: they share these field names). */
export function userFieldsOf(form: {
  UserName: string;
  FirstName: string;
  LastName: string;
  EmailId: string;
  Phone: string;
  TimeZoneId: string;
}): UserFields {
  return {
    userName: form.UserName,
    firstName: form.FirstName,
    lastName: form.LastName,
    email: form.EmailId,
    phone: form.Phone,
    timeZone: form.TimeZoneId,
  };
}

export interface NewUser extends UserFields {
  /** Null only for staff (roles 1 and 2). */
  clientId: number | null;
  role: number;
  /** The stored hash; the domain's placeholder until it sets the real password in the same transaction. */
  passwordHash: string;
  mustChangePassword: boolean;
  enableTour?: boolean;
  /** Who creates the user (null: a script or background work). */
  createdById: number | null;
}

/**
 * Inserts a user, once the rule allows it, with its names and address trimmed. Throws UserTakenError when the
 * user name or e-mail address is taken, including when a concurrent save wins the unique index (the caller's
 * transaction then rolls back). Returns the new user's id.
 */
export async function createUser(tx: Queryable, u: NewUser): Promise<number> {
  const userName = u.userName.trim();
  const email = u.email.trim();
  const taken = await takenFields(tx, { userName, email, clientId: u.clientId });
  if (taken) throw new UserTakenError(taken);
  const t = now();
  try {
    const [row] = await tx
      .insert(users)
      .values({
        clientId: u.clientId,
        userName,
        firstName: u.firstName.trim(),
        lastName: u.lastName.trim(),
        email,
        phone: u.phone.trim(),
        role: u.role,
        timeZone: u.timeZone,
        passwordHash: u.passwordHash,
        mustChangePassword: u.mustChangePassword,
        enableTour: u.enableTour,
        invoiceAlert: u.clientId !== null,
        createdAt: t,
        createdById: u.createdById,
        updatedAt: t,
        updatedById: u.createdById,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user not created');
    if (u.clientId !== null) {
      // A client user's alerts are on by default: order received, the changes that matter, invoices.
      await tx
        .insert(userJobAlerts)
        .values(DEFAULT_JOB_ALERT_STATUSES.map((jobStatusId) => ({ userId: row.id, jobStatusId })));
    }
    return row.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw new UserTakenError({ UserName: [USER_TAKEN_MSG.userName] });
    throw e;
  }
}
