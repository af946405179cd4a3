/** GET api/Job/JobFeedback/{id} (spec §7): the feedback of a job of the caller's client, or null when none was given. */
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { getJobFeedback } from '@/lib/jobs/feedback';
import { toLegacyFeedback } from '@/lib/legacy/jobs';
import { jobIdPathSchema } from '@/lib/jobs/list-schema';
import { CLIENT_ROLES } from '@/lib/reference';
import { feedbackAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  { response: feedbackAnswer.nullable(), roles: CLIENT_ROLES, params: jobIdPathSchema },
  async ({ actor, params }) => {
    const feedback = await getJobFeedback(actor, params.id);
    if (!feedback) throw new NotFoundError('Job not found.');
    const first = feedback[0];
    return first ? toLegacyFeedback(first) : null;
  },
);
