/**
 * POST api/Authentication/resetPassword (spec §7, the forced change of /ResetPassword): { UserHash,
 * NewPassword, ConfirmPassword? } → true when changed, false otherwise. The hash is the one-time
 * token the sign-in issued (the old call's user name and password are not accepted: docs/security.md).
 * A recent password or one breaking the rules is a 400 with the field message.
 */
import { resetPasswordWithToken } from '@/lib/auth/reset';
import { ValidationError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/http/route';
import { MSG } from '@/lib/messages';
import { resetPasswordBody } from '@/lib/settings/legacy';
import { booleanAnswer } from '@/lib/openapi/answers';

export const POST = publicRoute({ response: booleanAnswer, body: resetPasswordBody }, async ({ body }) => {
  const r = await resetPasswordWithToken(body.token, body.newPassword, body.confirm);
  if (r.status === 'policy') throw new ValidationError(r.fields);
  if (r.status === 'reused') throw new ValidationError({ NewPassword: [MSG.passwordReused] }, MSG.passwordReused);
  return r.status === 'done';
});
