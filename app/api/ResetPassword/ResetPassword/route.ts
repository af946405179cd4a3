/**
 * POST api/ResetPassword/ResetPassword (spec §7): { NewPassword, UserHash } → 1 success, 0 recent
 * password, null failure (expired or invalid link, locked account). A password breaking the rules is a 400.
 */
import { resetPasswordWithToken } from '@/lib/auth/reset';
import { ValidationError } from '@/lib/core/errors';
import { publicRoute } from '@/lib/http/route';
import { presentResetResult, resetPasswordBody } from '@/lib/legacy/settings';
import { resetResultAnswer } from '@/lib/legacy/answers';

export const POST = publicRoute({ response: resetResultAnswer, body: resetPasswordBody }, async ({ body }) => {
  const r = await resetPasswordWithToken(body.token, body.newPassword, body.confirm);
  if (r.status === 'policy') throw new ValidationError(r.fields);
  return presentResetResult(r);
});
