/**
 * Presenters: the PascalCase shapes of the legacy api/User/* callers (spec §3 "User", §7 Users calls) and
 * the columns of User.csv. No rules here, only shapes. Password hashes and history never leave the server.
 */
import type { z } from 'zod';
import { displayDate } from '@/lib/display-date';
import type { ListResult } from '@/lib/lists/paging';
import type { userModelAnswer } from './answers';
import { roleName } from '@/lib/reference';
import type { UserListItem } from '@/lib/users/queries';
import { fullName } from '@/lib/users/present';
import type { SaveUserResult } from '@/lib/users/service';

/** Declared once, as the zod schema of the OpenAPI document. */
export type UserModel = z.output<typeof userModelAnswer>;

export function presentUser(u: UserListItem, clientId: number): UserModel {
  return {
    UserId: u.id,
    FirstName: u.firstName,
    LastName: u.lastName,
    FullName: fullName(u),
    EmailId: u.email,
    Phone: u.phone,
    UserName: u.userName,
    Role: u.role,
    RoleName: roleName(u.role),
    TimeZoneId: u.timeZone,
    FailedLoginAttempt: u.failedLoginAttempts,
    IsAccountLocked: u.isLocked,
    ResetPassword: u.mustChangePassword,
    ClientId: clientId,
    CreatedDate: u.createdAt.toISOString(),
  };
}

/** Answer of POST api/User/UserList/CurrentPage/{page}/PageSize/{size}. */
export function presentUserList(r: ListResult<UserListItem>, clientId: number) {
  return { Users: r.rows.map((u) => presentUser(u, clientId)), TotalCount: r.totalCount, ItemsPerPage: r.pageSize };
}

/** SaveUser's answer codes (spec §7): 0 failure, 2 a recent password reused, anything else success. */
export const SAVE_USER_FAILED = 0;
export const SAVE_USER_OK = 1;
export const SAVE_USER_PASSWORD_REUSED = 2;

/** The code of a save that was not refused as malformed (a 400): a duplicate name or address, or a missing user, is 0. */
export function saveUserCode(r: SaveUserResult): number {
  if (r.status === 'created' || r.status === 'updated') return SAVE_USER_OK;
  if (r.status === 'reused') return SAVE_USER_PASSWORD_REUSED;
  return SAVE_USER_FAILED;
}

/** User.csv: the header and one row per user. */
export const USER_CSV_HEADER = [
  'User Name',
  'First Name',
  'Last Name',
  'E-mail',
  'Phone',
  'Role',
  'Time Zone',
  'Date Created',
];

export function userCsvRow(u: UserListItem, timeZone: string): string[] {
  return [
    u.userName,
    u.firstName,
    u.lastName,
    u.email,
    u.phone,
    roleName(u.role),
    u.timeZone,
    displayDate(u.createdAt, timeZone),
  ];
}

export async function* userCsvRows(rows: AsyncIterable<UserListItem>, timeZone: string): AsyncGenerator<string[]> {
  for await (const r of rows) yield userCsvRow(r, timeZone);
}
