/**
 * GET api/Job/{id} (spec §7): the job payload of spec §3; another client's job answers 404 like a missing one.
 * Internal staff (roles 1 and 2) may read any job and see its InternalInstructions; client users never do.
 */
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { toLegacyJob } from '@/lib/legacy/jobs';
import { jobIdPathSchema } from '@/lib/jobs/list-schema';
import { jobWithNames } from '@/lib/jobs/queries';
import { isClientRole } from '@/lib/reference';
import { jobPayloadAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: jobPayloadAnswer, params: jobIdPathSchema }, async ({ actor, params }) => {
  const job = await jobWithNames(actor, params.id);
  if (!job) throw new NotFoundError('Job not found.');
  return toLegacyJob(job, { staff: !isClientRole(actor.role) });
});
