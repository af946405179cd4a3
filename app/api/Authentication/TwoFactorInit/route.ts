/**
 * POST api/Authentication/TwoFactorInit (spec §7, signed in): starts setting up an authenticator app. Answers
 * {Secret, OtpAuthUri, QrCode (PNG data URL), ExpiresInSeconds}; the set-up counts once TwoFactorInitResponse
 * confirms it with a code. 409 when an app is already set up (remove it first, with the password).
 */
import { twoFactorInitBody } from '@/lib/auth/two-factor-schema';
import { startEnrolment } from '@/lib/auth/two-factor';
import { apiRoute } from '@/lib/http/route';
import { twoFactorInitAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute(
  { allowTwoFactorSetup: true, response: twoFactorInitAnswer, body: twoFactorInitBody },
  async ({ actor }) => startEnrolment(actor),
);
