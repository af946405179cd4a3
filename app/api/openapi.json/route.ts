/** GET /api/openapi.json: the OpenAPI 3.1 document of every api/* path, generated from the handlers' zod schemas. */
import { legacyDoor, withContract } from '@/lib/http/route';
import { openApiDocument } from '@/lib/openapi/document';
import { openApiRouteContract } from '@/lib/openapi/self';
import { API_ROUTE_MODULES } from './registry';

export const dynamic = 'force-dynamic';

export const GET = withContract(
  legacyDoor({ auth: 'none' }, async () =>
    Response.json(await openApiDocument(API_ROUTE_MODULES), { headers: { 'Cache-Control': 'public, max-age=300' } }),
  ),
  openApiRouteContract,
);
