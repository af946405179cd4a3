import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiPathOf, routeFiles } from '@/test/route-files';
import { buildV1OpenApiDocument, V1_OPENAPI_PATH, v1RouteMethods } from './v1-document';
import { V1_ROUTE_MODULES } from '@/app/api/v1/openapi.json/registry';

interface Op {
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: Record<string, unknown> }>; headers?: Record<string, unknown> }
  >;
}

describe('the OpenAPI document of /api/v1', () => {
  it('registers every /api/v1 route file', () => {
    const files = routeFiles()
      .filter((f) => f.split(path.sep)[1] === 'v1' && !f.endsWith('[...slug]'))
      .map(openApiPathOf)
      .sort();
    expect([...Object.keys(V1_ROUTE_MODULES), V1_OPENAPI_PATH].sort()).toEqual(files);
  });

  it('every exported method carries a v1 contract with a scope and a documented answer', async () => {
    const missing: string[] = [];
    for (const { path: p, methods } of await v1RouteMethods(V1_ROUTE_MODULES)) {
      expect(methods.length, p).toBeGreaterThan(0);
      for (const { method, contract } of methods) {
        if (!contract) missing.push(`${method} ${p}: no v1 contract`);
        else if (!contract.response && !Object.values(contract.statuses ?? {}).some((s) => s.response))
          missing.push(`${method} ${p}: no answer schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is OpenAPI 3.1 with the bearer scheme, scopes, camelCase schemas and problem details for errors', async () => {
    const doc = (await buildV1OpenApiDocument(V1_ROUTE_MODULES)) as {
      openapi: string;
      components: {
        securitySchemes: Record<string, unknown>;
        schemas: Record<string, { properties: Record<string, unknown> }>;
      };
      paths: Record<string, Record<string, Op>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.components.schemas.Problem?.properties ?? {})).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'instance', 'errors']),
    );

    const status = doc.paths['/api/v1/jobs/{jmsNumber}/status']?.post;
    expect(status?.security).toEqual([{ bearerAuth: ['jobs:write'] }]);
    expect(status?.parameters?.map((p) => [p.name, p.in])).toEqual([
      ['jmsNumber', 'path'],
      ['Idempotency-Key', 'header'],
    ]);
    expect(status?.requestBody?.content['application/json']?.schema).toMatchObject({
      properties: { status: expect.anything(), comment: expect.anything(), visibleToClient: expect.anything() },
      required: ['status'],
    });
    for (const code of ['400', '401', '403', '404', '422', '429', '500'])
      expect(status?.responses[code]?.content, code).toHaveProperty(['application/problem+json']);
    expect(status?.responses['429']?.headers).toHaveProperty('Retry-After');
    expect(status?.responses['401']?.headers).toHaveProperty('WWW-Authenticate');

    const changes = doc.paths['/api/v1/jobs/changes']?.get;
    expect(changes?.security).toEqual([{ bearerAuth: ['jobs:read'] }]);
    expect(changes?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['cursor', 'query', false],
      ['limit', 'query', false],
    ]);
    expect(changes?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { changes: expect.anything(), nextCursor: expect.anything() },
    });

    const job = doc.paths['/api/v1/jobs/{jmsNumber}']?.get?.responses['200']?.content?.['application/json']?.schema as {
      properties: Record<string, { items?: { properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(job.properties)).toEqual(
      expect.arrayContaining(['jmsNumber', 'instructionBlock', 'sourceFiles', 'deliveredFiles']),
    );
    expect(job.properties.deliveredFiles?.items?.properties).toHaveProperty('sha256');
    // camelCase throughout: no PascalCase property names in any v1 schema.
    expect(JSON.stringify(doc.paths)).not.toMatch(/"(JobId|InvoiceNumber|ExtStockId|JMSNumber)"/);

    const invoice = doc.paths['/api/v1/invoices/{invoiceNumber}']?.put;
    expect(invoice?.security).toEqual([{ bearerAuth: ['invoices:write'] }]);
    expect(Object.keys(invoice?.responses ?? {})).toEqual(expect.arrayContaining(['200', '201']));
    expect(invoice?.requestBody?.content['application/json']?.schema).toMatchObject({
      properties: { lines: { items: { properties: { stockCode: expect.anything(), quantity: expect.anything() } } } },
    });

    const files = doc.paths['/api/v1/jobs/{jmsNumber}/files']?.post;
    expect(files?.security).toEqual([{ bearerAuth: ['files:write'] }]);
    expect(files?.requestBody?.content).toHaveProperty(['multipart/form-data']);
    expect(files?.responses['201']?.content?.['application/json']?.schema).toMatchObject({
      properties: { sha256: expect.anything() },
    });

    expect(doc.paths[V1_OPENAPI_PATH]?.get?.security).toEqual([{}]);
  });
});
