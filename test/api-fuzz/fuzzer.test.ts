/**
 * The fuzzer finds what it must: a tiny HTTP server with a documented operation that answers well, one whose
 * answer breaks its schema, one that answers 500 and one whose status is undocumented.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzApi, operationsOf, summarise } from './fuzzer';

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const DOC = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/good/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }],
        responses: {
          '200': json({
            type: 'object',
            properties: { id: { type: 'integer' } },
            required: ['id'],
            additionalProperties: false,
          }),
          '4XX': json({}),
        },
      },
    },
    '/echo': {
      post: {
        requestBody: { required: true, ...json({ type: 'object', properties: { n: { type: 'integer' } } }) },
        responses: {
          '200': json({ type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false }),
          '4XX': json({}),
        },
      },
    },
    '/boom': { get: { responses: { '200': json({}) } } },
    '/teapot': { get: { responses: { '200': json({}) } } },
    '/secret': {
      get: { security: [{ bearerAuth: [] }], responses: { '200': json({ type: 'boolean' }), '4XX': json({}) } },
    },
  },
};

let server: Server;
let base = '';
const seenAuth: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/openapi.json') return send(200, DOC);
      if (url.pathname.startsWith('/good/')) {
        const id = decodeURIComponent(url.pathname.slice(6));
        return /^[0-9]{1,9}$/.test(id) ? send(200, { id: Number(id) }) : send(400, { error: 'id' });
      }
      if (url.pathname === '/echo') {
        try {
          const v: unknown = JSON.parse(body);
          // The bug the fuzzer must find: an object's n is echoed whatever its type.
          return typeof v === 'object' && v !== null && !Array.isArray(v)
            ? send(200, { n: (v as { n?: unknown }).n ?? 0 })
            : send(400, { error: 'body' });
        } catch {
          return send(400, { error: 'json' });
        }
      }
      if (url.pathname === '/boom') return send(500, { error: 'boom' });
      if (url.pathname === '/teapot') return send(418, { error: 'teapot' });
      if (url.pathname === '/secret') {
        seenAuth.push(req.headers.authorization);
        return req.headers.authorization === 'Bearer t0ken' ? send(200, true) : send(401, { error: 'auth' });
      }
      send(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the API fuzzer', () => {
  it('reads the operations of a document, without the excluded ones', () => {
    expect(operationsOf(DOC, ['GET /teapot']).map((o) => o.key)).toEqual([
      'GET /good/{id}',
      'POST /echo',
      'GET /boom',
      'GET /secret',
    ]);
    expect(operationsOf(DOC).find((o) => o.key === 'GET /secret')?.secured).toBe(true);
  });

  it('reports a 5xx, an undocumented status and an answer off its schema, and nothing for the good operation', async () => {
    const report = await fuzzApi({
      documentUrl: `${base}/openapi.json`,
      token: 't0ken',
      runs: 300,
      seed: 7,
      timeLimitMs: 30_000,
    });
    const found = new Set(report.failures.map((f) => `${f.check} ${f.operation}`));
    expect(found).toEqual(
      new Set(['server-error GET /boom', 'undocumented-status GET /teapot', 'response-schema POST /echo']),
    );
    expect(report.requests).toBe(300);
    expect(Object.keys(report.byOperation).sort()).toEqual([
      'GET /boom',
      'GET /good/{id}',
      'GET /secret',
      'GET /teapot',
      'POST /echo',
    ]);
    expect(seenAuth).toContain('Bearer t0ken');
    expect(seenAuth).toContain(undefined);
    expect(summarise(report)).toMatch(/^API fuzzer: 300 requests to 5 of 5 operations in [\d.]+ s \(seed 7\)\./);
  });
});
