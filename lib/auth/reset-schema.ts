/**
 * The forms of the password pages (spec §2 /ForgotPassword, /ResetNewPassword, /ResetPassword):
 * one schema each for the browser (zodResolver) and the server action. Browser-safe.
 */
import { z } from 'zod';
import { PASSWORD_PAIR_SCHEMA } from './password-policy';

/** Forgot password: defined with the sign-in schemas (zod/mini, light for the sign-in page's prefetch). */
export { forgotPasswordSchema, type ForgotPasswordForm } from './schema';

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
