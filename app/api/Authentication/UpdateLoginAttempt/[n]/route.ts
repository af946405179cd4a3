/**
 * POST api/Authentication/UpdateLoginAttempt/{n}: the legacy browser reported its own failed-attempt
 * counter here. Failed attempts are counted on the server now (docs/security.md), so the request
 * is validated and acknowledged, and changes nothing: a caller cannot reset or raise a counter.
 */
import { z } from 'zod';
import { legacyLoginAttemptBody } from '@/lib/legacy/auth';
import { publicRoute } from '@/lib/http/route';
import { booleanAnswer } from '@/lib/legacy/answers';

export const POST = publicRoute(
  {
    response: booleanAnswer,
    params: z.object({ n: z.string().regex(/^\d{1,4}$/) }),
    body: legacyLoginAttemptBody.optional(),
  },
  async () => true,
);
