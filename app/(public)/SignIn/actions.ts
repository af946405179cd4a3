'use server';

/**
 * Server actions of the sign-in page, through the one action wrapper (nobody signed in yet): the password step
 * and the OTP resend (the OTP step is next-auth's credentials callback). A form the schema refuses answers a 400.
 */
import { resendOtp, type OtpResendResult } from '@/lib/auth/otp';
import { challengeSchema, signInFormSchema, type SignInForm } from '@/lib/auth/schema';
import { signInWithPassword, type PasswordSignInResult } from '@/lib/auth/signin';
import { anyone, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

export async function passwordStep(input: SignInForm): Promise<ActionResult<PasswordSignInResult>> {
  return runAction(anyone, signInFormSchema, input, (form) => signInWithPassword(form));
}

export async function resendStep(input: { challengeId: string }): Promise<ActionResult<OtpResendResult>> {
  return runAction(anyone, challengeSchema, input, (b) => resendOtp(b.challengeId));
}
