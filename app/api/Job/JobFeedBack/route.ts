/** POST api/Job/JobFeedBack (spec §7): feedback on a delivered job of the caller's client (once per job). */
import { apiRoute } from '@/lib/http/route';
import { legacyFeedbackSchema, saveJobFeedback } from '@/lib/jobs/feedback';
import { toLegacyFeedback } from '@/lib/legacy/jobs';
import { CLIENT_ROLES } from '@/lib/reference';
import { feedbackAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: feedbackAnswer, roles: CLIENT_ROLES, body: legacyFeedbackSchema },
  async ({ actor, body }) => toLegacyFeedback(await saveJobFeedback(actor, body)),
);
