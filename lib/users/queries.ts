/**
 * The SQL side of the user list: the row's columns, the filter conditions (always one client's active
 * users), and the order (the chosen column, case-insensitive for text, then the user id in the same
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

/** The client's active users matching the query. */
export function userWhere(clientId: number, q: UserListQuery): SQL | undefined {
  return and(
    eq(users.clientId, clientId),
    eq(users.isActive, true),
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
