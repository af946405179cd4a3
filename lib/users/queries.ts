/**
 * The SQL side of the user list: the row's columns, the filter conditions (always one client's users, active
 * ones unless the status filter says otherwise), and the order (the chosen column, case-insensitive for text, then the user id in the same
 * direction so the order is total and pages never overlap).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { users } from '@/db/schema';
import { ilikeContains } from '@/lib/lists/contains';
import type { UserListQuery, UserSortColumn } from './list-schema';

export const userColumns = {
  id: users.id,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  timeZone: users.timeZone,
  isLocked: users.isLocked,
  failedLoginAttempts: users.failedLoginAttempts,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
  isActive: users.isActive,
  /** The newest session's start: the last sign-in (null: never signed in). */
  // Written qualified: a one-table select renders its columns unqualified, which a subquery would capture.
  lastSignInAt: sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = "users"."id")`.mapWith(
    (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v))),
  ),
  /** Signs in with an authenticator app (a confirmed one). */
  usesAuthenticator:
    sql<boolean>`exists (select 1 from user_authenticators a where a.user_id = "users"."id" and a.confirmed_at is not null)`.mapWith(
      Boolean,
    ),
};

export interface UserListItem {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: number;
  timeZone: string;
  isLocked: boolean;
  failedLoginAttempts: number;
  mustChangePassword: boolean;
  createdAt: Date;
  isActive: boolean;
  lastSignInAt: Date | null;
  usesAuthenticator: boolean;
}

/** "First Last", the Full Name the list shows and filters on. */
export const fullNameSql = sql`(${users.firstName} || ' ' || ${users.lastName})`;

const SORTS: Record<UserSortColumn, SQL | typeof users.id> = {
  1: users.id,
  2: sql`lower(${users.userName})`,
  3: sql`lower${fullNameSql}`,
  4: sql`lower(${users.email})`,
  5: sql`${users.phone}`,
  6: sql`${users.role}`,
  7: sql`${users.timeZone}`,
};

/** The status filter's condition (absent: active users). */
export function statusWhere(status: UserListQuery['status']): SQL | undefined {
  switch (status ?? 'active') {
    case 'active':
      return eq(users.isActive, true);
    case 'deactivated':
      return eq(users.isActive, false);
    case 'locked':
      return and(eq(users.isActive, true), eq(users.isLocked, true));
    default:
      return undefined;
  }
}

/** The client's users matching the query (its status filter: active users unless it says otherwise). */
export function userWhere(clientId: number, q: UserListQuery): SQL | undefined {
  return and(
    eq(users.clientId, clientId),
    statusWhere(q.status),
    ilikeContains(users.userName, q.userName),
    ilikeContains(fullNameSql, q.fullName),
    ilikeContains(users.phone, q.phone),
    q.role ? eq(users.role, q.role) : undefined,
    q.timeZone ? eq(users.timeZone, q.timeZone) : undefined,
  );
}

export function userOrder(q: Pick<UserListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
  const dir = q.sortOrder === 1 ? asc : desc;
  return [dir(SORTS[q.sortBy]), dir(users.id)];
}
