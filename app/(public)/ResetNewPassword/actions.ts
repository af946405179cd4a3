'use server';
/**
 * Server action of /ResetNewPassword and /ResetPassword, through the one action wrapper: sets the new password
 * with the one-time token from the page's URL (lib/auth/reset.ts). Never signs in.
 */
import { resetPasswordWithToken } from '@/lib/auth/reset';
import { newPasswordFormSchema, type NewPasswordOutcome } from '@/lib/auth/reset-schema';
import { anyone, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

export async function newPasswordAction(token: unknown, input: unknown): Promise<ActionResult<NewPasswordOutcome>> {
  return runAction(anyone, newPasswordFormSchema, input, async (form): Promise<NewPasswordOutcome> => {
    if (typeof token !== 'string' || token.length > 512) return { status: 'invalid' };
    const r = await resetPasswordWithToken(token, form.NewPassword, form.ConfirmPassword);
    return r.status === 'done' ? { status: 'done' } : r;
  });
}
