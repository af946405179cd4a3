/** GET api/Authentication/Validate/{token}/Role/{role}: true when the bearer token names a live session of that role. */
import { z } from 'zod';
import { resolveSession, sessionIdFromLegacyToken } from '@/lib/auth/session';
import { publicRoute } from '@/lib/http/route';
import { booleanAnswer } from '@/lib/legacy/answers';

export const GET = publicRoute(
  {
    response: booleanAnswer,
    params: z.object({ token: z.string().min(1).max(4096), role: z.string().regex(/^[1-8]$/) }),
  },
  async ({ params }) => {
    const actor = await resolveSession(await sessionIdFromLegacyToken(params.token));
    return actor !== null && actor.role === Number(params.role);
  },
);
