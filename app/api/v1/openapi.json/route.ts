/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the handlers' zod schemas. */
import { withContract } from '@/lib/http/route';
import { v1Door } from '@/lib/http/v1-route';
import { v1OpenApiDocument, v1OpenApiRouteContract } from '@/lib/openapi/v1-document';
import { V1_ROUTE_MODULES } from './registry';

export const dynamic = 'force-dynamic';

export const GET = withContract(
  v1Door(async () =>
    Response.json(await v1OpenApiDocument(V1_ROUTE_MODULES), { headers: { 'Cache-Control': 'public, max-age=300' } }),
  ),
  v1OpenApiRouteContract,
);
