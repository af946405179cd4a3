/** GET api/SingleSignOnAuthentication/LogClientError/{message}: the browser reports a failed single sign-on (e.g. 'Failed to find valid token'). */
import { z } from 'zod';
import { recordSsoFailure } from '@/lib/auth/sso';
import { publicRoute } from '@/lib/http/route';
import { booleanAnswer } from '@/lib/openapi/answers';

export const GET = publicRoute({ response: booleanAnswer, params: z.object({ message: z.string().min(1).max(500) }) }, async ({ params }) => {
  await recordSsoFailure(`client: ${params.message}`);
  return true;
});
