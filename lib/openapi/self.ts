/** The contract of GET /api/openapi.json, shared by the route and the document (which cannot import the route: a cycle). */
import { z } from 'zod';
import type { RouteContract } from '@/lib/http/route';

export const OPENAPI_PATH = '/api/openapi.json';

export const openApiRouteContract: RouteContract = {
  access: 'public',
  summary: 'This OpenAPI 3.1 document.',
  response: z.looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({}),
    paths: z.record(z.string(), z.looseObject({})),
  }),
};
