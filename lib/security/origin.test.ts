/**
 * Server actions at proxy.ts: a POST to a page (a server action) from another origin is refused before Next.js
 * decodes it, whatever X-Forwarded-Host says; a body past Next's 1 MB limit is a 413, arguments that are not a list
 * a 400 (Next.js answered both with a 500); X-Forwarded-Host reaches Next.js only with TRUST_PROXY.
 */
import '@/test/env';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { ACTION_MAX_BODY_BYTES, ACTION_MSG, config as proxyConfig, MALFORMED_PATH_MSG, proxy } from '@/proxy';
import { CROSS_SITE_MSG } from './origin';

const PORTAL = 'http://portal.example';

function action(headers: Record<string, string>, body: BodyInit | null = '["$undefined"]'): NextRequest {
  return new NextRequest(`${PORTAL}/SignIn`, {
    method: 'POST',
    headers: { 'next-action': '7f00aa', 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body,
    duplex: 'half',
  } as ConstructorParameters<typeof NextRequest>[1]);
}

async function answer(req: NextRequest): Promise<{ status: number; text: string; passed: boolean }> {
  const res = await proxy(req);
  return { status: res.status, text: await res.text(), passed: res.headers.get('x-middleware-next') === '1' };
}

describe('server actions at proxy.ts', () => {
  const saved = { APP_URL: process.env.APP_URL, TRUST_PROXY: process.env.TRUST_PROXY };
  beforeEach(() => {
    process.env.APP_URL = PORTAL;
    delete process.env.TRUST_PROXY;
    resetConfigForTests();
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  });

  it('refuses (403) a POST from another site: no Origin and Sec-Fetch-Site cross-site, a foreign Origin naming itself in X-Forwarded-Host, Origin null', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
      { origin: 'null' },
    ];
    for (const headers of refused)
      expect(await answer(action(headers)), JSON.stringify(headers)).toEqual({
        status: 403,
        text: CROSS_SITE_MSG,
        passed: false,
      });
    // A plain form post (no JavaScript, no Next-Action header) from another site too.
    const form = new NextRequest(`${PORTAL}/SignIn`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '$ACTION_ID_7f00aa=',
    });
    expect((await answer(form)).status).toBe(403);
  });

  it('lets the portal’s own action through, and passes X-Forwarded-Host on only when TRUST_PROXY is set', async () => {
    const own = await proxy(action({ origin: PORTAL, 'x-forwarded-host': 'evil.example' }));
    expect(own.headers.get('x-middleware-next')).toBe('1');
    expect(own.headers.get('x-middleware-override-headers')?.split(',')).not.toContain('x-forwarded-host');
    expect(own.headers.get('x-middleware-request-x-forwarded-host')).toBeNull();
    const passing: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}];
    for (const headers of passing) expect((await answer(action(headers))).passed, JSON.stringify(headers)).toBe(true);

    process.env.TRUST_PROXY = 'true';
    resetConfigForTests();
    const trusted = await proxy(action({ origin: PORTAL, 'x-forwarded-host': 'portal.example' }));
    expect(trusted.headers.get('x-middleware-request-x-forwarded-host')).toBe('portal.example');
  });

  it('answers 400 to arguments that are not a list, in a text or a multipart body', async () => {
    const own = { origin: PORTAL };
    for (const body of ['', 'not json', '{"a":1}', '1', '"x"', 'null', '[1,', `[${'0,'.repeat(1000)}0]`])
      expect(await answer(action(own, body)), body.slice(0, 20)).toEqual({
        status: 400,
        text: ACTION_MSG.invalid,
        passed: false,
      });
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const broken: Record<string, string>[] = [{}, { '0': '{}' }, { '1': '[]' }];
    for (const fields of broken) {
      const req = new Request(`${PORTAL}/SignIn`, { method: 'POST', body: form(fields) });
      const res = await answer(
        action({ ...own, 'content-type': req.headers.get('content-type')! }, await req.arrayBuffer()),
      );
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
    const good = new Request(`${PORTAL}/SignIn`, { method: 'POST', body: form({ '0': '["$K1"]', '1_x': 'y' }) });
    expect(
      (await answer(action({ ...own, 'content-type': good.headers.get('content-type')! }, await good.arrayBuffer())))
        .passed,
    ).toBe(true);
    expect((await answer(action(own, '[{"requestKey":"a"}]'))).passed).toBe(true);
  });

  it('answers 413 past 1 MB: a declared length at once, an undeclared stream at the first chunk past it', async () => {
    const own = { origin: PORTAL };
    expect(await answer(action({ ...own, 'content-length': String(300 * 1024 * 1024) }, null))).toEqual({
      status: 413,
      text: ACTION_MSG.tooLarge,
      passed: false,
    });
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>(
      {
        pull(c) {
          pulled += chunk.byteLength;
          c.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    expect((await answer(action(own, endless))).status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(ACTION_MAX_BODY_BYTES + 2 * chunk.byteLength);
  });
});

describe('malformed percent-encoding in a path, at proxy.ts', () => {
  beforeEach(() => {
    process.env.APP_URL = PORTAL;
    resetConfigForTests();
  });

  it('answers 400 in the route’s dialect (api/* legacy envelope, /api/v1 problem details), signed out too', async () => {
    const legacy = await proxy(new NextRequest(`${PORTAL}/api/Job/%FF%FE`));
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toEqual({ error: { status: 400, message: MALFORMED_PATH_MSG } });
    const v1 = await proxy(new NextRequest(`${PORTAL}/api/v1/jobs/%C0%AF`, { method: 'DELETE' }));
    expect(v1.status).toBe(400);
    expect(v1.headers.get('content-type')).toBe('application/problem+json');
    expect(await v1.json()).toMatchObject({ status: 400, detail: MALFORMED_PATH_MSG, instance: '/api/v1/jobs/%C0%AF' });
    expect((await proxy(new NextRequest(`${PORTAL}/JobSlip/%E0%80`))).status).toBe(400);
  });

  it('lets a well-encoded api/* path through untouched (no page headers), and matches api/* only with a percent sign', async () => {
    const ok = await proxy(new NextRequest(`${PORTAL}/api/Job/caf%C3%A9`));
    expect(ok.headers.get('x-middleware-next')).toBe('1');
    expect(ok.headers.get('content-security-policy')).toBeNull();
    const [pages, percent] = proxyConfig.matcher.map((m) => new RegExp(`^${m}$`));
    expect(percent!.test('/api/Job/%FF%FE')).toBe(true);
    expect(percent!.test('/api/Job/Add')).toBe(false);
    expect(pages!.test('/api/Job/%FF%FE')).toBe(false);
  });
});
