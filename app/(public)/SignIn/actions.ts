'use server';

/** Server actions of the sign-in page: the password step and the OTP resend (the OTP step is next-auth's credentials callback). */
import { resendOtp, type OtpResendResult } from '@/lib/auth/otp';
import { challengeSchema, signInFormSchema, type SignInForm } from '@/lib/auth/schema';
import { signInWithPassword, type PasswordSignInResult } from '@/lib/auth/signin';

export async function passwordStep(input: SignInForm): Promise<PasswordSignInResult | { status: 'bad-request' }> {
  const parsed = signInFormSchema.safeParse(input);
  if (!parsed.success) return { status: 'bad-request' };
  return signInWithPassword(parsed.data);
}

export async function resendStep(input: { challengeId: string }): Promise<OtpResendResult> {
  const parsed = challengeSchema.safeParse(input);
  if (!parsed.success) return { status: 'expired' };
  return resendOtp(parsed.data.challengeId);
}
