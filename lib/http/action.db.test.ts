/**
 * The server actions' wrapper (lib/http/action.ts) over real sessions and a real service: who may act, the
 * schema's 400, the service's refusals, and that a bug is rethrown rather than turned into a refusal.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { revokeSession, resolveSession } from '@/lib/auth/session';
import { config } from '@/lib/config';
import { fieldErrors } from '@/lib/core/errors';
import { STAFF_MSG, staffUserFormSchema, staffUserIdSchema } from '@/lib/staff/schema';
import { deactivateStaffUser } from '@/lib/staff/service';
import { useTestDatabase } from '@/test/db';
import { signedIn, signedInStaff } from '@/test/factories';
import { z } from 'zod';
import { actionRunner, anyone, clientAdmin, INVALID_INPUT_MSG, settingUpTwoFactor, staff } from './action';
import { isSignedOut, SIGNED_OUT } from './action-result';
import { DOOR_MSG } from './core';

const META = { ip: '203.0.113.9', userAgent: 'Vitest browser' };
/** The wrapper as the app runs it, with the session a test opened standing for the request's cookie. */
const asSession = (sessionId: string | null, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) =>
  actionRunner({
    actor: () => resolveSession(sessionId),
    meta: async () => META,
    headers: async () => new Headers(headers),
  });

describe('runAction', () => {
  useTestDatabase();

  it('refuses (403) a call that did not come from the portal’s own pages, before the session is read or the service called', async () => {
    const me = await signedIn(4);
    let called = 0;
    const service = async () => {
      called++;
      return 'done';
    };
    const own = new URL(config().appUrl);
    const refused = { ok: false, status: 403, message: DOOR_MSG.crossSite };
    const crossSite: Record<string, string>[] = [
      // A cross-site form post: no Origin, the browser's Sec-Fetch-Site.
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // A foreign Origin naming itself as the forwarded host: APP_URL, not X-Forwarded-Host, names the portal.
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', host: own.host },
      { origin: 'null' },
    ];
    for (const headers of crossSite)
      expect(
        await asSession(me.actor.sessionId, headers)(clientAdmin, z.null(), null, service),
        JSON.stringify(headers),
      ).toEqual(refused);
    expect(await asSession(null, { 'sec-fetch-site': 'cross-site' })(anyone, z.null(), null, service)).toEqual(refused);
    expect(called).toBe(0);
    const ownPages: Record<string, string>[] = [
      { origin: own.origin },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of ownPages)
      expect(await asSession(me.actor.sessionId, headers)(clientAdmin, z.null(), null, service)).toEqual({
        ok: true,
        value: 'done',
      });
    expect(called).toBe(4);
  });

  it('answers "signed out" without a session, or with an ended one, and never calls the service', async () => {
    let called = false;
    const service = async () => {
      called = true;
      return null;
    };
    expect(await asSession(null)(staff('staff.manage'), staffUserIdSchema, 1, service)).toEqual(SIGNED_OUT);
    const me = await signedIn(4);
    await revokeSession(await getDb(), me.actor.sessionId);
    const r = await asSession(me.actor.sessionId)(clientAdmin, z.null(), null, service);
    expect(isSignedOut(r)).toBe(true);
    expect(called).toBe(false);
  });

  it('answers 403 to a role the action does not admit', async () => {
    const operator = await signedInStaff(2);
    expect(
      await asSession(operator.actor.sessionId)(staff('staff.manage'), staffUserIdSchema, 1, async () => null),
    ).toEqual({
      ok: false,
      status: 403,
      message: 'You do not have access to this resource.',
    });
    const user = await signedIn(3);
    expect(await asSession(user.actor.sessionId)(clientAdmin, z.null(), null, async () => null)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await asSession(user.actor.sessionId)(staff('ops.open'), z.null(), null, async () => null)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(
      await asSession(operator.actor.sessionId)(settingUpTwoFactor, z.null(), null, async () => null),
    ).toMatchObject({ ok: false, status: 403 });
  });

  it("answers 400 with the form schema's own field messages, before the service", async () => {
    const admin = await signedInStaff(1);
    const bad = { UserName: '', EmailId: 'not an e-mail' };
    const expected = staffUserFormSchema.safeParse(bad);
    expect(expected.success).toBe(false);
    const r = await asSession(admin.actor.sessionId)(staff('staff.manage'), staffUserFormSchema, bad, async () => {
      throw new Error('the service must not run');
    });
    expect(r).toEqual({ ok: false, status: 400, message: INVALID_INPUT_MSG, fields: fieldErrors(expected.error!) });
    const custom = await asSession(admin.actor.sessionId)(
      staff('staff.manage'),
      staffUserIdSchema,
      'x',
      async () => null,
      { invalid: 'Which user?' },
    );
    expect(custom).toMatchObject({ ok: false, status: 400, message: 'Which user?' });
  });

  it("answers a service's 409 with its message, and the value on success, with the actor and the principal", async () => {
    const admin = await signedInStaff(1);
    const run = asSession(admin.actor.sessionId);
    expect(
      await run(staff('staff.manage'), staffUserIdSchema, admin.user.id, (id, { actor }) =>
        deactivateStaffUser(actor, id),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: STAFF_MSG.cannotDeactivateSelf,
    });
    const ok = await run(staff('staff.manage'), z.number(), 7, async (n, ctx) => ({
      n,
      user: ctx.actor.userId,
      principal: ctx.principal,
    }));
    expect(ok).toEqual({
      ok: true,
      value: {
        n: 7,
        user: admin.user.id,
        principal: {
          kind: 'user',
          via: 'cookie',
          actor: expect.objectContaining({ userId: admin.user.id }),
          meta: META,
        },
      },
    });
    const anon = await asSession(null)(anyone, z.string(), 'a', async (_s, ctx) => ({
      actor: ctx.actor,
      principal: ctx.principal,
    }));
    expect(anon).toEqual({ ok: true, value: { actor: null, principal: { kind: 'anonymous', meta: META } } });
  });

  it('rethrows an unexpected error instead of answering it', async () => {
    const admin = await signedInStaff(1);
    await expect(
      asSession(admin.actor.sessionId)(staff('staff.manage'), z.null(), null, async () => {
        throw new TypeError('a bug');
      }),
    ).rejects.toThrow('a bug');
  });
});
