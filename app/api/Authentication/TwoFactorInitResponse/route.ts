/**
 * POST api/Authentication/TwoFactorInitResponse (spec §7, signed in): {Code} from the authenticator app confirms
 * the set-up started by TwoFactorInit. Answers {RecoveryCodes: [ten single-use codes]}, this once; a wrong code
 * is a 400 naming Code.
 */
import { confirmEnrolmentSchema } from '@/lib/auth/two-factor-schema';
import { confirmEnrolment } from '@/lib/auth/two-factor';
import { apiRoute } from '@/lib/http/route';
import { twoFactorConfirmAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute(
  { allowTwoFactorSetup: true, response: twoFactorConfirmAnswer, body: confirmEnrolmentSchema },
  async ({ actor, body }) => confirmEnrolment(actor, body.Code),
);
