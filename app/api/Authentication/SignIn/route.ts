/** POST api/Authentication/SignIn: the password step; answers the spec's sign-in shape (jwtToken only after the OTP). */
import { legacySignInBody, presentSignIn } from '@/lib/auth/legacy';
import { signInWithPassword } from '@/lib/auth/signin';
import { publicRoute } from '@/lib/http/route';
import { signInAnswer } from '@/lib/openapi/answers';

export const POST = publicRoute({ response: signInAnswer, body: legacySignInBody }, async ({ body }) =>
  presentSignIn(await signInWithPassword({ userName: body.UserName, password: body.Password, captcha: body.Captcha })),
);
