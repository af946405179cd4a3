/** POST api/ResetPassword/SendResetPasswordEmail (spec §7): { EmailId } → true, whether or not the address is known. */
import { requestPasswordReset } from '@/lib/auth/forgot';
import { publicRoute } from '@/lib/http/route';
import { sendResetEmailBody } from '@/lib/legacy/settings';
import { booleanAnswer } from '@/lib/legacy/answers';

export const POST = publicRoute({ response: booleanAnswer, body: sendResetEmailBody }, async ({ body }) => {
  await requestPasswordReset(body);
  return true;
});
