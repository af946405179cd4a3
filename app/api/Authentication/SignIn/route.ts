/**
 * POST api/Authentication/SignIn: the password step; answers the spec's sign-in shape (jwtToken only after the OTP).
 * With OTP absent or 0 the OTP is sent (or, for a user with an authenticator app, its code is awaited); with a
 * non-zero OTP it is the credential triple, as AuthenticateUser.
 */
import { legacySignInBody, otpGiven, presentSignIn, presentTriple } from '@/lib/legacy/auth';
import { issueLegacyToken } from '@/lib/auth/session';
import { signInWithPassword, signInWithTriple } from '@/lib/auth/signin';
import { publicRoute } from '@/lib/http/route';
import { signInAnswer } from '@/lib/legacy/answers';

export const POST = publicRoute({ response: signInAnswer, body: legacySignInBody }, async ({ body }) => {
  const credentials = { userName: body.UserName, password: body.Password, captcha: body.Captcha };
  const otp = otpGiven(body.OTP);
  if (otp === null) return presentSignIn(await signInWithPassword(credentials));
  const r = await signInWithTriple({ ...credentials, otp });
  const token =
    r.step === 'otp' && r.result.status === 'success'
      ? await issueLegacyToken(r.result.session, r.result.user.role)
      : null;
  return presentTriple(r, token);
});
