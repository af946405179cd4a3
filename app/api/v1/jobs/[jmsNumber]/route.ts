/** GET /api/v1/jobs/{jmsNumber}: the whole job (fields, instruction block, source and delivered files with SHA-256). */
import { jobForApi } from '@/lib/integration/jobs';
import { v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { jobAnswer, jobPathParams } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const GET = v1Route(
  {
    scope: 'jobs:read',
    summary: 'The whole job: its fields, instruction block, source files and delivered files with their SHA-256.',
    params: jobPathParams,
    response: jobAnswer,
  },
  async ({ params }) => jobForApi(params.jmsNumber),
);

const notAllowed = v1NotAllowed(['GET']);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
