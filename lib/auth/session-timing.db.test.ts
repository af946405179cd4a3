/**
 * The idle time-out warning's server side (WCAG 2.2.1): how long a session has left under the portal's or
 * the firm's shorter idle time-out, and "Stay signed in" (extendSession) starting that time again, so a session
 * that would have ended is still open.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { actionRunner, signedIn as signedInAccess } from '@/lib/http/action';
import {
  extendSession,
  resolveSession,
  resolveSessionWithTiming,
  revokeSession,
  sessionUserDeactivated,
} from '@/lib/auth/session';
import { deactivateUser } from '@/lib/users/service';
import { getDb } from '@/db/client';
import { fixedClock, setClock } from '@/lib/clock';
import { updateSecurityPolicy } from '@/lib/security/security-policy';
import { useTestDatabase } from '@/test/db';
import { signedIn, signedInStaff } from '@/test/factories';
import { z } from 'zod';

const MIN = 60_000;

/** What a signed-in page's idle warning is given: the timing read with the actor (null once the session ended). */
const sessionTiming = async (sessionId: string) =>
  (await resolveSessionWithTiming(sessionId, { touch: false }))?.timing ?? null;

describe('session timing and Stay signed in', () => {
  useTestDatabase();
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('counts down the firm’s idle minutes; Stay signed in starts them again and keeps a session that would have ended', async () => {
    const clock = fixedClock('2026-03-02T01:00:00Z');
    restore = setClock(clock);
    const admin = await signedIn(4);
    await updateSecurityPolicy(admin.actor, {
      RequireTwoFactor: false,
      IdleTimeoutMinutes: '5',
      AllowedEmailDomains: '',
      RequireSso: false,
    });
    const { actor } = await signedIn(3, admin.clientId);
    expect(await sessionTiming(actor.sessionId)).toEqual({ idleMinutes: 5, remainingMs: 5 * MIN });

    clock.advance(4 * MIN);
    expect(await sessionTiming(actor.sessionId)).toEqual({ idleMinutes: 5, remainingMs: 1 * MIN });
    expect(await extendSession(actor.sessionId)).toEqual({ idleMinutes: 5, remainingMs: 5 * MIN });

    // 8 minutes after sign-in: past the first time-out, still open after Stay signed in.
    clock.advance(4 * MIN);
    expect(await resolveSession(actor.sessionId)).toMatchObject({ userId: actor.userId });
  });

  it('without Stay signed in the session ends at the time-out; staff have the portal’s minutes', async () => {
    const clock = fixedClock('2026-03-02T01:00:00Z');
    restore = setClock(clock);
    const admin = await signedIn(4);
    await updateSecurityPolicy(admin.actor, {
      RequireTwoFactor: false,
      IdleTimeoutMinutes: '5',
      AllowedEmailDomains: '',
      RequireSso: false,
    });
    const { actor } = await signedIn(3, admin.clientId);
    clock.advance(5 * MIN);
    expect(await sessionTiming(actor.sessionId)).toBeNull();
    expect(await resolveSession(actor.sessionId)).toBeNull();

    const staff = await signedInStaff(2);
    expect(await sessionTiming(staff.actor.sessionId)).toEqual({ idleMinutes: 60, remainingMs: 60 * MIN });
  });

  it('the action answers "signed out" for an ended session and extends a live one through the one wrapper', async () => {
    const { actor } = await signedIn(3);
    const live = actionRunner({
      actor: () => resolveSession(actor.sessionId),
      meta: async () => ({ ip: '127.0.0.1', userAgent: 'test' }),
      headers: async () => new Headers({ 'sec-fetch-site': 'same-origin' }),
    });
    expect(
      await live(signedInAccess, z.undefined(), undefined, (_, ctx) => extendSession(ctx.actor.sessionId)),
    ).toMatchObject({ ok: true, value: { idleMinutes: 60 } });
    await revokeSession(await getDb(), actor.sessionId);
    expect(
      await live(signedInAccess, z.undefined(), undefined, (_, ctx) => extendSession(ctx.actor.sessionId)),
    ).toMatchObject({ ok: false, status: 401, signedOut: true });
    expect(await sessionTiming(actor.sessionId)).toBeNull();
  });

  it('a session ended by deactivating its user is known as such (the sign-out says the account was deactivated)', async () => {
    const admin = await signedIn(4);
    const user = await signedIn(3, admin.clientId);
    expect(await sessionUserDeactivated(user.actor.sessionId)).toBe(false);
    await deactivateUser(admin.actor, user.actor.userName);
    expect(await resolveSession(user.actor.sessionId)).toBeNull();
    expect(await sessionUserDeactivated(user.actor.sessionId)).toBe(true);
    expect(await sessionUserDeactivated(admin.actor.sessionId)).toBe(false);
  });
});
