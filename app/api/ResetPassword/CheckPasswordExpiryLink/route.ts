/** POST api/ResetPassword/CheckPasswordExpiryLink (spec §7): the hash → true valid, false expired, null invalid. */
import { checkResetToken } from '@/lib/auth/reset';
import { publicRoute } from '@/lib/http/route';
import { checkLinkBody, presentLinkState } from '@/lib/legacy/settings';
import { linkStateAnswer } from '@/lib/legacy/answers';

export const POST = publicRoute({ response: linkStateAnswer, body: checkLinkBody }, async ({ body }) =>
  presentLinkState(await checkResetToken(body)),
);
