'use server';
/** Server action of /ForgotPassword, through the one action wrapper: always the same answer (lib/auth/forgot.ts). */
import { requestPasswordReset } from '@/lib/auth/forgot';
import { forgotPasswordSchema } from '@/lib/auth/reset-schema';
import { anyone, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

export async function forgotPasswordAction(input: unknown): Promise<ActionResult> {
  return runAction(anyone, forgotPasswordSchema, input, async (form) => {
    await requestPasswordReset(form.EmailId);
    return null;
  });
}
