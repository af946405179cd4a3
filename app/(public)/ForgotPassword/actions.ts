'use server';
/** Server action of /ForgotPassword: always the same answer (lib/auth/forgot.ts). */
import { requestPasswordReset } from '@/lib/auth/forgot';
import { forgotPasswordSchema } from '@/lib/auth/reset-schema';

export async function forgotPasswordAction(input: unknown): Promise<{ ok: boolean }> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  await requestPasswordReset(parsed.data.EmailId);
  return { ok: true };
}
