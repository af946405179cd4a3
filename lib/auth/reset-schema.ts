/**
 * The forms of the password pages (spec §2 /ForgotPassword, /ResetNewPassword, /ResetPassword):
 * one schema each for the browser (zodResolver) and the server action. Browser-safe.
 */
import { z } from 'zod';
import { FIELD_MSG, isEmail } from '@/lib/validation';
import { PASSWORD_PAIR_SCHEMA } from './password-policy';

/** Forgot password: a valid e-mail address (spec §5 "Other forms"). */
export const forgotPasswordSchema = z.object({
  EmailId: z
    .string({ error: FIELD_MSG.required })
    .trim()
    .min(1, FIELD_MSG.required)
    .max(254, FIELD_MSG.invalidEmail)
    .refine((v) => isEmail(v), FIELD_MSG.invalidEmail),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

/** New password and its confirmation (the token travels beside it, from the page's URL). */
export const newPasswordFormSchema = PASSWORD_PAIR_SCHEMA;
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** What the reset and forced-change actions answer. */
export type NewPasswordOutcome =
  | { status: 'done' }
  | { status: 'reused' | 'expired' | 'invalid' | 'failed' }
  | { status: 'policy'; fields: Record<string, string[]> };

/** The reason the sign-in gave for a forced change (/ResetPassword?reason=…). */
export type ForcedReason = 'first' | 'expired';

export function forcedReason(v: string | string[] | undefined): ForcedReason | null {
  return v === 'first' || v === 'expired' ? v : null;
}
