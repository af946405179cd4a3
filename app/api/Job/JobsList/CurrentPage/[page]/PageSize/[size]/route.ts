/** POST api/Job/JobsList/CurrentPage/{page}/PageSize/{size} (spec §7): one page of the caller's client's jobs. */
import { toLegacyJobList } from '@/lib/legacy/jobs';
import { jobListBodySchema } from '@/lib/jobs/list-schema';
import { listJobs } from '@/lib/jobs/queries';
import { apiRoute } from '@/lib/http/route';
import { pagePathSchema } from '@/lib/lists/paging';
import { CLIENT_ROLES } from '@/lib/reference';
import { jobListAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: jobListAnswer, roles: CLIENT_ROLES, params: pagePathSchema, body: jobListBodySchema },
  async ({ actor, params, body }) => toLegacyJobList(await listJobs(actor, body, params), actor.timeZone),
);
