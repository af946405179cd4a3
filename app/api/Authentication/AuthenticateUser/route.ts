/** POST api/Authentication/AuthenticateUser: the OTP step; answers IsLoggedIn and the bearer jwtToken once it passes. */
import { legacyAuthenticateBody, presentOtp } from '@/lib/auth/legacy';
import { verifyOtp } from '@/lib/auth/otp';
import { issueLegacyToken } from '@/lib/auth/session';
import { publicRoute } from '@/lib/http/route';
import { signInAnswer } from '@/lib/openapi/answers';

export const POST = publicRoute({ response: signInAnswer, body: legacyAuthenticateBody }, async ({ body }) => {
  const r = await verifyOtp(body.ChallengeId, body.OTP);
  const token = r.status === 'success' ? await issueLegacyToken(r.session, r.user.role) : null;
  return presentOtp(r, token);
});
