/**
 * The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json: generated like the legacy
 * document (lib/openapi/document.ts, whose zod → JSON Schema 2020-12 machinery it reuses) from the contracts the
 * v1 handlers carry (lib/http/v1-route.ts `V1Contract`: scope, params, query, body, response, idempotency).
 * Every operation needs a bearer API key with its scope; every error is RFC 9457 problem details.
 */
import { z } from 'zod';
import type { RouteContract } from '@/lib/http/route';
import type { V1Contract } from '@/lib/http/v1-route';
import { problemSchema } from '@/lib/http/problem';
import {
  acceptsNothing,
  HTTP_METHODS,
  jsonSchema,
  pathParameters,
  type JsonSchema,
  type RouteModules,
} from './document';

export const V1_OPENAPI_PATH = '/api/v1/openapi.json';

/** The contract of GET /api/v1/openapi.json (public, like the legacy document). */
export const v1OpenApiRouteContract: RouteContract = {
  access: 'public',
  summary: 'This OpenAPI 3.1 document of /api/v1.',
  response: z.looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({}),
    paths: z.record(z.string(), z.looseObject({})),
  }),
};

type Method = (typeof HTTP_METHODS)[number];

const PROBLEM = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
const problemAnswer = (description: string, headers?: JsonSchema) => ({
  description,
  content: PROBLEM,
  ...(headers ? { headers } : {}),
});
const intHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
const RATE_HEADERS = {
  'RateLimit-Limit': intHeader('Calls allowed per window.'),
  'RateLimit-Remaining': intHeader('Calls left in this window.'),
  'RateLimit-Reset': intHeader('Seconds until the window ends.'),
};

function queryParameters(query: z.ZodType | undefined): JsonSchema[] {
  if (!query) return [];
  const s = jsonSchema(query, 'input');
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: required.has(name), schema: rest, ...(description ? { description } : {}) };
  });
}

function okResponses(c: V1Contract): JsonSchema {
  const out: JsonSchema = {};
  if (c.response)
    out['200'] = {
      description: 'OK',
      headers: RATE_HEADERS,
      content: { 'application/json': { schema: jsonSchema(c.response, 'output') } },
    };
  for (const [status, s] of Object.entries(c.statuses ?? {})) {
    out[status] = s.response
      ? {
          description: s.description,
          headers: RATE_HEADERS,
          content: { 'application/json': { schema: jsonSchema(s.response, 'output') } },
        }
      : problemAnswer(s.description);
  }
  return out;
}

function operation(path: string, method: Method, c: V1Contract): JsonSchema {
  const op: JsonSchema = {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: c.summary ?? `${method} ${path}`,
    tags: [path.split('/')[3] ?? 'v1'],
    security: [{ bearerAuth: [c.scope] }],
    'x-scope': c.scope,
  };
  const parameters = [...pathParameters(path, c.params), ...queryParameters(c.query)];
  if (c.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A unique key per intended change (e.g. a UUID). The same key with the same request replays the first answer (Idempotent-Replayed: true); with another request it is a 422; while the first is still running, a 409.',
      schema: { type: 'string', minLength: 1, maxLength: 257 },
    });
  }
  if (c.multipart) {
    parameters.push({
      name: 'X-File-Size',
      in: 'header',
      required: false,
      description:
        "The file's size in bytes, when known before its bytes are sent: the portal then stores it in one streamed request. A file of another size is refused (400).",
      schema: { type: 'integer', minimum: 0 },
    });
  }
  if (parameters.length) op.parameters = parameters;
  if (c.body)
    op.requestBody = {
      required: !acceptsNothing(c.body),
      content: { 'application/json': { schema: jsonSchema(c.body, 'input') } },
    };
  else if (c.multipart) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: ['file'],
          },
        },
      },
    };
  }
  op.responses = {
    ...okResponses(c),
    '400': problemAnswer('The request is not valid: `errors` holds the messages per field.'),
    '401': problemAnswer('No API key, or an unknown or revoked one.', {
      'WWW-Authenticate': { schema: { type: 'string' } },
    }),
    '403': problemAnswer(`The API key does not have the ${c.scope} scope.`),
    '404': problemAnswer('No such job or invoice.'),
    ...(c.body ? { '413': problemAnswer('The JSON body is larger than 1 MiB.') } : {}),
    ...(c.idempotent ? { '422': problemAnswer('The Idempotency-Key was already used with a different request.') } : {}),
    '429': problemAnswer('Too many calls with this API key: try again after Retry-After seconds.', {
      'Retry-After': intHeader('Seconds to wait.'),
      ...RATE_HEADERS,
    }),
    '500': problemAnswer('A fault of the portal (reported; never expected).'),
  };
  return op;
}

function v1ContractOf(value: unknown): V1Contract | null {
  if (typeof value !== 'function' || !('contract' in value)) return null;
  const c = (value as { contract: V1Contract }).contract;
  return c.scope ? c : null;
}

export interface V1RouteMethods {
  path: string;
  methods: { method: Method; contract: V1Contract | null }[];
}

export async function v1RouteMethods(modules: RouteModules): Promise<V1RouteMethods[]> {
  const out: V1RouteMethods[] = [];
  for (const [path, load] of Object.entries(modules)) {
    const mod = await load();
    const served = HTTP_METHODS.filter(
      (m) => typeof mod[m] === 'function' && !(mod[m] as { notAllowed?: boolean }).notAllowed,
    );
    out.push({ path, methods: served.map((method) => ({ method, contract: v1ContractOf(mod[method]) })) });
  }
  return out;
}

/** Builds the document. Throws when a route method has no v1 contract (the test suite catches that). */
export async function buildV1OpenApiDocument(modules: RouteModules): Promise<JsonSchema> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { path, methods } of await v1RouteMethods(modules)) {
    for (const { method, contract } of methods) {
      if (!contract) throw new Error(`${method} ${path} has no v1 contract`);
      (paths[path] ??= {})[method.toLowerCase()] = operation(path, method, contract);
    }
  }
  paths[V1_OPENAPI_PATH] = {
    get: {
      operationId: 'get_api_v1_openapi_json',
      summary: v1OpenApiRouteContract.summary,
      tags: ['meta'],
      security: [{}],
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: jsonSchema(v1OpenApiRouteContract.response!, 'output') } },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'JMS Portal integration API',
      version: '1',
      description:
        'The API the provider’s job-management system uses: a feed of job changes, jobs, status changes through the workflow, ' +
        'invoice upserts and delivered files. JSON in camelCase; errors are RFC 9457 problem details. Authenticate with an API key ' +
        'created in /Ops/ApiKeys (Authorization: Bearer jms_…); each key has scopes and a rate limit. Generated from the zod schemas ' +
        'the handlers parse and answer with.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key of /Ops/ApiKeys (jms_<prefix>_<secret>), with the scope each operation names.',
        },
      },
      schemas: { Problem: jsonSchema(problemSchema, 'output') },
    },
    paths,
  };
}

let cached: Promise<JsonSchema> | null = null;

export function v1OpenApiDocument(modules: RouteModules): Promise<JsonSchema> {
  cached ??= buildV1OpenApiDocument(modules).catch((e: unknown) => {
    cached = null;
    throw e;
  });
  return cached;
}
