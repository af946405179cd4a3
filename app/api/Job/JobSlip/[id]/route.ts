/** GET api/Job/JobSlip/{id} (spec §7, §3 "Job slip"): internal instructions only for non-client users. */
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { toLegacyJobSlip } from '@/lib/legacy/jobs';
import { jobIdPathSchema } from '@/lib/jobs/list-schema';
import { jobSlip } from '@/lib/jobs/queries';
import { jobSlipAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: jobSlipAnswer, params: jobIdPathSchema }, async ({ actor, params }) => {
  const slip = await jobSlip(actor, params.id);
  if (!slip) throw new NotFoundError('Job not found.');
  return toLegacyJobSlip(slip);
});
