import { z } from 'zod';
import { apiRoute } from '@/lib/http/route';
import { costEstimateExists, requireOwnClient } from '@/lib/jobs/lookups';
import { idSegment, textSegment } from '@/lib/legacy/job-lookups';
import { booleanAnswer } from '@/lib/legacy/answers';

/** GET api/Job/ClientCostEstimateExists/{costEstimate}/{clientId}: true when the (numeric) estimate is the client's. */
export const GET = apiRoute(
  { response: booleanAnswer, params: z.object({ costEstimate: textSegment, clientId: idSegment }) },
  async ({ actor, params }) => costEstimateExists(requireOwnClient(actor, params.clientId), params.costEstimate),
);
