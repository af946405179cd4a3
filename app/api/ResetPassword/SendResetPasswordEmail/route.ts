/** POST api/ResetPassword/SendResetPasswordEmail (spec §7): { EmailId } → true, whether or not the address is known. */
import { requestPasswordReset } from '@/lib/auth/forgot';
import { publicRoute } from '@/lib/http/route';
import { sendResetEmailBody } from '@/lib/settings/legacy';

export const POST = publicRoute({ body: sendResetEmailBody }, async ({ body }) => {
  await requestPasswordReset(body);
  return true;
});
