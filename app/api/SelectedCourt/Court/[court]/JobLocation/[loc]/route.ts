import { z } from 'zod';
import { apiRoute } from '@/lib/http/route';
import { selectedCourt } from '@/lib/jobs/lookups';
import { courtSegment, idSegment, presentCourtFlags } from '@/lib/legacy/job-lookups';
import { courtFlagsAnswer } from '@/lib/legacy/answers';

/** GET api/SelectedCourt/Court/{court}/JobLocation/{loc}: the court selection flags (spec §3). */
export const GET = apiRoute(
  { response: courtFlagsAnswer, params: z.object({ court: courtSegment, loc: idSegment }) },
  async ({ params }) => presentCourtFlags(await selectedCourt(params.court, params.loc)),
);
