/** GET /api/openapi.json: the OpenAPI 3.1 document of every api/* path, generated from the handlers' zod schemas. */
import { handleError, withContract } from '@/lib/http/route';
import { openApiDocument } from '@/lib/openapi/document';
import { openApiRouteContract } from '@/lib/openapi/self';

export const dynamic = 'force-dynamic';

export const GET = withContract(async function GET(req: Request): Promise<Response> {
  try {
    return Response.json(await openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } });
  } catch (e) {
    return handleError(e, req);
  }
}, openApiRouteContract);
