/**
 * POST api/Authentication/AuthenticateUser: the OTP step; answers IsLoggedIn and the bearer jwtToken once it passes.
 * Either the credential triple {UserName, Password, OTP} (spec §3: the password, then the pending OTP, or the
 * authenticator app's code, or a recovery code), or {ChallengeId, OTP} of the pending sign-in.
 */
import { legacyAuthenticateBody, presentOtp, presentTriple } from '@/lib/legacy/auth';
import { verifyOtp } from '@/lib/auth/otp';
import { issueLegacyToken } from '@/lib/auth/session';
import { signInWithTriple } from '@/lib/auth/signin';
import { publicRoute } from '@/lib/http/route';
import { signInAnswer } from '@/lib/legacy/answers';

export const POST = publicRoute({ response: signInAnswer, body: legacyAuthenticateBody }, async ({ body }) => {
  if (body.ChallengeId) {
    const r = await verifyOtp(body.ChallengeId, body.OTP);
    const token = r.status === 'success' ? await issueLegacyToken(r.session, r.user.role) : null;
    return presentOtp(r, token);
  }
  const r = await signInWithTriple({
    userName: body.UserName ?? '',
    password: body.Password ?? '',
    captcha: body.Captcha,
    otp: body.OTP,
  });
  const token =
    r.step === 'otp' && r.result.status === 'success'
      ? await issueLegacyToken(r.result.session, r.result.user.role)
      : null;
  return presentTriple(r, token);
});
