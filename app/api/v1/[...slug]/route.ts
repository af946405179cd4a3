/** Any /api/v1 path no handler serves: a 404 problem (application/problem+json), never the legacy envelope; through the door (its body cap). */
import { problemResponse } from '@/lib/http/problem';
import { v1Door } from '@/lib/http/v1-route';

export const dynamic = 'force-dynamic';

const notFound = v1Door(async ({ req }) =>
  problemResponse(404, 'There is no such path in /api/v1 (see /api/v1/openapi.json).', new URL(req.url).pathname),
);

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
