import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiPathOf, routeFiles } from '@/test/route-files';
import { buildOpenApiDocument, routeMethods } from './document';
import { OPENAPI_PATH } from './self';
import { API_ROUTE_MODULES } from '@/app/api/openapi.json/registry';

describe('the OpenAPI document', () => {
  it('registers every api route file (the /api/v1 integration API has its own registry and document)', () => {
    const files = routeFiles()
      .filter((f) => !f.endsWith('[...slug]') && f.split(path.sep)[1] !== 'v1')
      .map(openApiPathOf)
      .sort();
    expect([...Object.keys(API_ROUTE_MODULES), OPENAPI_PATH].sort()).toEqual(files);
  });

  it('every exported method of every route carries a contract, and every JSON answer a response schema', async () => {
    const missing: string[] = [];
    for (const { path: p, methods } of await routeMethods(API_ROUTE_MODULES)) {
      expect(methods.length, p).toBeGreaterThan(0);
      for (const { method, contract } of methods) {
        if (!contract) missing.push(`${method} ${p}: no contract`);
        else if (
          (contract.produces ?? 'json') === 'json' &&
          !contract.response &&
          !Object.keys(contract.statuses ?? {}).some((s) => s.startsWith('2'))
        )
          missing.push(`${method} ${p}: no response schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is OpenAPI 3.1 with the security schemes, the error envelope and the schemas of the handlers', async () => {
    const doc = (await buildOpenApiDocument(API_ROUTE_MODULES)) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
            responses: Record<string, unknown>;
            security: unknown[];
            parameters?: { name: string; schema: Record<string, unknown> }[];
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const list = doc.paths['/api/Job/JobsList/CurrentPage/{page}/PageSize/{size}']?.post;
    expect(list?.parameters?.map((p) => p.name)).toEqual(['page', 'size']);
    expect(list?.requestBody?.content['application/json']?.schema).toMatchObject({
      anyOf: expect.arrayContaining([
        expect.objectContaining({
          properties: expect.objectContaining({ SortBy: expect.anything(), JobStatusModel: expect.anything() }),
        }),
      ]),
    });
    expect(list?.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: { Jobs: expect.anything(), TotalCount: expect.anything(), ItemsPerPage: expect.anything() },
          },
        },
      },
    });
    expect(list?.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    const job = doc.paths['/api/Job/{id}']?.get?.responses['200'] as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    for (const field of [
      'CreatedByDisplay',
      'LastModifiedBy',
      'StatusLastModifiedBy',
      'CopyStatus',
      'InternalInstructions',
      'EPrintScanInstructions',
    ])
      expect(job.content['application/json'].schema.properties).toHaveProperty(field);
    expect(doc.paths['/api/Job/Add']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({
      properties: { OrderType: expect.anything(), EPrintScanInstructions: expect.anything() },
    });
    expect(doc.paths['/api/Document/UploadJob/{type}']?.post?.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
    expect(doc.paths['/api/Job/ExportCSVJobs']?.post?.responses['200']).toMatchObject({
      content: { 'text/csv': expect.anything() },
    });
    expect(doc.paths['/api/Country/GetCountriesForLoginPage']?.get?.security).toContainEqual({});
  });
});
