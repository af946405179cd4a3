/**
 * The OpenAPI 3.1 document of every api/* path (served at /api/openapi.json), generated from the zod schemas
 * the handlers parse and answer with: each route module's exported methods carry their contract (lib/http/route.ts
 * `RouteContract`: access, roles, params, body, response); zod 4's `z.toJSONSchema` turns the schemas into JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1. Nothing here is written by hand but the error envelope's wording.
 *
 * Request schemas are the schemas' input side (what a caller may send); response schemas their output side.
 * Refinements a JSON Schema cannot say (e.g. "a real calendar date") stay on the server: the document is what a
 * request must look like to be considered, not a promise that every such request is accepted.
 */
import { z } from 'zod';
import type { RouteContract } from '@/lib/http/route';
import { OPENAPI_PATH, openApiRouteContract } from './self';

export type JsonSchema = Record<string, unknown>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof HTTP_METHODS)[number];

/** The error envelope every 4xx and 5xx answer carries (lib/http/route.ts `errorResponse`). */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    status: z.number().int(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** May the schema be given nothing (no body at all)? */
export function acceptsNothing(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

export function pathParameters(path: string, params: z.ZodType | undefined): JsonSchema[] {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const props = params ? ((jsonSchema(params, 'input').properties ?? {}) as Record<string, JsonSchema>) : {};
  return names.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } }));
}

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };

const ANY_CONTENT = { '*/*': { schema: {} } };

function okResponse(c: RouteContract): JsonSchema {
  if (c.produces === 'any') return { description: 'OK (the third party’s answer).', content: ANY_CONTENT };
  if (c.produces === 'csv')
    return { description: 'A CSV file (RFC 4180, UTF-8).', content: { 'text/csv': { schema: { type: 'string' } } } };
  if (c.produces === 'file') {
    const types = c.fileTypes?.length ? c.fileTypes : ['application/octet-stream'];
    return {
      description: 'The file, as an attachment.',
      content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
    };
  }
  if (!c.response) throw new Error('a JSON route must document its response');
  return { description: 'OK', content: { 'application/json': { schema: jsonSchema(c.response, 'output') } } };
}

function operation(path: string, method: Method, c: RouteContract): JsonSchema {
  const op: JsonSchema = {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: c.summary ?? `${method} ${path}`,
    tags: [path.split('/')[2] ?? 'api'],
  };
  const parameters = pathParameters(path, c.params);
  if (parameters.length) op.parameters = parameters;
  const body = c.body ?? c.handlerBody;
  if (body) {
    op.requestBody = {
      required: !acceptsNothing(body),
      content: { 'application/json': { schema: jsonSchema(body, 'input') } },
    };
  } else if (c.multipart) {
    op.parameters = [
      ...parameters,
      {
        name: 'X-File-Size',
        in: 'header',
        required: false,
        description:
          "The file's size in bytes, when known before its bytes are sent: the portal then stores it in one streamed request. A file of another size is refused (400).",
        schema: { type: 'integer', minimum: 0 },
      },
    ];
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
  // A route whose success is another 2xx (e.g. 204 No Content) documents that status instead of a 200.
  const otherSuccess = !c.response && !c.produces && Object.keys(c.statuses ?? {}).some((s) => s.startsWith('2'));
  const responses: JsonSchema = otherSuccess ? {} : { '200': okResponse(c) };
  for (const [status, s] of Object.entries(c.statuses ?? {})) {
    responses[status] = s.response
      ? { description: s.description, content: { 'application/json': { schema: jsonSchema(s.response, 'output') } } }
      : { description: s.description };
  }
  responses['4XX'] =
    c.produces === 'any'
      ? { description: 'Refused (the third party’s answer).', content: ANY_CONTENT }
      : {
          description:
            'Refused: 400 with field messages, 401 not signed in, 403 role not allowed (or a signed-in browser’s request from another origin), 404 not found, 409 conflict, 413 body past the cap (MAX_BODY_BYTES).',
          content: ERROR_CONTENT,
        };
  responses['500'] = { description: 'A fault of the portal (reported; never expected).', content: ERROR_CONTENT };
  op.responses = responses;
  if (c.access === 'signed-in') op.security = [{ bearerAuth: [] }, { sessionCookie: [] }];
  else op.security = [{}, { bearerAuth: [] }, { sessionCookie: [] }];
  if (c.roles) op['x-roles'] = [...c.roles];
  return op;
}

export function contractOf(value: unknown): RouteContract | null {
  if (typeof value !== 'function' || !('contract' in value)) return null;
  return (value as { contract: RouteContract }).contract;
}

/** A registry of route modules by OpenAPI path (app/api/openapi.json/registry.ts, app/api/v1/openapi.json/registry.ts). */
export type RouteModules = Record<string, () => Promise<Record<string, unknown>>>;

export interface RouteMethods {
  path: string;
  methods: { method: Method; contract: RouteContract | null }[];
}

/** Every registered path with its exported methods and their contracts (null: a method without one). */
export async function routeMethods(modules: RouteModules): Promise<RouteMethods[]> {
  const out: RouteMethods[] = [];
  for (const [path, load] of Object.entries(modules)) {
    const mod = await load();
    const methods = HTTP_METHODS.filter((m) => typeof mod[m] === 'function').map((method) => ({
      method,
      contract: contractOf(mod[method]),
    }));
    out.push({ path, methods });
  }
  out.push({ path: OPENAPI_PATH, methods: [{ method: 'GET', contract: openApiRouteContract }] });
  return out;
}

/** Builds the document. Throws when a route method has no contract (the test suite catches that). */
export async function buildOpenApiDocument(modules: RouteModules): Promise<JsonSchema> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { path, methods } of await routeMethods(modules)) {
    for (const { method, contract } of methods) {
      if (!contract) throw new Error(`${method} ${path} has no contract`);
      (paths[path] ??= {})[method.toLowerCase()] = operation(path, method, contract);
    }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'JMS Portal API',
      version: '1.0.0',
      description:
        'The legacy api/* contract of the JMS Portal (paths, methods and PascalCase fields of the original client). ' +
        'Generated from the zod schemas the route handlers parse and answer with. Sign in with POST api/Authentication/SignIn ' +
        'and AuthenticateUser, then send the jwtToken as a bearer token.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The jwtToken of api/Authentication/AuthenticateUser.',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description: 'The browser session (named __Secure-next-auth.session-token over HTTPS).',
        },
      },
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
    },
    paths,
  };
}

let cached: Promise<JsonSchema> | null = null;

/** The document, built once per instance (it depends only on the code). */
export function openApiDocument(modules: RouteModules): Promise<JsonSchema> {
  cached ??= buildOpenApiDocument(modules).catch((e: unknown) => {
    cached = null;
    throw e;
  });
  return cached;
}
