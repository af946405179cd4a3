/**
 * The page security headers sent by proxy.ts: a nonce-based CSP (fresh per request, on the response and on the
 * request Next.js renders with), HSTS only when APP_URL is https.
 */
import '@/test/env';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { proxy } from '@/proxy';
import { contentSecurityPolicy, createNonce, CSP_REPORT_PATH } from './csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts only by nonce and strict-dynamic; no inline script, no eval, no plugins, no framing', () => {
    const d = directives(contentSecurityPolicy({ nonce: 'abc123', https: false }));
    expect(d.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(d.get('report-uri')).toEqual([CSP_REPORT_PATH]);
    expect(d.get('report-to')).toEqual(['csp']);
    expect(d.has('upgrade-insecure-requests')).toBe(false);
    const all = [...d.entries()]
      .filter(([k]) => k.startsWith('script-src') || k === 'default-src')
      .flatMap(([, v]) => v);
    expect(all).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("'unsafe-eval'");
  });

  it('lets the page open its news stream (same-origin Server-Sent Events) and fetch its own origin only', () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n', https: true })).get('connect-src')).toEqual(["'self'"]);
  });

  it('upgrades insecure requests over https, and allows eval only for next dev', () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n', https: true })).has('upgrade-insecure-requests')).toBe(true);
    expect(
      directives(contentSecurityPolicy({ nonce: 'n', https: false, development: true })).get('script-src'),
    ).toContain("'unsafe-eval'");
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const a = createNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(createNonce()).not.toBe(a);
  });
});

describe('proxy.ts', () => {
  const appUrl = process.env.APP_URL;
  afterEach(() => {
    if (appUrl === undefined) delete process.env.APP_URL;
    else process.env.APP_URL = appUrl;
    resetConfigForTests();
  });

  it('sends the CSP with a fresh nonce on every page, and passes that nonce to the render', async () => {
    process.env.APP_URL = 'http://portal.example';
    resetConfigForTests();
    const a = await proxy(new NextRequest('http://portal.example/SignIn'));
    const b = await proxy(new NextRequest('http://portal.example/SignIn'));
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
    const na = nonceOf(a.headers.get('content-security-policy'));
    expect(na).toBeTruthy();
    expect(nonceOf(b.headers.get('content-security-policy'))).not.toBe(na);
    // NextResponse.next({ request: { headers } }) hands the request headers over as x-middleware-request-*.
    expect(a.headers.get('x-middleware-request-x-nonce')).toBe(na);
    expect(nonceOf(a.headers.get('x-middleware-request-content-security-policy'))).toBe(na);
    expect(a.headers.get('reporting-endpoints')).toBe(`csp="${CSP_REPORT_PATH}"`);
    expect(a.headers.get('strict-transport-security')).toBeNull();
    // The page and its server actions log under the request id the answer tells (lib/request-id.ts).
    const id = a.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-middleware-request-x-request-id')).toBe(id);
    expect(b.headers.get('x-request-id')).not.toBe(id);
  });

  it('adds HSTS when APP_URL is https, redirects included', async () => {
    process.env.APP_URL = 'https://portal.example';
    resetConfigForTests();
    const page = await proxy(new NextRequest('https://portal.example/SignIn'));
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const redirect = await proxy(new NextRequest('https://portal.example/JobClient'));
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(redirect.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
