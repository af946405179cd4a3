/**
 * The fuzzer finds what it must: a tiny HTTP server with a documented operation that answers well, one whose
 * answer breaks its schema, one that answers 500, one whose status is undocumented, one that answers 500 to a
 * malformed percent-encoded path parameter, and a page whose server actions answer 500 to malformed arguments and
 * to a body past their limit (as Next.js did before proxy.ts refused them).
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
    '/fragile/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }],
        responses: { '200': json({}), '4XX': json({}) },
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
const actionBodies: number[] = [];

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
      const decoded = (s: string) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return null;
        }
      };
      if (url.pathname.startsWith('/good/')) {
        const id = decoded(url.pathname.slice(6)) ?? '';
        return /^[0-9]{1,9}$/.test(id) ? send(200, { id: Number(id) }) : send(400, { error: 'id' });
      }
      // The bug the probes must find: a path parameter that does not decode is a 500.
      if (url.pathname.startsWith('/fragile/'))
        return decoded(url.pathname.slice(9)) === null ? send(500, { error: 'URIError' }) : send(200, {});
      // The server action bug: arguments that are not a list, or a body past 1 MB, are a 500.
      if (url.pathname === '/SignIn' && req.method === 'POST' && req.headers['next-action']) {
        actionBodies.push(body.length);
        return send(500, { error: 'action' });
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
      'GET /fragile/{id}',
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
    const probed = [
      'server-error GET /fragile/{id} (%FF%FE in {id})',
      ...[
        'not JSON',
        'an object',
        'a number',
        'null',
        'cut short',
        'empty',
        'multipart without a root',
        'multipart with an object root',
        '20 MB, chunked',
      ].map((label) => `server-error POST /SignIn (server action: ${label})`),
    ];
    const random = ['server-error GET /boom', 'undocumented-status GET /teapot', 'response-schema POST /echo'];
    // The random run may draw a malformed segment for /fragile too; nothing else fails.
    expect([...found].filter((f) => f !== 'server-error GET /fragile/{id}').sort()).toEqual(
      [...probed, ...random].sort(),
    );
    expect(report.probes).toBe(2 + 9);
    expect(Math.max(...actionBodies)).toBe(20 * 1024 * 1024);
    expect(report.requests).toBe(300);
    expect(Object.keys(report.byOperation).sort()).toEqual([
      'GET /boom',
      'GET /fragile/{id}',
      'GET /good/{id}',
      'GET /secret',
      'GET /teapot',
      'POST /echo',
    ]);
    expect(seenAuth).toContain('Bearer t0ken');
    expect(seenAuth).toContain(undefined);
    expect(summarise(report)).toMatch(
      /^API fuzzer: 300 requests to 6 of 6 operations in [\d.]+ s \(seed 7\), after 11 fixed probes\./,
    );
  });
});
