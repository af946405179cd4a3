/**
 * Every log line of a request carries its request id, with OpenTelemetry off: through the door of api/* routes and
 * through the server-action wrapper; the answer tells the id back, and a plain id sent by a proxy in front is kept.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { capturedLogger } from '@/test/log';
import { actionRunner, anyone } from './action';
import { door } from './core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request id', () => {
  it('an api/* route logs every line under one id, answers it in X-Request-Id, and keeps a plain id sent to it', async () => {
    const { logger, lines } = capturedLogger();
    const handler = door({ auth: 'none', onError: async () => new Response('failed', { status: 500 }) }, async () => {
      logger.info('first');
      await new Promise((r) => setTimeout(r, 5));
      logger.info('after an await');
      return new Response('ok');
    });

    const made = await handler(new Request('http://localhost/api/Thing'));
    const id = made.headers.get('X-Request-Id');
    expect(id).toMatch(UUID);
    expect(lines.map((l) => [l.msg, l.request_id])).toEqual([
      ['first', id],
      ['after an await', id],
    ]);

    lines.length = 0;
    const kept = await handler(
      new Request('http://localhost/api/Thing', { headers: { 'X-Request-Id': 'lb-7f3a9c21:0001' } }),
    );
    expect(kept.headers.get('X-Request-Id')).toBe('lb-7f3a9c21:0001');
    expect(lines.map((l) => l.request_id)).toEqual(['lb-7f3a9c21:0001', 'lb-7f3a9c21:0001']);

    // Text that is not a plain token never reaches the log: a new id stands in for it.
    lines.length = 0;
    const refused = await handler(
      new Request('http://localhost/api/Thing', { headers: { 'X-Request-Id': 'forged "line" {"level":60}' } }),
    );
    expect(refused.headers.get('X-Request-Id')).toMatch(UUID);
    expect(lines[0]?.request_id).toBe(refused.headers.get('X-Request-Id'));

    // Two requests at once each keep their own id.
    lines.length = 0;
    const [a, b] = await Promise.all([
      handler(new Request('http://localhost/api/Thing')),
      handler(new Request('http://localhost/api/Thing')),
    ]);
    const ids = [a!.headers.get('X-Request-Id'), b!.headers.get('X-Request-Id')];
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.map((l) => l.request_id).sort()).toEqual([ids[0], ids[0], ids[1], ids[1]].sort());
  });

  it('a server action logs under the id the proxy put on the page request; outside a request a line has none', async () => {
    const { logger, lines } = capturedLogger();
    const run = actionRunner({
      actor: async () => null,
      meta: async () => ({ ip: '203.0.113.9', userAgent: 'Vitest browser' }),
      headers: async () => new Headers({ 'sec-fetch-site': 'same-origin', 'x-request-id': 'page-req-12345678' }),
    });
    const result = await run(anyone, z.object({ n: z.number() }), { n: 1 }, async ({ n }) => {
      logger.info({ n }, 'saving');
      return n;
    });
    expect(result).toEqual({ ok: true, value: 1 });
    logger.info('background');
    expect(lines.map((l) => [l.msg, l.request_id])).toEqual([
      ['saving', 'page-req-12345678'],
      ['background', undefined],
    ]);
  });
});
