'use server';
/**
 * Server action of /ResetNewPassword and /ResetPassword: sets the new password with the one-time
 * token from the page's URL (lib/auth/reset.ts). Never signs in.
 */
import { resetPasswordWithToken } from '@/lib/auth/reset';
import { newPasswordFormSchema, type NewPasswordOutcome } from '@/lib/auth/reset-schema';
import { fieldErrors } from '@/lib/http/errors';

export async function newPasswordAction(token: unknown, input: unknown): Promise<NewPasswordOutcome> {
  if (typeof token !== 'string' || token.length > 512) return { status: 'invalid' };
  const parsed = newPasswordFormSchema.safeParse(input);
  if (!parsed.success) return { status: 'policy', fields: fieldErrors(parsed.error) };
  const r = await resetPasswordWithToken(token, parsed.data.NewPassword, parsed.data.ConfirmPassword);
  if (r.status === 'done') return { status: 'done' };
  return r;
}
