/**
 * CSRF at the door: every unsafe method (POST, PUT, PATCH, DELETE) of every legacy route that takes the
 * browser's session cookie, called with a real session cookie of a user the route admits, `Origin:
 * http://evil.example` and a form content type (what a cross-site form sends). Before the door, POST
 * api/User/SaveUser so called created a client administrator. Now each is a 403 and no table gains or loses a row;
 * the same request from the portal's own origin is not refused so; a legacy bearer token (no cookie) with a
 * foreign Origin is not affected. The routes are found on disk, so a route added later is covered.
 */
import { eq, sql } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { GET as sendNotification } from '@/app/api/Job/SendNotification/[id]/route';
import { rowsOf } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { JOB_NOTIFICATION_KIND } from '@/lib/jobs/notification';
import { SESSION_COOKIE } from '@/lib/auth/request';
import { config } from '@/lib/config';
import { STAFF_ROLES, type RoleId } from '@/lib/reference';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, signedInStaff } from '@/test/factories';
import { paramsOf, routeHandlers, type RouteHandlerFn } from '@/test/route-files';
import { DOOR_MSG } from './core';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The routes a browser's session cookie opens: every legacy route with a contract but /api/v1 (API keys only) and
 * next-auth's own endpoints (guarded by next-auth's CSRF token; docs/decisions/016-one-door.md).
 */
async function cookieRoutes() {
  return (await routeHandlers()).filter(
    (r) =>
      UNSAFE.has(r.method) && r.handler.contract && !r.path.startsWith('api/v1/') && !r.path.startsWith('api/auth/'),
  );
}

describe('a cookie-authenticated unsafe request from another origin', () => {
  const t = useTestDatabase();

  /** Rows in every table of the schema, in one statement. */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = rowsOf<{ name: string }>(
      await t
        .db()
        .execute(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
        ),
    );
    const union = tables
      .map((x) => `select '${x.name}' as name, count(*)::int as n from "${x.name}"`)
      .join(' union all ');
    return Object.fromEntries(
      rowsOf<{ name: string; n: number }>(await t.db().execute(sql.raw(union))).map((r) => [r.name, r.n]),
    );
  }

  /** A user the route admits, signed in: the session cookie next-auth would set, and the legacy bearer token. */
  async function userFor(handler: RouteHandlerFn): Promise<{ cookie: string; token: string }> {
    const roles = handler.contract?.roles;
    const role = (roles?.[0] ?? 3) as RoleId;
    const me = STAFF_ROLES.includes(role as 1 | 2) ? await signedInStaff(role as 1 | 2) : await signedIn(role);
    const value = await encode({ token: { sid: me.actor.sessionId, role }, secret: config().authSecret });
    return { cookie: `${SESSION_COOKIE}=${value}`, token: me.token };
  }

  async function call(
    r: { method: string; path: string; file: string; handler: RouteHandlerFn },
    headers: Record<string, string>,
  ) {
    const req = new Request(`http://localhost:3000/${r.path}`, {
      method: r.method,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'UserName=evil&RoleId=3',
    });
    const res = await r.handler(req, { params: Promise.resolve(paramsOf(r.file)) });
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { status: res.status, message: body?.error?.message };
  }

  it('is refused with 403 on every such route, and nothing is written', async () => {
    const routes = await cookieRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.name)).toContain('POST api/User/SaveUser');
    const failures: string[] = [];
    for (const r of routes) {
      const me = await userFor(r.handler);
      const before = await rowCounts();
      const res = await call(r, { cookie: me.cookie, origin: 'http://evil.example' });
      const after = await rowCounts();
      if (res.status !== 403 || res.message !== DOOR_MSG.crossSite)
        failures.push(`${r.name}: ${res.status} ${res.message}`);
      const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
      if (changed.length) failures.push(`${r.name} wrote to ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('without Origin: refused when Sec-Fetch-Site is cross-site or same-site; passes when same-origin, none, or neither header (not a browser)', async () => {
    const [r] = (await cookieRoutes()).filter((x) => x.name === 'POST api/User/SaveUser');
    for (const [site, refused] of [
      ['cross-site', true],
      ['same-site', true],
      ['same-origin', false],
      ['none', false],
      [null, false],
    ] as const) {
      const me = await userFor(r!.handler);
      const res = await call(r!, { cookie: me.cookie, ...(site ? { 'sec-fetch-site': site } : {}) });
      expect(res.message === DOOR_MSG.crossSite, String(site)).toBe(refused);
    }
  });

  it('from the portal’s own origin, or with a bearer token and no cookie from anywhere, it is not refused so', async () => {
    const own = new URL(config().appUrl).origin;
    const failures: string[] = [];
    for (const r of await cookieRoutes()) {
      const me = await userFor(r.handler);
      const mine = await call(r, { cookie: me.cookie, origin: own });
      if (mine.message === DOOR_MSG.crossSite) failures.push(`${r.name} from ${own}`);
      const bearer = await call(r, { authorization: `Bearer ${me.token}`, origin: 'http://evil.example' });
      if (bearer.message === DOOR_MSG.crossSite || bearer.status === 401)
        failures.push(`${r.name} with a bearer token: ${bearer.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('GET api/Job/SendNotification/{id} (a GET that sends an e-mail) is refused when a cross-site link is followed with the cookie; from the portal itself it sends', async () => {
    const me = await signedIn(3);
    const job = await makeJob({ clientId: me.clientId, createdById: me.user.id });
    const value = await encode({ token: { sid: me.actor.sessionId, role: 3 }, secret: config().authSecret });
    const send = async (headers: Record<string, string>) => {
      const req = new Request(`http://localhost:3000/api/Job/SendNotification/${job.id}`, {
        headers: { cookie: `${SESSION_COOKIE}=${value}`, ...headers },
      });
      const res = await sendNotification(req, { params: Promise.resolve({ id: String(job.id) }) });
      const body = (await res.json()) as unknown;
      const mails = await t.db().select().from(emailOutbox).where(eq(emailOutbox.kind, JOB_NOTIFICATION_KIND));
      return { status: res.status, body, mails: mails.length };
    };
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }])
      expect(await send(headers)).toEqual({
        status: 403,
        body: { error: { status: 403, message: DOOR_MSG.crossSite } },
        mails: 0,
      });
    expect(await send({ 'sec-fetch-site': 'same-origin' })).toEqual({ status: 200, body: true, mails: 1 });
    expect(await send({ 'sec-fetch-site': 'none' })).toEqual({ status: 200, body: true, mails: 2 });
    // A bearer token is not sent by a browser on its own: not refused so.
    const bearer = await sendNotification(
      new Request(`http://localhost:3000/api/Job/SendNotification/${job.id}`, {
        headers: { authorization: `Bearer ${me.token}`, 'sec-fetch-site': 'cross-site' },
      }),
      { params: Promise.resolve({ id: String(job.id) }) },
    );
    expect(bearer.status).toBe(200);
  });
});
