/**
 * POST api/Authentication/resetPassword (spec §7, the forced change of /ResetPassword): { UserHash,
 * NewPassword, ConfirmPassword? } → true when changed, false otherwise (spec: "ResetPassword returns a boolean").
 * The hash is the one-time token the sign-in issued (the old call's user name and password are not accepted:
 * docs/security.md). Why a false: the `X-Password-Reset-Result` header (done, reused, expired, invalid, failed);
 * `reused` is the spec's 'Cannot use last 10 passwords or similar.' (decision 018). A password breaking the rules
 * or a confirmation that differs is bad input, which the old client checks before it calls: a 400 with the field
 * message.
 */
import { resetPasswordWithToken } from '@/lib/auth/reset';
import { ValidationError } from '@/lib/core/errors';
import { publicRoute } from '@/lib/http/route';
import { booleanAnswer } from '@/lib/legacy/answers';
import { RESET_RESULT_HEADER, resetPasswordBody } from '@/lib/legacy/settings';

export const POST = publicRoute({ response: booleanAnswer, body: resetPasswordBody }, async ({ body }) => {
  const r = await resetPasswordWithToken(body.token, body.newPassword, body.confirm);
  if (r.status === 'policy') throw new ValidationError(r.fields);
  return Response.json(r.status === 'done', {
    headers: { [RESET_RESULT_HEADER]: r.status, 'Cache-Control': 'no-store' },
  });
});
