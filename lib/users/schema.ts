/**
 * The user form (spec §3 "User", §5 "User form", §4 "User edit"): ONE schema for /saveuser in the browser
 * (zodResolver), its server action and api/User/SaveUser (through `legacySaveUserSchema`, which maps the
 * legacy User model onto it). Browser-safe: no node-only imports.
 *
 * First name, last name, e-mail, user name, phone and role are required; the time zone is an IANA id.
 * The new password and its confirmation are required when creating, or when editing with the password
 * section shown (ChangePassword); the rules are lib/auth/password-policy.ts's, with the form's own names
 * as the personal context (the server adds the client's name).
 */
import { z } from 'zod';
import { USER_TAKEN_MSG } from '@/lib/core/user-messages';
import { PASSWORD_MAX_LENGTH, refinePasswordPair } from '@/lib/auth/password-policy';
import { canonicalTimeZone } from '@/lib/settings/schema';
import { FIELD_MSG, formText, isEmail, formPhone } from '@/lib/validation';
import { isPossibleUserName } from '@/lib/validation-rules';
import { isAssignableRole } from '@/lib/core/user-policy';

export const NAME_MAX = 100;
export const USER_NAME_MAX = 100;
export const EMAIL_MAX = 254;
const PASSWORD_INPUT_MAX = 4 * PASSWORD_MAX_LENGTH;

/** Field messages of the user form; the spec words none of them (§8 only "an exists flag"), so they are ours. */
export const USER_MSG = {
  userNameExists: USER_TAKEN_MSG.userName,
  emailExists: USER_TAKEN_MSG.email,
  userNameInvalid: 'A user name may contain only letters, digits and . _ - @ (3 or more characters).',
  roleRequired: 'Please choose a role.',
  roleInvalid: 'Please choose one of the client roles.',
  timeZoneInvalid: 'Please choose a time zone from the list.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDemoteSelf: 'You cannot take the administrator role away from your own account.',
  saveFailed: 'The user could not be saved. Please try again.',
  /** A refusal of the form's values: trying again as is will not help. */
  fixFields: 'The user was not saved: please correct the fields marked below.',
  deactivateFailed: 'The user could not be deactivated. Please try again.',
  deactivateGone: 'This user is no longer active: refresh the list.',
  reactivateFailed: 'The user could not be reactivated. Please try again.',
  reactivateGone: 'This user is not deactivated any more: refresh the list.',
  reactivateEmailTaken: 'Another active user has this user’s e-mail address: change that user’s address first.',
  invited: 'Invitation sent: the person chooses a password through the e-mailed link (valid 72 hours).',
} as const;

const requiredText = (max: number) => formText(max);

export const userNameField = z
  .string({ error: FIELD_MSG.required })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, FIELD_MSG.required)
      .max(USER_NAME_MAX, FIELD_MSG.tooLong(USER_NAME_MAX))
      .refine((v) => isPossibleUserName(v), USER_MSG.userNameInvalid),
  );

export const emailField = z
  .string({ error: FIELD_MSG.required })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, FIELD_MSG.required)
      .max(EMAIL_MAX, FIELD_MSG.tooLong(EMAIL_MAX))
      .refine((v) => isEmail(v), FIELD_MSG.invalidEmail),
  );

const phoneField = formPhone();

const roleField = z
  .number({ error: USER_MSG.roleRequired })
  .int(USER_MSG.roleInvalid)
  .refine((n) => isAssignableRole(n), USER_MSG.roleInvalid);

const timeZoneField = z
  .string({ error: USER_MSG.timeZoneInvalid })
  .refine((v) => canonicalTimeZone(v) !== null, USER_MSG.timeZoneInvalid)
  .transform((v) => canonicalTimeZone(v) ?? v);

export const userFormSchema = z
  .object({
    /** 0 (or absent) creates a user; otherwise the id of the user to edit. */
    UserId: z.number().int().min(0).max(2_147_483_647).optional(),
    FirstName: requiredText(NAME_MAX),
    LastName: requiredText(NAME_MAX),
    EmailId: emailField,
    Phone: phoneField,
    UserName: userNameField,
    Role: roleField,
    TimeZoneId: timeZoneField,
    /** The edit form's "reset password" toggle (spec §4: hidden by default). Ignored when creating. */
    ChangePassword: z.boolean().optional(),
    NewPassword: z.string().max(PASSWORD_INPUT_MAX).optional(),
    ConfirmPassword: z.string().max(PASSWORD_INPUT_MAX).optional(),
    /** Create only: e-mail the person an invitation to choose their own password (no password fields). */
    Invite: z.boolean().optional(),
  })
  .superRefine((v, c) => {
    if (!passwordRequired(v)) return;
    refinePasswordPair(v, c, {
      required: true,
      context: { userName: v.UserName, firstName: v.FirstName, lastName: v.LastName, email: v.EmailId },
      // The administrator sets someone else's password: "the user's name", not "your name".
      administrator: true,
    });
  });

export type UserFormInput = z.input<typeof userFormSchema>;
export type UserForm = z.output<typeof userFormSchema>;

export function isCreate(v: { UserId?: number | null }): boolean {
  return !v.UserId;
}

/** The password is set on create (unless the person is invited by e-mail), and on edit when the toggle is on. */
export function passwordRequired(v: {
  UserId?: number | null;
  ChangePassword?: boolean | null;
  Invite?: boolean | null;
}): boolean {
  return isCreate(v) ? v.Invite !== true : v.ChangePassword === true;
}

/**
 * The e-mail address suggested from a user name (the form's "from user name" button): the user name
 * itself when it is an address, otherwise the user name at the given domain (the administrator's own
 * e-mail domain). Null when no valid address results.
 */
export function emailFromUserName(userName: string, domain: string | null | undefined): string | null {
  const name = userName.trim();
  if (!name) return null;
  if (name.includes('@')) return isEmail(name) ? name : null;
  const d = (domain ?? '').trim().replace(/^@/, '');
  if (!d) return null;
  const candidate = `${name}@${d}`;
  return isEmail(candidate) ? candidate : null;
}

/** The domain of an e-mail address ('' when there is none). */
export function emailDomain(email: string | null | undefined): string {
  const at = (email ?? '').lastIndexOf('@');
  return at >= 0 ? (email ?? '').slice(at + 1) : '';
}

// ---------------------------------------------------------------------------------------------------------
// Legacy bodies (api/User/SaveUser, CheckUserName, CheckUserEmail, Deactivate)
// ---------------------------------------------------------------------------------------------------------

const idLike = z
  .union([
    z.number().int().min(0).max(2_147_483_647),
    z
      .string()
      .regex(/^\s*\d{1,10}\s*$/)
      .transform(Number),
    z.null(),
  ])
  .optional();
const roleLike = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\s*\d{1,2}\s*$/, USER_MSG.roleInvalid)
        .transform(Number),
      z.null(),
    ],
    { error: USER_MSG.roleInvalid },
  )
  .optional();
const legacyText = (max: number) => z.string({ error: 'Must be text.' }).max(max).nullish();

/**
 * The legacy User model of api/User/SaveUser (spec §3). Fields the server owns (ClientId, Last3Password,
 * FailedLoginAttempt, IsAccountLocked, ResetPassword) are accepted and ignored; anything else is refused.
 * A password is set when NewPassword or ConfirmPassword is given (on create it is required).
 */
export const legacySaveUserSchema = z
  .strictObject({
    UserId: idLike,
    FirstName: legacyText(4 * NAME_MAX),
    LastName: legacyText(4 * NAME_MAX),
    EmailId: legacyText(4 * EMAIL_MAX),
    Phone: legacyText(200),
    UserName: legacyText(4 * USER_NAME_MAX),
    Role: roleLike,
    TimeZoneId: legacyText(64),
    NewPassword: legacyText(PASSWORD_INPUT_MAX),
    ConfirmPassword: legacyText(PASSWORD_INPUT_MAX),
    ResetPassword: z.boolean().nullish(),
    ClientId: z.number().int().nullish(),
    Last3Password: z.unknown().optional(),
    FailedLoginAttempt: z.number().int().nullish(),
    IsAccountLocked: z.boolean().nullish(),
  })
  .transform((b): UserFormInput => ({
    UserId: b.UserId ?? 0,
    FirstName: b.FirstName ?? '',
    LastName: b.LastName ?? '',
    EmailId: b.EmailId ?? '',
    Phone: b.Phone ?? '',
    UserName: b.UserName ?? '',
    Role: b.Role ?? Number.NaN,
    TimeZoneId: b.TimeZoneId ?? '',
    ChangePassword: Boolean(b.NewPassword || b.ConfirmPassword),
    NewPassword: b.NewPassword ?? '',
    ConfirmPassword: b.ConfirmPassword ?? '',
  }))
  .pipe(userFormSchema);

/** zod's `error` for a body that is neither the bare string nor an object carrying `key` as a string: it is missing. */
const missingKey = (key: string) => (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_union' &&
  (issue.input == null ||
    (typeof issue.input === 'object' && typeof (issue.input as Record<string, unknown>)[key] !== 'string'))
    ? FIELD_MSG.required
    : undefined;

const checkBody = (key: 'UserName' | 'EmailId', max: number) =>
  z.union(
    [
      z
        .string()
        .max(max)
        .transform((v) => ({ value: v.trim(), userId: undefined as number | undefined })),
      z
        .strictObject({
          UserName: z.string().max(max).optional(),
          EmailId: z.string().max(max).optional(),
          UserId: idLike,
        })
        .refine((o) => typeof o[key] === 'string', { message: FIELD_MSG.required, path: [key] })
        .transform((o) => ({ value: (o[key] ?? '').trim(), userId: o.UserId ?? undefined })),
    ],
    { error: missingKey(key) },
  );

/** CheckUserName: "name" or { UserName, UserId? } (UserId: the user being edited, who does not count). */
export const checkUserNameSchema = checkBody('UserName', 4 * USER_NAME_MAX);
/** CheckUserEmail: "address" or { EmailId, UserId? }. */
export const checkUserEmailSchema = checkBody('EmailId', 4 * EMAIL_MAX);
/** Deactivate (by user name): "name" or { UserName }. */
export const deactivateSchema = z
  .union([z.string().max(4 * USER_NAME_MAX), z.strictObject({ UserName: z.string().max(4 * USER_NAME_MAX) })], {
    error: missingKey('UserName'),
  })
  .transform((v) => (typeof v === 'string' ? v : v.UserName).trim())
  .pipe(z.string().min(1, FIELD_MSG.required));

/** The words of the user list's Unlock and Sign out everywhere. */
export const ACCESS_MSG = {
  unlockTitle: 'Unlock account',
  unlockConfirm: 'Unlock this account? Its failed sign-in attempts are reset and the user is told by e-mail.',
  unlocked: (userName: string) => `The account ${userName} was unlocked. The user has been sent an e-mail.`,
  notLocked: 'This account is not locked.',
  unlockFailed: 'The account could not be unlocked. Please try again.',
  signOutTitle: 'Sign out everywhere',
  signOutConfirm: 'Sign this user out on every device? Open pages will ask them to sign in again.',
  signedOut: (userName: string, n: number) =>
    `${userName} was signed out everywhere (${n} ${n === 1 ? 'session' : 'sessions'} ended).`,
  signOutFailed: 'The user could not be signed out. Please try again.',
  reactivateTitle: 'Reactivate user',
  reactivateConfirm:
    'Reactivate this user? They can sign in again with their password (reset it from Edit if they no longer know it).',
  reactivated: (userName: string) => `User ${userName} reactivated successfully.`,
} as const;
