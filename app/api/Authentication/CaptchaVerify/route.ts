/**
 * GET api/Authentication/CaptchaVerify: a new proof-of-work challenge for the captcha widget.
 * POST api/Authentication/CaptchaVerify: whether a solved payload is valid (true/false). It is not
 * consumed here: SignIn verifies it again and accepts it once.
 */
import { captchaVerifier } from '@/lib/auth/captcha';
import { legacyCaptchaBody } from '@/lib/auth/legacy';
import { publicRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = publicRoute({}, async () => captchaVerifier().createChallenge());

export const POST = publicRoute({ body: legacyCaptchaBody }, async ({ body }) => (await captchaVerifier().check(body.Captcha)).ok);
