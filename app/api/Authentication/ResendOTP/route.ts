/**
 * POST api/Authentication/ResendOTP: a new code for the pending sign-in (the old one is void; valid 60 seconds),
 * named by its ChallengeId or, as legacy callers do, by {UserName, Password} (checked like the password step).
 * From a sign-in waiting for the authenticator app, it sends a code by e-mail instead.
 */
import { legacyResendBody, presentPasswordResend, presentResend } from '@/lib/legacy/auth';
import { resendOtp } from '@/lib/auth/otp';
import { resendWithPassword } from '@/lib/auth/signin';
import { publicRoute } from '@/lib/http/route';
import { signInAnswer } from '@/lib/legacy/answers';

export const POST = publicRoute({ response: signInAnswer, body: legacyResendBody }, async ({ body }) => {
  if (body.ChallengeId) return presentResend(await resendOtp(body.ChallengeId));
  return presentPasswordResend(
    await resendWithPassword({ userName: body.UserName ?? '', password: body.Password ?? '', captcha: body.Captcha }),
  );
});
