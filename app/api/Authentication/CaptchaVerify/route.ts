/**
 * GET api/Authentication/CaptchaVerify: a new proof-of-work challenge for the captcha widget.
 * POST api/Authentication/CaptchaVerify: whether a solved payload is valid (true/false). It is not
 * consumed here: SignIn verifies it again and accepts it once.
 */
import { captchaVerifier } from '@/lib/auth/captcha';
import { legacyCaptchaBody } from '@/lib/legacy/auth';
import { publicRoute } from '@/lib/http/route';
import { booleanAnswer, captchaChallengeAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = publicRoute(
  { response: captchaChallengeAnswer },
  async () => (await captchaVerifier().createChallenge()) as Record<string, unknown>,
);

export const POST = publicRoute(
  { response: booleanAnswer, body: legacyCaptchaBody },
  async ({ body }) => (await captchaVerifier().check(body.Captcha)).ok,
);
