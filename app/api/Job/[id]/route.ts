/** GET api/Job/{id} (spec §7): the job payload of spec §3; another client's job answers 404 like a missing one. */
import { NotFoundError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/route';
import { toLegacyJob } from '@/lib/jobs/legacy';
import { jobIdPathSchema } from '@/lib/jobs/list-schema';
import { getJobForClient } from '@/lib/jobs/queries';
import { CLIENT_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ roles: CLIENT_ROLES, params: jobIdPathSchema }, async ({ actor, params }) => {
  const job = await getJobForClient(actor, params.id);
  if (!job) throw new NotFoundError('Job not found.');
  return toLegacyJob(job);
});
