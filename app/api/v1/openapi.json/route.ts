/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the handlers' zod schemas. */
import { withContract } from '@/lib/http/route';
import { problemFor } from '@/lib/integration/problem';
import { v1OpenApiDocument, v1OpenApiRouteContract } from '@/lib/openapi/v1-document';

export const dynamic = 'force-dynamic';

export const GET = withContract(async function GET(req: Request): Promise<Response> {
  try {
    return Response.json(await v1OpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } });
  } catch (e) {
    return problemFor(e, req);
  }
}, v1OpenApiRouteContract);
