/**
 * GET api/Job/SendNotification/{id} (spec §7): queues a job notification e-mail to the job's contact. A GET that
 * changes something: refused when it comes cross-site (docs/decisions/016-one-door.md).
 */
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { jobIdPathSchema } from '@/lib/jobs/list-schema';
import { sendJobNotification } from '@/lib/jobs/notification';
import { CLIENT_ROLES } from '@/lib/reference';
import { booleanAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  { response: booleanAnswer, roles: CLIENT_ROLES, params: jobIdPathSchema, changesState: true },
  async ({ actor, params }) => {
    if (!(await sendJobNotification(actor, params.id))) throw new NotFoundError('Job not found.');
    return true;
  },
);
