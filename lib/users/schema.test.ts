/** The user form, the legacy bodies and the list query: what the browser and the server both accept. */
import { describe, expect, it } from 'vitest';
import { PASSWORD_MSG } from '@/lib/auth/password-policy';
import { AUTH_MSG } from '@/lib/auth/messages';
import { FIELD_MSG } from '@/lib/validation';
import {
  DEFAULT_USER_QUERY,
  ROLE_FILTER_OPTIONS,
  toUserListBody,
  userListQuerySchema,
  userQueryFromSearchParams,
  USER_FILTER_MSG,
} from './list-schema';
import {
  checkUserEmailSchema,
  checkUserNameSchema,
  deactivateSchema,
  emailDomain,
  emailFromUserName,
  legacySaveUserSchema,
  ACCESS_MSG,
  USER_MSG,
  userFormSchema,
} from './schema';

const PW = 'Tomato#Kiwi40';
const valid = {
  FirstName: ' Nora ',
  LastName: 'Quill',
  EmailId: 'nora@example.com',
  Phone: '(02)9000-1234',
  UserName: 'nora.q',
  Role: 3,
  TimeZoneId: 'Australia/Perth',
  NewPassword: PW,
  ConfirmPassword: PW,
};
const messages = (input: unknown) => {
  const r = userFormSchema.safeParse(input);
  const first: Record<string, string> = {};
  for (const i of r.success ? [] : r.error.issues) first[i.path.join('.')] ??= i.message;
  return first;
};

describe('userFormSchema', () => {
  it('accepts a complete new user and trims the text', () => {
    const r = userFormSchema.parse(valid);
    expect(r.FirstName).toBe('Nora');
    expect(r.TimeZoneId).toBe('Australia/Perth');
  });

  it('requires first name, last name, e-mail, user name, phone and role', () => {
    const m = messages({
      ...valid,
      FirstName: '',
      LastName: '   ',
      EmailId: '',
      Phone: '',
      UserName: '',
      Role: Number.NaN,
    });
    expect(m).toMatchObject({
      FirstName: FIELD_MSG.required,
      LastName: FIELD_MSG.whitespaceOnly,
      EmailId: FIELD_MSG.required,
      Phone: FIELD_MSG.required,
      UserName: FIELD_MSG.required,
      Role: USER_MSG.roleRequired,
    });
  });

  it('checks the e-mail and phone patterns, HTML, the user name and the time zone', () => {
    expect(
      messages({
        ...valid,
        EmailId: 'nora@',
        Phone: '12',
        FirstName: '<b>x</b>',
        UserName: 'no spaces',
        TimeZoneId: 'Mars/Base',
      }),
    ).toEqual({
      EmailId: FIELD_MSG.invalidEmail,
      Phone: FIELD_MSG.invalidPhone,
      FirstName: FIELD_MSG.htmlTags,
      UserName: USER_MSG.userNameInvalid,
      TimeZoneId: USER_MSG.timeZoneInvalid,
    });
  });

  it('offers only the client roles 3 to 8', () => {
    for (const role of [3, 4, 5, 6, 7, 8]) expect(messages({ ...valid, Role: role })).toEqual({});
    for (const role of [0, 1, 2, 9]) expect(messages({ ...valid, Role: role })).toEqual({ Role: USER_MSG.roleInvalid });
  });

  it('requires the password pair on create and on edit with the toggle on, with every rule', () => {
    expect(messages({ ...valid, NewPassword: '', ConfirmPassword: '' })).toEqual({
      NewPassword: PASSWORD_MSG.required,
      ConfirmPassword: PASSWORD_MSG.confirmRequired,
    });
    expect(messages({ ...valid, NewPassword: 'Xzq#9512347', ConfirmPassword: 'Xzq#9512347' }).NewPassword).toBe(
      PASSWORD_MSG.ascendingDigits,
    );
    expect(messages({ ...valid, ConfirmPassword: `${PW}x` })).toEqual({ ConfirmPassword: PASSWORD_MSG.mismatch });
    expect(messages({ ...valid, NewPassword: 'Nora.q#9zx!', ConfirmPassword: 'Nora.q#9zx!' }).NewPassword).toBe(
      PASSWORD_MSG.personalOfUser,
    );
    const edit = { ...valid, UserId: 7, NewPassword: '', ConfirmPassword: '' };
    expect(messages({ ...edit, ChangePassword: false })).toEqual({});
    expect(messages({ ...edit, ChangePassword: false, NewPassword: 'x' })).toEqual({});
    expect(messages({ ...edit, ChangePassword: true })).toMatchObject({ NewPassword: PASSWORD_MSG.required });
  });
});

describe('legacy bodies', () => {
  it('takes phone numbers as people write them, stored without spaces and dots, on the form and the legacy body', () => {
    expect(userFormSchema.parse({ ...valid, Phone: '0412 345 678' }).Phone).toBe('0412345678');
    expect(userFormSchema.parse({ ...valid, Phone: '(02) 9000.1234' }).Phone).toBe('(02)90001234');
    const legacy = legacySaveUserSchema.parse({ ...valid, UserId: 0, Phone: '0412 345 678' });
    expect(userFormSchema.parse(legacy).Phone).toBe('0412345678');
  });

  it('maps the legacy User model onto the form; server-owned fields are ignored, unknown ones refused', () => {
    const r = legacySaveUserSchema.parse({
      ...valid,
      UserId: '12',
      Role: '5',
      NewPassword: null,
      ConfirmPassword: null,
      ClientId: 999,
      ResetPassword: true,
      IsAccountLocked: false,
    });
    expect(r).toMatchObject({ UserId: 12, Role: 5, ChangePassword: false });
    expect(r).not.toHaveProperty('ClientId');
    expect(legacySaveUserSchema.parse({ ...valid, UserId: 12 }).ChangePassword).toBe(true);
    expect(legacySaveUserSchema.safeParse({ ...valid, IsAdmin: true }).success).toBe(false);
    expect(legacySaveUserSchema.safeParse({ ...valid, UserId: 0, NewPassword: null }).success).toBe(false);
    expect(legacySaveUserSchema.safeParse({ ...valid, Role: 'admin' }).success).toBe(false);
    expect(legacySaveUserSchema.safeParse([valid]).success).toBe(false);
  });

  it('reads the checks and Deactivate as a bare string or an object', () => {
    expect(checkUserNameSchema.parse(' nora ')).toEqual({ value: 'nora', userId: undefined });
    expect(checkUserNameSchema.parse({ UserName: 'nora', UserId: 4 })).toEqual({ value: 'nora', userId: 4 });
    expect(checkUserEmailSchema.parse({ EmailId: 'a@b.com' })).toEqual({ value: 'a@b.com', userId: undefined });
    expect(checkUserEmailSchema.safeParse({ UserName: 'x' }).success).toBe(false);
    expect(checkUserNameSchema.safeParse(42).success).toBe(false);
    expect(deactivateSchema.parse({ UserName: ' nora ' })).toBe('nora');
    expect(deactivateSchema.safeParse('  ').success).toBe(false);
  });
});

describe('e-mail from the user name', () => {
  it('uses the name itself when it is an address, else the administrator’s domain', () => {
    expect(emailFromUserName('nora.q', 'example.com')).toBe('nora.q@example.com');
    expect(emailFromUserName('nora@firm.com.au', 'example.com')).toBe('nora@firm.com.au');
    expect(emailFromUserName('nora', '')).toBeNull();
    expect(emailFromUserName('', 'example.com')).toBeNull();
    expect(emailDomain('admin@harbour.com.au')).toBe('harbour.com.au');
  });
});

describe('user list query', () => {
  it('defaults to column 1 descending and Any role; refuses bad values, ignores unknown fields', () => {
    expect(userListQuerySchema.parse({})).toEqual(DEFAULT_USER_QUERY);
    expect(userListQuerySchema.parse(null)).toEqual(DEFAULT_USER_QUERY);
    expect(
      userListQuerySchema.parse({
        UserName: ' ann ',
        Role: '5',
        SortBy: 3,
        SortOrder: 1,
        TimeZoneModel: { TimeZoneId: 'Australia/Perth' },
      }),
    ).toEqual({
      userName: 'ann',
      fullName: undefined,
      phone: undefined,
      role: 5,
      timeZone: 'Australia/Perth',
      sortBy: 3,
      sortOrder: 1,
      status: 'active',
    });
    const bad = userListQuerySchema.safeParse({
      Role: 1,
      SortBy: 99,
      SortOrder: 3,
      Phone: 'x'.repeat(101),
      ClientId: 2,
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join('.') || i.message);
    expect(paths).toEqual(expect.arrayContaining(['Role', 'SortBy', 'SortOrder', 'Phone']));
    expect(userListQuerySchema.safeParse({ TimeZoneModel: 'Nowhere/City' }).error?.issues[0]?.message).toBe(
      USER_FILTER_MSG.timeZone,
    );
    expect(userListQuerySchema.parse({ ClientId: 2, PageSize: 10, UserName: 'ann' })).toEqual({
      ...DEFAULT_USER_QUERY,
      userName: 'ann',
    });
  });

  it('reads a /user URL leniently and posts the same query back', () => {
    const p = new URLSearchParams('name=ann&role=9&sort=2&dir=1&full=%3Cb%3E');
    const query = userQueryFromSearchParams(p);
    expect(query).toEqual({
      userName: 'ann',
      fullName: undefined,
      phone: undefined,
      role: 0,
      sortBy: 2,
      sortOrder: 1,
      status: 'active',
    });
    expect(userQueryFromSearchParams(new URLSearchParams('status=deactivated')).status).toBe('deactivated');
    expect(userQueryFromSearchParams(new URLSearchParams('status=bogus')).status).toBe('active');
    expect(userListQuerySchema.parse(toUserListBody(query))).toEqual({ ...query, timeZone: undefined });
    expect(ROLE_FILTER_OPTIONS.map((o) => o.value)).toEqual([0, 3, 4, 5, 6, 7, 8]);
  });
});

describe('one vocabulary for account access', () => {
  it('an account is locked and unlocked (never blocked); a user is deactivated and reactivated, each "successfully"', () => {
    const words = [...Object.values(AUTH_MSG), ...Object.values(ACCESS_MSG)]
      .map((m) => (typeof m === 'function' ? (m as (...a: unknown[]) => string)('x', 1) : m))
      .join(' ');
    expect(words).not.toMatch(/block/i);
    expect(AUTH_MSG.accountBlocked).toContain('locked');
    expect(ACCESS_MSG.reactivated('ng.user')).toBe('User ng.user reactivated successfully.');
  });
});
