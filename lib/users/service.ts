/**
 * User administration (spec §1, §2 /user and /saveuser, §4 "User edit", §5 "User form", §7 Users calls):
 * the list of the client's users with filters, sort and paging, its export, one user, the duplicate checks,
 * create, edit (with an optional password reset) and deactivation.
 *
 * Only client administrators (role 4) manage users, and only their own client's: another client's user
 * answers exactly like a missing one. Deactivated users stay listed under the status filter and can be
 * reactivated. Every change is one transaction with its audit row; a deactivated user's sessions end in the
 * same transaction. A new user may be invited by e-mail (lib/auth/invite.ts) instead of given a password.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { getDb, type Db, type Queryable } from '@/db/client';
import { clients, users } from '@/db/schema';
import { tenantScope } from '@/lib/core/tenancy';
import { authorize } from '@/lib/core/authorize';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import type { Actor, ClientActor } from '@/lib/auth/actor';
import { revokeUserSessions } from '@/lib/auth/session';
import { INVITED_PASSWORD, sendInvitation } from '@/lib/auth/invite';
import { forAdministrator } from '@/lib/auth/password-policy';
import { setPassword } from '@/lib/auth/set-password';
import { now } from '@/lib/clock';
import { isUniqueViolation } from '@/lib/core/db-errors';
import {
  createUser,
  takenFields,
  userEmailTaken,
  userNameTaken,
  UserTakenError,
  userFieldsOf,
  type ExceptUser,
} from '@/lib/core/users';
import { emailDomainProblem } from '@/lib/security/security-policy';
import { ConflictError, NotFoundError } from '@/lib/core/errors';
import { inBatches } from '@/lib/lists/csv';
import { limitOffset, pageClause, type ListResult, type Page } from '@/lib/lists/paging';
import { preparedFor } from '@/lib/lists/prepared';
import type { UserListQuery } from './list-schema';
import { deactivateRefusal, isSelfDemotion, userPolicy } from '@/lib/core/user-policy';
import { userColumns, userOrder, userWhere, type UserListItem } from './queries';
import { isCreate, USER_MSG, type UserForm } from './schema';

export type { UserListItem } from './queries';

export const EXPORT_BATCH_SIZE = 500;

/** The page's own statement counts the query: active users, no text or time-zone filter, a role filter or none. */
function countedByRole(q: UserListQuery): boolean {
  return (q.status ?? 'active') === 'active' && !q.userName && !q.fullName && !q.phone && !q.timeZone;
}

/**
 * The page of a list counted in its own statement, in one sort, as a prepared statement (built once per database,
 * sort and role filter, then only bound): the rows and the exact total, count(*) of the client's active users (of
 * the role), an uncorrelated subquery evaluated once. A firm has hundreds of users, not millions: counting them
 * costs a fraction of a millisecond (docs/decisions/049-speed-machinery-receipts.md).
 */
function countedPage(db: Db, q: UserListQuery, limit: number, offset: number) {
  const page = pageClause(limit, offset);
  return preparedFor('users', db, `${q.sortBy}|${q.sortOrder}|${q.role ? 'role' : ''}|${page.key}`, () => {
    const clientId = sql.placeholder('clientId') as unknown as number;
    const role = sql.placeholder('role') as unknown as number;
    const where = and(
      eq(users.clientId, clientId),
      eq(users.isActive, true),
      q.role ? eq(users.role, role) : undefined,
    );
    const total = sql<number>`(select count(*)::int from ${users} where ${where})`;
    return db
      .select({ ...userColumns, total: total.mapWith(Number) })
      .from(users)
      .where(where)
      .orderBy(...userOrder(q))
      .limit(page.limit)
      .offset(page.offset)
      .prepare('user_list_page');
  });
}

/**
 * One page of the client's active users matching the query, in the query's order, with the number that match:
 * counted in the rows' statement (unfiltered or a role filter), from a short page, or counted.
 */
export async function listUsers(actor: Actor, query: UserListQuery, page: Page): Promise<ListResult<UserListItem>> {
  const a = authorize(actor, 'manage', userPolicy);
  const db = await getDb();
  const { limit, offset } = limitOffset(page);
  if (countedByRole(query)) {
    const found = await countedPage(db, query, limit, offset).execute({
      clientId: a.clientId,
      role: query.role ?? 0,
      limit,
      offset,
    });
    const rows = found.map(({ total: _total, ...r }) => r);
    const counted = found[0]?.total;
    if (counted !== undefined) return { rows, totalCount: counted, pageSize: page.size };
    if (offset === 0) return { rows, totalCount: 0, pageSize: page.size };
  }
  const where = userWhere(a.clientId, query);
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(...userOrder(query))
    .limit(limit)
    .offset(offset);
  // A short page that is not empty is the last one: it tells the total without counting.
  const totalCount =
    rows.length < limit && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : ((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0);
  return { rows, totalCount, pageSize: page.size };
}

/** Every user of the query in the query's order, read in batches (User.csv). */
export function exportUsers(
  actor: Actor,
  query: UserListQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<UserListItem> {
  const a = authorize(actor, 'manage', userPolicy);
  const where = userWhere(a.clientId, query);
  return inBatches<UserListItem, number>(async (offset = 0) => {
    const db = await getDb();
    const rows = await db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(...userOrder(query))
      .limit(batchSize)
      .offset(offset);
    return { rows, next: rows.length === batchSize ? offset + batchSize : undefined };
  });
}

/** One active user of the actor's client, or null (missing, deactivated, or another client's). */
export async function getUser(actor: Actor, userId: number): Promise<UserListItem | null> {
  const a = authorize(actor, 'manage', userPolicy);
  const db = await getDb();
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), tenantScope(users.clientId, a), eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** Not the user being edited, when it is a user of the actor's client (another client's id counts). */
function exceptUser(a: ClientActor, exceptUserId: number | undefined): ExceptUser | undefined {
  return exceptUserId ? { userId: exceptUserId, clientId: a.clientId } : undefined;
}

/**
 * Is the user name taken? The portal's one rule (lib/core/users.ts): trimmed, case-insensitive, across the
 * portal, deactivated users included. `exceptUserId` is the user being edited.
 */
export async function userNameExists(
  actor: Actor,
  userName: string,
  exceptUserId?: number,
  q?: Queryable,
): Promise<boolean> {
  const a = authorize(actor, 'manage', userPolicy);
  return userNameTaken(q ?? (await getDb()), userName, exceptUser(a, exceptUserId));
}

/** Is the e-mail address used by another active user (the same rule, lib/core/users.ts)? */
export async function userEmailExists(
  actor: Actor,
  email: string,
  exceptUserId?: number,
  q?: Queryable,
): Promise<boolean> {
  const a = authorize(actor, 'manage', userPolicy);
  return userEmailTaken(q ?? (await getDb()), email, exceptUser(a, exceptUserId));
}

export type SaveUserResult =
  | { status: 'created'; userId: number }
  /** Created without a password, and e-mailed an invitation to choose one. */
  | { status: 'invited'; userId: number }
  | { status: 'updated'; userId: number }
  /** The new password is one of the user's last 10 (spec §7: SaveUser answers 2). */
  | { status: 'reused' }
  | { status: 'duplicate'; fields: Record<string, string[]> }
  | { status: 'invalid'; fields: Record<string, string[]> }
  /** The user to edit is missing, deactivated or another client's. */
  | { status: 'not-found' };

class Abort extends Error {
  constructor(public readonly result: SaveUserResult) {
    super('user save aborted');
  }
}

export { isUniqueViolation };

function duplicates(
  tx: Queryable,
  a: ClientActor,
  form: UserForm,
  exceptUserId?: number,
): Promise<Record<string, string[]> | null> {
  return takenFields(
    tx,
    { userName: form.UserName, email: form.EmailId, clientId: a.clientId },
    exceptUser(a, exceptUserId),
  );
}

function passwordFailure(r: Awaited<ReturnType<typeof setPassword>>, self = false): SaveUserResult | null {
  if (r.ok) return null;
  if (r.reason === 'reused') return { status: 'reused' };
  if (r.reason === 'policy')
    return { status: 'invalid', fields: { NewPassword: self ? r.problems : forAdministrator(r.problems) } };
  return { status: 'not-found' };
}

/** Placeholder until setPassword stores the real hash in the same transaction (never verifies). */
const NO_PASSWORD = '!';

async function create(tx: Queryable, a: ClientActor, form: UserForm): Promise<SaveUserResult> {
  const dup = await duplicates(tx, a, form);
  if (dup) throw new Abort({ status: 'duplicate', fields: dup });
  // The organisation's allowed e-mail domains.
  const domain = await emailDomainProblem(a.clientId, form.EmailId, tx);
  if (domain) throw new Abort({ status: 'invalid', fields: { EmailId: [domain] } });
  const invite = form.Invite === true;
  const userId = await createUser(tx, {
    ...userFieldsOf(form),
    clientId: a.clientId,
    role: form.Role,
    passwordHash: invite ? INVITED_PASSWORD : NO_PASSWORD,
    mustChangePassword: true,
    createdById: a.userId,
  });
  if (invite) {
    // The person chooses the password through the invitation's single-use link (lib/auth/invite.ts). The
    // invitation names the inviter as people know them: their full name and their firm.
    const [inviter] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, firm: clients.name })
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, a.userId))
      .limit(1);
    const by = (inviter && `${inviter.firstName} ${inviter.lastName}`.trim()) || a.userName;
    await sendInvitation(tx, {
      userId,
      to: form.EmailId,
      name: `${form.FirstName} ${form.LastName}`,
      userName: form.UserName,
      why: `${by}${inviter ? ` of ${inviter.firm}` : ''} has invited you to the JMS Portal, where your firm orders and follows its jobs and sees its invoices.`,
      askAgain: `ask ${by} for a new invitation`,
    });
    await audit(tx, a, 'user.invited', userId, { userName: form.UserName, role: form.Role });
    return { status: 'invited', userId };
  }
  // A new user must change the password at the first sign-in.
  const failed = passwordFailure(
    await setPassword(tx, userId, form.NewPassword ?? '', {
      reason: 'created',
      actorUserId: a.userId,
      mustChangePassword: true,
    }),
  );
  if (failed) throw new Abort(failed);
  await audit(tx, a, 'user.created', userId, { userName: form.UserName, role: form.Role });
  return { status: 'created', userId };
}

const EDITABLE = ['userName', 'firstName', 'lastName', 'email', 'phone', 'role', 'timeZone'] as const;

async function update(tx: Queryable, a: ClientActor, userId: number, form: UserForm): Promise<SaveUserResult> {
  const [before] = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), tenantScope(users.clientId, a), eq(users.isActive, true)))
    .for('update')
    .limit(1);
  if (!before) throw new Abort({ status: 'not-found' });
  if (isSelfDemotion(a, userId, form.Role))
    throw new Abort({ status: 'invalid', fields: { Role: [USER_MSG.cannotDemoteSelf] } });
  const dup = await duplicates(tx, a, form, userId);
  if (dup) throw new Abort({ status: 'duplicate', fields: dup });
  if (form.EmailId.trim().toLowerCase() !== before.email.trim().toLowerCase()) {
    const domain = await emailDomainProblem(a.clientId, form.EmailId, tx);
    if (domain) throw new Abort({ status: 'invalid', fields: { EmailId: [domain] } });
  }
  const after = { ...userFieldsOf(form), role: form.Role };
  await tx
    .update(users)
    .set({ ...after, updatedAt: now(), updatedById: a.userId })
    .where(eq(users.id, userId));
  const changed: string[] = EDITABLE.filter((k) => before[k] !== after[k]);
  if (form.ChangePassword) {
    const self = userId === a.userId;
    const r = await setPassword(tx, userId, form.NewPassword ?? '', {
      reason: 'admin',
      actorUserId: a.userId,
      unlock: true,
      // An administrator's reset is a first-time password for someone else; one's own is simply changed.
      mustChangePassword: !self,
      keepSessionId: self ? a.sessionId : undefined,
    });
    const failed = passwordFailure(r, self);
    if (failed) throw new Abort(failed);
    changed.push('password');
  }
  await audit(tx, a, 'user.updated', userId, { changed });
  return { status: 'updated', userId };
}

async function audit(
  tx: Queryable,
  a: ClientActor,
  action: string,
  userId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, userPrincipal(a), {
    clientId: a.clientId,
    action,
    targetType: 'user',
    targetId: String(userId),
    details,
  });
}

/**
 * Creates (no UserId) or edits a user of the actor's client. The duplicate checks run again inside the
 * transaction; the unique index on lower(user_name) is the final guard against a concurrent save. The user row
 * itself is inserted by lib/core/users.ts's createUser, the one door for every kind of user.
 */
export async function saveUser(actor: Actor, form: UserForm): Promise<SaveUserResult> {
  const a = authorize(actor, 'manage', userPolicy);
  const db = await getDb();
  try {
    return await db.transaction((tx) => (isCreate(form) ? create(tx, a, form) : update(tx, a, form.UserId ?? 0, form)));
  } catch (e) {
    if (e instanceof Abort) return e.result;
    if (e instanceof UserTakenError) return { status: 'duplicate', fields: e.fields };
    if (isUniqueViolation(e)) return { status: 'duplicate', fields: { UserName: [USER_MSG.userNameExists] } };
    throw e;
  }
}

export type DeactivateResult = { status: 'deactivated'; userId: number } | { status: 'not-found' } | { status: 'self' };

/**
 * Deactivates an active user of the actor's client by user name (case-insensitive): the user can no
 * longer sign in, and every open session ends at once. An administrator cannot deactivate itself.
 */
export async function deactivateUser(actor: Actor, userName: string): Promise<DeactivateResult> {
  const a = authorize(actor, 'manage', userPolicy);
  const name = userName.trim().toLowerCase();
  if (!name) return { status: 'not-found' };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(and(sql`lower(${users.userName}) = ${name}`, tenantScope(users.clientId, a), eq(users.isActive, true)))
      .for('update')
      .limit(1);
    if (!target) return { status: 'not-found' } as const;
    if (deactivateRefusal(a, target.id) === 'self') return { status: 'self' } as const;
    const t = now();
    await tx
      .update(users)
      .set({ isActive: false, deactivatedAt: t, updatedAt: t, updatedById: a.userId })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    await audit(tx, a, 'user.deactivated', target.id, { userName: target.userName });
    return { status: 'deactivated', userId: target.id } as const;
  });
}

/**
 * Reactivates a deactivated user of the actor's client: the user may sign in again with the password they had
 * (an administrator may reset it from the edit form). ConflictError while another active user has the e-mail
 * address (the uniqueness rule of lib/core/users.ts); NotFoundError for no deactivated user of the firm (another
 * client's answers like a missing one).
 */
export async function reactivateUser(actor: Actor, userId: number): Promise<{ userId: number }> {
  const a = authorize(actor, 'manage', userPolicy);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, userName: users.userName, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), tenantScope(users.clientId, a), eq(users.isActive, false)))
      .for('update')
      .limit(1);
    if (!target) throw new NotFoundError(USER_MSG.reactivateGone);
    if (await userEmailTaken(tx, target.email, { userId: target.id, clientId: a.clientId })) {
      throw new ConflictError(USER_MSG.reactivateEmailTaken, { EmailId: [USER_MSG.reactivateEmailTaken] });
    }
    const t = now();
    await tx
      .update(users)
      .set({ isActive: true, deactivatedAt: null, updatedAt: t, updatedById: a.userId })
      .where(eq(users.id, target.id));
    await audit(tx, a, 'user.reactivated', target.id, { userName: target.userName });
    return { userId: target.id };
  });
}
