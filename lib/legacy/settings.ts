/**
 * The legacy shapes (spec §7) of the password-reset, settings and current-password calls: request
 * bodies (zod; the old client sometimes posted a bare JSON string instead of an object) and the
 * answers' codes. Route handlers in app/api parse with these and present with these.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@/lib/auth/password-policy';
import type { ResetResult, ResetTokenState } from '@/lib/auth/reset';
import { MSG } from '@/lib/messages';
import { FIELD_MSG, isEmail, missingMessage } from '@/lib/validation';
import type { UpdateSettingsResult } from '@/lib/settings/service';

const PASSWORD_INPUT_MAX = 4 * PASSWORD_MAX_LENGTH;
const token = z.string().max(512);

/** A bare string or an object carrying it under one of `keys` (first present wins). */
function stringOr(keys: readonly string[], inner: z.ZodString) {
  const obj = z.object(Object.fromEntries(keys.map((k) => [k, inner.optional()])));
  return z.union([inner, obj]).transform((v, ctx) => {
    if (typeof v === 'string') return v;
    for (const k of keys) {
      const x = v[k];
      if (typeof x === 'string') return x;
    }
    ctx.addIssue({ code: 'custom', path: [keys[0] ?? ''], message: FIELD_MSG.required });
    return z.NEVER;
  });
}

const email = z.string().trim().max(254);
const validEmail = email.min(1, FIELD_MSG.required).refine((v) => v === '' || isEmail(v), FIELD_MSG.invalidEmail);

/** POST api/ResetPassword/SendResetPasswordEmail: { EmailId }. */
export const sendResetEmailBody = stringOr(['EmailId', 'Email'], validEmail);

/** POST api/ResetPassword/CheckPasswordExpiryLink: the hash (bare, or { UserHash } / { url }). */
export const checkLinkBody = stringOr(['UserHash', 'url', 'Hash'], token);

/** POST api/ResetPassword/ResetPassword and api/Authentication/resetPassword: { NewPassword, UserHash, ConfirmPassword? }. */
export const resetPasswordBody = z
  .object({
    NewPassword: z.string({ error: missingMessage(FIELD_MSG.required) }).max(PASSWORD_INPUT_MAX),
    ConfirmPassword: z.string().max(PASSWORD_INPUT_MAX).nullish(),
    // Without the link's hash there is no link: the spec's message for it (§8).
    UserHash: z.string({ error: missingMessage(MSG.resetLinkInvalid) }).max(512),
  })
  .transform((b) => ({ token: b.UserHash, newPassword: b.NewPassword, confirm: b.ConfirmPassword ?? b.NewPassword }));

/**
 * The header of POST api/Authentication/resetPassword that says why its boolean is what it is: done, reused (the
 * spec's 'Cannot use last 10 passwords or similar.'), expired, invalid or failed (decision 018).
 */
export const RESET_RESULT_HEADER = 'X-Password-Reset-Result';

/** POST api/Settings/SendTestEmail: optional e-mail (bare or { EmailId }); empty means the saved address. */
export const testEmailBody = stringOr(['EmailId', 'Email'], email).optional();

/** POST api/Authentication/VerifyCurrentPassword: { Password } (or a bare string). */
export const verifyCurrentBody = stringOr(['Password', 'CurrentPassword'], z.string().max(PASSWORD_INPUT_MAX));

/** POST api/Authentication/VerifyUserCurrentPassword: { UserName?, Password (base64), OTP: 0 }. */
export const verifyUserCurrentBody = z.object({
  UserName: z.string().max(256).nullish(),
  Password: z
    .string({ error: missingMessage(FIELD_MSG.required) })
    .max(PASSWORD_INPUT_MAX * 2)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The password must be base64-encoded.'),
  OTP: z.union([z.number(), z.string().max(16)]).nullish(),
});

export function decodeBase64Password(b64: string): string {
  return Buffer.from(b64, 'base64').toString('utf8');
}

export const userNameBody = stringOr(['UserName'], z.string().trim().max(256));
export const emailIdBody = stringOr(['EmailId', 'Email'], email);

/** CheckPasswordExpiryLink: true valid, false expired, null invalid. */
export function presentLinkState(state: ResetTokenState): boolean | null {
  return state === 'valid' ? true : state === 'expired' ? false : null;
}

/** ResetPassword: 0 recent-password reuse, 1 success (any other non-null), null failure. */
export function presentResetResult(r: ResetResult): 0 | 1 | null {
  if (r.status === 'done') return 1;
  if (r.status === 'reused') return 0;
  return null;
}

/** Settings/User/Update: 0 nothing updated, 2 recent-password reuse, 1 success. */
export function presentSettingsResult(r: UpdateSettingsResult): 0 | 1 | 2 {
  if (r.status === 'updated') return 1;
  if (r.status === 'reused') return 2;
  return 0;
}
