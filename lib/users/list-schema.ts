/**
 * The user list query (spec §3 "User list query": UserName, FullName, Phone, Role, TimeZoneModel, SortBy,
 * SortOrder): ONE schema for the legacy POST bodies (api/User/UserList, api/User/ExportCSVUsers), the /user
 * page's URL state and the filter fields in the browser. Browser-safe: no node-only imports.
 *
 * Sort columns (our numbering; the spec fixes only the default, column 1 direction 2, §9): 1 is the order
 * of creation, so the default list shows the newest users first (a user just created is on top).
 */
import { z } from 'zod';
import { ROLES, SORT_ASC, SORT_DESC } from '@/lib/reference';
import { FIELD_MSG, hasHtmlTag, hasNul } from '@/lib/validation';
import { canonicalTimeZone } from '@/lib/settings/schema';
import { ASSIGNABLE_ROLES } from '@/lib/core/user-policy';

export const USER_SORT = {
  created: 1,
  userName: 2,
  fullName: 3,
  email: 4,
  phone: 5,
  role: 6,
  timeZone: 7,
} as const;
export type UserSortColumn = (typeof USER_SORT)[keyof typeof USER_SORT];
export const USER_SORT_COLUMNS: readonly UserSortColumn[] = Object.values(USER_SORT);
/** Spec §9: default user list sort column 1, direction 2. */
export const DEFAULT_USER_SORT: UserSortColumn = USER_SORT.created;
export const DEFAULT_USER_SORT_ORDER = SORT_DESC;

export const USER_SORT_LABELS: Record<UserSortColumn, string> = {
  1: 'Date created',
  2: 'User Name',
  3: 'Full Name',
  4: 'E-mail',
  5: 'Phone',
  6: 'Role',
  7: 'Time Zone',
};

/** The role filter's choices: 0 'Any' and the client roles (spec §2). */
export const ROLE_FILTER_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Any' },
  ...ROLES.filter((r) => ASSIGNABLE_ROLES.some((id) => id === r.id)).map((r) => ({ value: r.id, label: r.name })),
];

export const USER_FILTER_MAX = 100;

export const USER_FILTER_MSG = {
  tooLong: FIELD_MSG.tooLong(USER_FILTER_MAX),
  role: 'Please choose a valid role.',
  timeZone: 'Please choose a time zone from the list.',
  sortBy: 'Please choose a valid sort column.',
  sortOrder: 'Sort order must be 1 (ascending) or 2 (descending).',
} as const;

/** Which users the list shows: active (the default), deactivated, locked (active and locked) or all. */
export const USER_STATUS_FILTERS = ['active', 'deactivated', 'locked', 'all'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export const USER_STATUS_LABELS: Record<UserStatusFilter, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  locked: 'Locked',
  all: 'All',
};

/** The parsed query the service takes. */
export interface UserListQuery {
  userName?: string;
  fullName?: string;
  phone?: string;
  /** 0 means Any. */
  role: number;
  /** An IANA time zone, exact match. */
  timeZone?: string;
  sortBy: UserSortColumn;
  sortOrder: 1 | 2;
  /** Absent: active users. */
  status?: UserStatusFilter;
}

export const DEFAULT_USER_QUERY: UserListQuery = Object.freeze({
  role: 0,
  sortBy: DEFAULT_USER_SORT,
  sortOrder: DEFAULT_USER_SORT_ORDER,
  status: 'active',
});

/** Status: one of USER_STATUS_FILTERS (any case); absent, null or '' means active users. */
const statusFilter = z
  .string({ error: 'Please choose a valid status.' })
  .max(20)
  .nullish()
  .transform((v, ctx): UserStatusFilter => {
    const s = (v ?? '').trim().toLowerCase();
    if (s === '') return 'active';
    const found = USER_STATUS_FILTERS.find((f) => f === s);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: 'Please choose a valid status.' });
      return z.NEVER;
    }
    return found;
  });

/** A 'contains' text filter: trimmed, '' and null mean no filter; HTML tags are refused. */
const textFilter = z
  .string({ error: 'Must be text.' })
  .max(USER_FILTER_MAX, USER_FILTER_MSG.tooLong)
  .refine((s) => !hasHtmlTag(s), FIELD_MSG.htmlTags)
  .refine((s) => !hasNul(s), FIELD_MSG.nulCharacter)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()));

const wholeNumber = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\s*\d{1,3}\s*$/, message)
          .transform(Number),
        z.null(),
      ],
      { error: message },
    )
    .optional();

const roleFilter = wholeNumber(USER_FILTER_MSG.role).pipe(
  z
    .number()
    .int()
    .refine((n) => n === 0 || ASSIGNABLE_ROLES.some((r) => r === n), USER_FILTER_MSG.role)
    .nullish()
    .transform((n) => n ?? 0),
);

const sortBy = wholeNumber(USER_FILTER_MSG.sortBy).pipe(
  z
    .number()
    .int()
    .refine((n) => n === 0 || USER_SORT_COLUMNS.some((c) => c === n), USER_FILTER_MSG.sortBy)
    .nullish()
    .transform((n): UserSortColumn => USER_SORT_COLUMNS.find((c) => c === n) ?? DEFAULT_USER_SORT),
);

const sortOrder = wholeNumber(USER_FILTER_MSG.sortOrder).pipe(
  z
    .number()
    .refine((n) => n === SORT_ASC || n === SORT_DESC, USER_FILTER_MSG.sortOrder)
    .nullish()
    .transform((n): 1 | 2 => (n === SORT_ASC ? SORT_ASC : SORT_DESC)),
);

/** TimeZoneModel: null, an IANA id, or { TimeZoneId } (the shape of api/Settings/TimeZone's items). */
const timeZoneFilter = z
  .union(
    [
      z.string().max(64),
      z.object({ TimeZoneId: z.string().max(64).nullish(), DisplayName: z.string().max(200).nullish() }),
      z.null(),
    ],
    {
      error: USER_FILTER_MSG.timeZone,
    },
  )
  .optional()
  .transform((v, ctx): string | undefined => {
    const id = typeof v === 'string' ? v : (v?.TimeZoneId ?? '');
    if (id.trim() === '') return undefined;
    const tz = canonicalTimeZone(id.trim());
    if (!tz) {
      ctx.addIssue({ code: 'custom', message: USER_FILTER_MSG.timeZone });
      return z.NEVER;
    }
    return tz;
  });

/** The legacy user list query (PascalCase). Unknown fields are ignored (callers send extra ones). */
export const userListQuerySchema = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z
    .object({
      UserName: textFilter,
      FullName: textFilter,
      Phone: textFilter,
      Role: roleFilter,
      TimeZoneModel: timeZoneFilter,
      SortBy: sortBy,
      SortOrder: sortOrder,
      /** Not in the spec's query: absent lists the active users, as the old portal did. */
      Status: statusFilter,
    })
    .transform((q): UserListQuery => ({
      userName: q.UserName,
      fullName: q.FullName,
      phone: q.Phone,
      role: q.Role,
      timeZone: q.TimeZoneModel,
      sortBy: q.SortBy,
      sortOrder: q.SortOrder,
      status: q.Status,
    })),
);

/** The legacy body of a query (what the Export button posts). */
export interface UserListBody {
  UserName: string | null;
  FullName: string | null;
  Phone: string | null;
  Role: number;
  TimeZoneModel: string | null;
  SortBy: number;
  SortOrder: number;
  Status: UserStatusFilter;
}

export function toUserListBody(q: UserListQuery): UserListBody {
  return {
    UserName: q.userName ?? null,
    FullName: q.fullName ?? null,
    Phone: q.phone ?? null,
    Role: q.role,
    TimeZoneModel: q.timeZone ?? null,
    SortBy: q.sortBy,
    SortOrder: q.sortOrder,
    Status: q.status ?? 'active',
  };
}

// ---------------------------------------------------------------------------------------------------------
// The /user URL
// ---------------------------------------------------------------------------------------------------------

export const USER_PARAM = {
  userName: 'name',
  fullName: 'full',
  phone: 'phone',
  role: 'role',
  sortBy: 'sort',
  sortOrder: 'dir',
  status: 'status',
  page: 'page',
  pageSize: 'size',
  message: 'msg',
} as const;

export interface ParamReader {
  get(name: string): string | null;
}

/** The query of a /user URL. Lenient: a hand-edited URL never fails the page; unusable values fall back. */
export function userQueryFromSearchParams(p: ParamReader): UserListQuery {
  const pick = <S extends z.ZodType>(schema: S, value: string | null, fallback: z.output<S>): z.output<S> => {
    const r = schema.safeParse(value);
    return r.success ? r.data : fallback;
  };
  const text = (name: string) => pick(textFilter, p.get(name)?.slice(0, USER_FILTER_MAX) ?? null, undefined);
  return {
    userName: text(USER_PARAM.userName),
    fullName: text(USER_PARAM.fullName),
    phone: text(USER_PARAM.phone),
    role: pick(roleFilter, p.get(USER_PARAM.role), 0),
    sortBy: pick(sortBy, p.get(USER_PARAM.sortBy), DEFAULT_USER_SORT),
    sortOrder: pick(sortOrder, p.get(USER_PARAM.sortOrder), DEFAULT_USER_SORT_ORDER),
    status: pick(statusFilter, p.get(USER_PARAM.status), 'active'),
  };
}

const SAVED_MSG_PARAM = { created: 1, updated: 2, invited: 3 } as const;

/** Where a successful save goes: /user?msg=1 (created) or /user?msg=2 (updated) (spec §2), /user?msg=3 (invited). */
export function afterSaveUrl(status: keyof typeof SAVED_MSG_PARAM): string {
  return `/user?${USER_PARAM.message}=${SAVED_MSG_PARAM[status]}`;
}
