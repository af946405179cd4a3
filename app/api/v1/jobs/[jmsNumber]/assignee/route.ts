/** POST /api/v1/jobs/{jmsNumber}/assignee: assigns the job to a staff user, or nobody; honours Idempotency-Key. */
import { assignForApi } from '@/lib/integration/jobs';
import { v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { assignAnswer, assignBody, jobPathParams } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const POST = v1Route(
  {
    scope: 'jobs:write',
    summary:
      'Assigns the job to a staff user (or nobody, with null); recorded in the job’s history and sent as the job.assigned event. Honours Idempotency-Key.',
    params: jobPathParams,
    body: assignBody,
    response: assignAnswer,
    idempotent: true,
    statuses: {
      409: {
        description:
          'The job is already assigned to that staff user (or already unassigned); or the Idempotency-Key is in use.',
      },
    },
  },
  async ({ principal, params, body }) => assignForApi(principal, params.jmsNumber, body),
);

const notAllowed = v1NotAllowed(['POST']);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
