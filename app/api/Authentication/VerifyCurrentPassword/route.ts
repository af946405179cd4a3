/** POST api/Authentication/VerifyCurrentPassword (spec §7): { Password } → whether it is the signed-in user's password. */
import { apiRoute } from '@/lib/http/route';
import { verifyCurrentPassword } from '@/lib/auth/current-password';
import { verifyCurrentBody } from '@/lib/legacy/settings';
import { booleanAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute({ response: booleanAnswer, body: verifyCurrentBody }, async ({ actor, body }) =>
  verifyCurrentPassword(actor, body),
);
