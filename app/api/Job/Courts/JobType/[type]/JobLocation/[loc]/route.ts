import { z } from 'zod';
import { apiRoute } from '@/lib/http/route';
import { listCourts } from '@/lib/jobs/lookups';
import { idSegment, jobTypeSegment, presentCourt } from '@/lib/legacy/job-lookups';
import { courtsAnswer } from '@/lib/legacy/answers';

/** GET api/Job/Courts/JobType/{type}/JobLocation/{loc}: the courts offered for the job type at the location. */
export const GET = apiRoute(
  { response: courtsAnswer, params: z.object({ type: jobTypeSegment, loc: idSegment }) },
  async ({ params }) => (await listCourts(params.type, params.loc)).map(presentCourt),
);
