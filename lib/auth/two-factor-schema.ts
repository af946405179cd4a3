/**
 * The authenticator-app forms' schemas, shared by the browser (zodResolver), the server actions and the
 * legacy api/Authentication/TwoFactorInit* handlers. Browser-safe.
 */
import { z } from 'zod';
import { PASSWORD_MAX } from './schema';
import { TWO_FACTOR_MSG } from './messages';

/** The 6-digit code that confirms an enrolment. */
export const totpCodeField = z
  .string({ error: TWO_FACTOR_MSG.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MSG.codeRequired)
  .regex(/^\d{6}$/, TWO_FACTOR_MSG.codeFormat);

export const confirmEnrolmentSchema = z.strictObject({ Code: totpCodeField });
export type ConfirmEnrolmentForm = z.infer<typeof confirmEnrolmentSchema>;

/** Removing the app needs the current password. */
export const removeAuthenticatorSchema = z.strictObject({
  Password: z
    .string({ error: TWO_FACTOR_MSG.passwordRequired })
    .min(1, TWO_FACTOR_MSG.passwordRequired)
    .max(PASSWORD_MAX),
});
export type RemoveAuthenticatorForm = z.infer<typeof removeAuthenticatorSchema>;

/** POST api/Authentication/TwoFactorInit takes no fields (an empty object or no body). */
export const twoFactorInitBody = z.strictObject({}).optional();
