import { z } from 'zod';
import { apiRoute } from '@/lib/http/route';
import { matterReferenceExists } from '@/lib/jobs/lookups';
import { textSegment } from '@/lib/legacy/job-lookups';
import { booleanAnswer } from '@/lib/legacy/answers';

/** GET api/Job/CheckClientMatterReference/{reference}: whether the session's client knows the matter reference. */
export const GET = apiRoute(
  { response: booleanAnswer, params: z.object({ reference: textSegment }) },
  async ({ actor, params }) => matterReferenceExists(actor, params.reference),
);
