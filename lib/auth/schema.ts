/**
 * The sign-in forms' schemas: one zod schema validates the form in the browser (zodResolver) and
 * the request on the server (server actions, the next-auth credentials provider). Browser-safe.
 *
 * Written with zod/mini (the same zod package: functions instead of methods, so a bundler keeps only
 * what is used) so the sign-in and forgot-password pages do not carry zod classic (docs/architecture.md
 * "Page weight"). Each `.check(...)` lists the checks of the method chain it replaces, in the same
 * order; classic schemas on the server embed these as they are (lib/legacy/auth.ts).
 */
// Named imports, not `* as z`: a namespace import keeps every zod/mini export in the bundle.
import {
  maxLength,
  minLength,
  nullish,
  object,
  refine,
  regex,
  string,
  trim,
  uuid,
  type infer as Infer,
} from 'zod/mini';
import { MSG } from '@/lib/messages';
import { FIELD_MSG, hasHtmlTag, hasNul, isEmail, isPossibleUserName, missingMessage } from '@/lib/validation-rules';
import { AUTH_MSG, TWO_FACTOR_MSG } from './messages';

export const USER_NAME_MAX = 256;
/** Passwords are never truncated; anything longer than this is not a password of ours. */
export const PASSWORD_MAX = 1024;
export const CAPTCHA_PAYLOAD_MAX = 10_000;

export const userNameField = string({ error: missingMessage(AUTH_MSG.userNameRequired) }).check(
  trim(),
  minLength(1, AUTH_MSG.userNameRequired),
  maxLength(USER_NAME_MAX, FIELD_MSG.tooLong(USER_NAME_MAX)),
  refine((v) => !hasHtmlTag(v), FIELD_MSG.htmlTags),
  refine((v) => !hasNul(v), FIELD_MSG.nulCharacter),
  // A name no account can have (spaces, other characters, fewer than 3): spec §8's 'Username is incorrect. Please try
  // again.', before any look-up, so it says nothing about which accounts exist (docs/decisions/007-sign-in-messages-and-feedback.md).
  refine((v) => v.length === 0 || hasHtmlTag(v) || hasNul(v) || isPossibleUserName(v), MSG.usernameIncorrect),
);

export const signInFormSchema = object({
  userName: userNameField,
  password: string().check(
    minLength(1, AUTH_MSG.passwordRequired),
    maxLength(PASSWORD_MAX, FIELD_MSG.tooLong(PASSWORD_MAX)),
  ),
  captcha: nullish(string().check(maxLength(CAPTCHA_PAYLOAD_MAX))),
});
export type SignInForm = Infer<typeof signInFormSchema>;

export const otpFormSchema = object({
  otp: string().check(trim(), minLength(1, MSG.otpRequired), regex(/^\d{6}$/, MSG.otpInvalid)),
});
export type OtpForm = Infer<typeof otpFormSchema>;

/**
 * The code when the authenticator app answers the sign-in: its 6 digits, or a recovery code
 * (XXXX-XXXX-XXXX-XXXX, any case, dashes optional).
 */
export const appCodeFormSchema = object({
  otp: string().check(
    trim(),
    minLength(1, TWO_FACTOR_MSG.codeRequired),
    maxLength(32, TWO_FACTOR_MSG.appCodeFormat),
    refine(
      (v) => /^\d{6}$/.test(v) || /^[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3}$/.test(v.replace(/\s/g, '')),
      TWO_FACTOR_MSG.appCodeFormat,
    ),
  ),
});
export type AppCodeForm = Infer<typeof appCodeFormSchema>;

/** The OTP step as the next-auth credentials provider receives it (an e-mailed OTP, the app's code or a recovery code). */
export const otpCredentialsSchema = object({
  challengeId: uuid(),
  otp: string().check(trim(), minLength(1, MSG.otpRequired), maxLength(32)),
});

export const challengeSchema = object({ challengeId: uuid() });

/** Forgot password (spec §2 /ForgotPassword, §5 "Other forms"): a valid e-mail address. */
export const forgotPasswordSchema = object({
  EmailId: string({ error: FIELD_MSG.required }).check(
    trim(),
    minLength(1, FIELD_MSG.required),
    maxLength(254, FIELD_MSG.invalidEmail),
    refine((v) => isEmail(v), FIELD_MSG.invalidEmail),
  ),
});
export type ForgotPasswordForm = Infer<typeof forgotPasswordSchema>;
