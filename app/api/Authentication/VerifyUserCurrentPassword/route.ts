/**
 * POST api/Authentication/VerifyUserCurrentPassword (spec §7): { UserName, Password (base64), OTP: 0 }
 * → { IsLoggedIn }. Only ever checks the signed-in user's own password: another user name answers false.
 */
import { apiRoute } from '@/lib/http/route';
import { verifyCurrentPassword } from '@/lib/auth/current-password';
import { decodeBase64Password, verifyUserCurrentBody } from '@/lib/legacy/settings';
import { isLoggedInAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute({ response: isLoggedInAnswer, body: verifyUserCurrentBody }, async ({ actor, body }) => {
  if (body.UserName && body.UserName.trim().toLowerCase() !== actor.userName.toLowerCase())
    return { IsLoggedIn: false };
  return { IsLoggedIn: await verifyCurrentPassword(actor, decodeBase64Password(body.Password)) };
});
