/** POST /api/v1/jobs/{jmsNumber}/status: moves the job through the workflow (the same rules and alerts); honours Idempotency-Key. */
import { changeStatusForApi, STATUS_FIELD_NAMES } from '@/lib/integration/jobs';
import { v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { jobPathParams, statusChangeAnswer, statusChangeBody } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const POST = v1Route(
  {
    scope: 'jobs:write',
    summary:
      'Changes the job’s status through the workflow, with an optional comment; fires the same alerts as a change in /Ops. Honours Idempotency-Key.',
    params: jobPathParams,
    body: statusChangeBody,
    response: statusChangeAnswer,
    idempotent: true,
    fieldNames: STATUS_FIELD_NAMES,
    statuses: {
      409: {
        description:
          'The workflow refuses the change (not allowed from the current status, or expectedStatus is stale); or the Idempotency-Key is in use.',
      },
    },
  },
  async ({ principal, params, body }) => changeStatusForApi(principal, params.jmsNumber, body),
);

const notAllowed = v1NotAllowed(['POST']);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
