/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the handlers' zod schemas. */
import { withContract } from '@/lib/http/route';
import { v1Door } from '@/lib/integration/route';
import { v1OpenApiDocument, v1OpenApiRouteContract } from '@/lib/openapi/v1-document';

export const dynamic = 'force-dynamic';

export const GET = withContract(
  v1Door(async () => Response.json(await v1OpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } })),
  v1OpenApiRouteContract,
);
