/** POST api/Authentication/ResendOTP: a new code for the pending sign-in (the old one is void; valid 60 seconds). */
import { legacyResendBody, presentResend } from '@/lib/auth/legacy';
import { resendOtp } from '@/lib/auth/otp';
import { publicRoute } from '@/lib/http/route';
import { signInAnswer } from '@/lib/openapi/answers';

export const POST = publicRoute({ response: signInAnswer, body: legacyResendBody }, async ({ body }) => presentResend(await resendOtp(body.ChallengeId)));
