/** GET api/SingleSignOnAuthentication/LogClientError/{message}: the browser reports a failed single sign-on (e.g. 'Failed to find valid token'). */
import { z } from 'zod';
import { recordSsoFailure } from '@/lib/auth/sso';
import { reportLimits } from '@/lib/errors/intake';
import { consumeRateLimits } from '@/lib/core/rate-limit';
import { publicRoute } from '@/lib/http/route';
import { booleanAnswer } from '@/lib/legacy/answers';

/** Anonymous: limited like the error reports (per IP, and for all anonymous callers), so it cannot flood the audit log. */
export const GET = publicRoute(
  { response: booleanAnswer, params: z.object({ message: z.string().min(1).max(500) }) },
  async ({ req, actor, params }) => {
    if (await consumeRateLimits(reportLimits('sso', actor, req.headers)))
      await recordSsoFailure(`client: ${params.message}`);
    return true;
  },
);
