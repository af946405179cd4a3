/**
 * A body nested 2,000 arrays deep ({"a":[[[…]]]}) sent to every legacy route handler, anonymously and with a
 * session, as a caller would send it. Before the fix a recursive walk over the body ran out of stack: a 500, and an
 * exception report mailed to support, on every anonymous endpoint. Now it is a 400 before any schema, and nothing is
 * reported. The handlers are found on disk, so a route added later is covered without editing this file.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, exceptionReports } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { paramsOf } from '@/test/route-files';
import { BODY_TOO_DEEP_MESSAGE, inspectInput, MAX_BODY_DEPTH } from '../core/body';

const NESTED = `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`;
const API_DIR = path.resolve(__dirname, '../../app/api');

/** Every route.ts under app/api but next-auth's own endpoints (form-encoded, next-auth's parser, not ours). */
function routeFiles(): string[] {
  return readdirSync(API_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(`${path.sep}route.ts`) || f === 'route.ts')
    .filter((f) => !f.startsWith(`auth${path.sep}`))
    .sort();
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The anonymous endpoints the report named: each must answer the depth 400 itself. */
const PUBLIC_WITH_BODY = [
  'Authentication/SignIn',
  'Authentication/AuthenticateUser',
  'Authentication/ResendOTP',
  'Authentication/CaptchaVerify',
  'Authentication/resetPassword',
  'ResetPassword/SendResetPasswordEmail',
  'ResetPassword/ResetPassword',
  'ResetPassword/CheckPasswordExpiryLink',
  'Email/SendException',
  'Exception/Add',
  'SingleSignOnAuthentication/Validate',
];
/** And the two the report listed that need a session here (docs/security.md): with one they answer the 400. */
const SIGNED_IN_WITH_BODY = [
  'Authentication/GetUserByEmailId',
  'Authentication/GetUserDetailsByUsername',
  'Job/Add',
  'Job/JobsList/CurrentPage/[page]/PageSize/[size]',
];

describe('a body nested 2,000 deep', () => {
  const t = useTestDatabase();

  it('answers 400 (never 500) on every route, anonymous or signed in, and reports nothing', async () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(70);
    const outcomes: Record<string, { anonymous: number; signedIn: number }> = {};
    for (const file of files) {
      const mod = (await import(path.join(API_DIR, file))) as Record<string, Handler | undefined>;
      for (const method of BODY_METHODS) {
        const handler = mod[method];
        if (typeof handler !== 'function') continue;
        const name = `${method} ${file.replace(`${path.sep}route.ts`, '').split(path.sep).join('/')}`;
        // A fresh user each call: some endpoints (SignOut, Deactivate) end the session they are called with.
        const me = await signedIn(4);
        const call = async (token?: string) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (token) headers.authorization = `Bearer ${token}`;
          const req = new Request(`http://localhost/api/${name.split(' ')[1]}`, { method, headers, body: NESTED });
          const res = await handler(req, { params: Promise.resolve(paramsOf(file)) });
          return res.status;
        };
        outcomes[name] = { anonymous: await call(), signedIn: await call(me.token) };
      }
    }
    for (const [name, o] of Object.entries(outcomes)) {
      expect(o.anonymous, `${name} anonymous`).toBeLessThan(500);
      expect(o.signedIn, `${name} signed in`).toBeLessThan(500);
    }
    for (const route of PUBLIC_WITH_BODY)
      expect(outcomes[`POST ${route}`], route).toEqual({ anonymous: 400, signedIn: 400 });
    for (const route of SIGNED_IN_WITH_BODY) expect(outcomes[`POST ${route}`]?.signedIn, route).toBe(400);

    const [reports] = await t.db().select({ n: count() }).from(exceptionReports);
    expect(reports?.n).toBe(0);
    const [mails] = await t.db().select({ n: count() }).from(emailOutbox);
    expect(mails?.n).toBe(0);
  });

  it('names the depth in the answer', async () => {
    const { POST } = await import('@/app/api/Authentication/SignIn/route');
    const res = await POST(
      new Request('http://localhost/api/Authentication/SignIn', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: NESTED,
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { status: 400, message: BODY_TOO_DEEP_MESSAGE } });
  });
});

describe('inspectInput', () => {
  const nest = (depth: number): unknown => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };

  it('allows MAX_BODY_DEPTH levels and refuses one more, without recursion (1,000,000 levels)', () => {
    expect(inspectInput(nest(MAX_BODY_DEPTH)).tooDeep).toBe(false);
    expect(inspectInput(nest(MAX_BODY_DEPTH + 1)).tooDeep).toBe(true);
    expect(inspectInput(nest(1_000_000)).tooDeep).toBe(true);
  });

  it('names every NUL path, keys included', () => {
    expect(inspectInput({ a: 'x\u0000', b: [{ c: 'ok' }, { d: '\u0000' }], ['e\u0000']: 1 }).nulPaths.sort()).toEqual([
      'a',
      'b.1.d',
      'e\u0000',
    ]);
  });
});
