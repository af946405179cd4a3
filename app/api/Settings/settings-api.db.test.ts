/**
 * The legacy settings and current-password handlers (api/Settings/*, api/Authentication/Verify*,
 * GetUserDetailsByUsername, GetUserByEmailId, api/User/GetPasswordExpiry) called in-process like a real
 * caller: bearer token, JSON bodies, status codes.
 */
import { describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/actor';
import { config } from '@/lib/config';
import { getSettings } from '@/lib/settings/service';
import { getUserDetailsByUserName } from '@/lib/settings/user-lookup';
import { useTestDatabase } from '@/test/db';
import { makeUser, signedIn, TEST_PASSWORD } from '@/test/factories';
import { POST as getByEmail } from '../Authentication/GetUserByEmailId/route';
import { POST as getByName } from '../Authentication/GetUserDetailsByUsername/route';
import { POST as verifyCurrent } from '../Authentication/VerifyCurrentPassword/route';
import { POST as verifyUserCurrent } from '../Authentication/VerifyUserCurrentPassword/route';
import { GET as passwordExpiry } from '../User/GetPasswordExpiry/UserId/[id]/route';
import { POST as sendTest } from './SendTestEmail/route';
import { GET as timeZones } from './TimeZone/route';
import { POST as update } from './User/Update/route';
import { GET as alerts } from './UserAlerts/route';

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const NEW = 'Harbour#Vale2026';

function req(path: string, token: string | null, body?: unknown, raw?: string): Request {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const method = body === undefined && raw === undefined ? 'GET' : 'POST';
  return new Request(`http://localhost/api/${path}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
}

const model = (over: Record<string, unknown> = {}) => ({
  UserModel: {
    EmailId: 'new.address@example.com',
    Password: TEST_PASSWORD,
    NewPassword: '',
    ConfirmPassword: '',
    TimeZoneId: 'Australia/Perth',
    ...over,
  },
  UserJobAlerts: [{ JobStatusId: 8, IsSelected: true }, { JobStatusId: 10, IsSelected: false }, 3],
});

describe('api/Settings and the current-password calls', () => {
  useTestDatabase();

  it('every call needs a session: 401 without one', async () => {
    expect((await timeZones(req('Settings/TimeZone', null), ctx())).status).toBe(401);
    expect((await alerts(req('Settings/UserAlerts', null), ctx())).status).toBe(401);
    expect((await update(req('Settings/User/Update', null, model()), ctx())).status).toBe(401);
    expect((await sendTest(req('Settings/SendTestEmail', null, {}), ctx())).status).toBe(401);
    expect(
      (await verifyCurrent(req('Authentication/VerifyCurrentPassword', null, { Password: 'x' }), ctx())).status,
    ).toBe(401);
    expect(
      (await getByName(req('Authentication/GetUserDetailsByUsername', null, { UserName: 'hv.admin' }), ctx())).status,
    ).toBe(401);
    expect(
      (await getByEmail(req('Authentication/GetUserByEmailId', null, { EmailId: 'a@example.com' }), ctx())).status,
    ).toBe(401);
    expect((await passwordExpiry(req('User/GetPasswordExpiry/UserId/1', null), ctx({ id: '1' }))).status).toBe(401);
  });

  it('TimeZone lists IANA zones; UserAlerts lists the 13 statuses', async () => {
    const { token } = await signedIn();
    const zones = await (await timeZones(req('Settings/TimeZone', token), ctx())).json();
    expect(zones).toContainEqual(expect.objectContaining({ TimeZoneId: 'Australia/Sydney' }));
    const list = await (await alerts(req('Settings/UserAlerts', token), ctx())).json();
    expect(list).toHaveLength(13);
    expect(list[0]).toEqual({ JobStatusId: 15, JobStatus: 'Cost Estimate', IsSelected: false });
  });

  it('User/Update: 1 saved for the token’s user (never a user id from the body), 0 wrong password, 2 recent password', async () => {
    const { token, user, actor } = await signedIn();
    const victim = await makeUser({ clientId: user.clientId ?? 0 });
    const victimActor: Actor = { ...actor, userId: victim.id, userName: victim.userName };
    const ok = await update(
      req('Settings/User/Update', token, {
        ...model(),
        UserId: victim.id,
        UserModel: { ...model().UserModel, UserId: victim.id },
      }),
      ctx(),
    );
    expect(await ok.json()).toBe(1);
    const me = await getSettings(actor);
    expect(me).toMatchObject({ EmailId: 'new.address@example.com', TimeZoneId: 'Australia/Perth' });
    expect(me?.JobAlerts.sort((a, b) => a - b)).toEqual([3, 8]);
    expect((await getSettings(victimActor))?.EmailId).toBe(victim.email);

    expect(
      await (await update(req('Settings/User/Update', token, model({ Password: 'Wrong#Pass9x' })), ctx())).json(),
    ).toBe(0);
    expect(
      await (
        await update(req('Settings/User/Update', token, model({ NewPassword: NEW, ConfirmPassword: NEW })), ctx())
      ).json(),
    ).toBe(1);
    expect(
      await (
        await update(
          req('Settings/User/Update', token, model({ Password: NEW, NewPassword: NEW, ConfirmPassword: NEW })),
          ctx(),
        )
      ).json(),
    ).toBe(2);
  });

  it('User/Update: malformed bodies and invalid fields are a 400, never a 500', async () => {
    const { token } = await signedIn();
    const bodies: unknown[] = [
      42,
      [],
      {},
      { UserModel: null },
      { UserModel: { EmailId: 1 } },
      model({ EmailId: '<b>x</b>@example.com' }),
      model({ EmailId: 'x'.repeat(300) }),
      model({ TimeZoneId: 'Mars/Olympus' }),
      model({ TimeZoneId: '../../etc/passwd' }),
      model({ NewPassword: NEW, ConfirmPassword: 'different' }),
      model({ NewPassword: 'weak', ConfirmPassword: 'weak' }),
      { ...model(), UserJobAlerts: [99] },
      { ...model(), UserJobAlerts: 'all' },
    ];
    for (const body of bodies) {
      const res = await update(req('Settings/User/Update', token, body), ctx());
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await update(req('Settings/User/Update', token, undefined, '{oops'), ctx())).status).toBe(400);
  });

  it('SendTestEmail: true for the saved address (or none given), false for another one', async () => {
    const { token, user } = await signedIn();
    expect(await (await sendTest(req('Settings/SendTestEmail', token, { EmailId: user.email }), ctx())).json()).toBe(
      true,
    );
    expect(await (await sendTest(req('Settings/SendTestEmail', token, undefined, ''), ctx())).json()).toBe(true);
    expect(await (await sendTest(req('Settings/SendTestEmail', token, 'someone@example.org'), ctx())).json()).toBe(
      false,
    );
    expect((await sendTest(req('Settings/SendTestEmail', token, { EmailId: 5 }), ctx())).status).toBe(400);
  });

  it('VerifyCurrentPassword and VerifyUserCurrentPassword (base64, OTP 0) check only the caller’s own password', async () => {
    const { token, user, actor } = await signedIn();
    const other = await makeUser({ clientId: user.clientId ?? 0 });
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
    expect(
      await (
        await verifyCurrent(req('Authentication/VerifyCurrentPassword', token, { Password: TEST_PASSWORD }), ctx())
      ).json(),
    ).toBe(true);
    expect(
      await (
        await verifyCurrent(req('Authentication/VerifyCurrentPassword', token, { Password: 'nope' }), ctx())
      ).json(),
    ).toBe(false);
    const vu = (body: unknown) =>
      verifyUserCurrent(req('Authentication/VerifyUserCurrentPassword', token, body), ctx());
    expect(await (await vu({ UserName: user.userName, Password: b64(TEST_PASSWORD), OTP: 0 })).json()).toEqual({
      IsLoggedIn: true,
    });
    expect(await (await vu({ Password: b64(TEST_PASSWORD), OTP: 0 })).json()).toEqual({ IsLoggedIn: true });
    expect(await (await vu({ UserName: other.userName, Password: b64(TEST_PASSWORD), OTP: 0 })).json()).toEqual({
      IsLoggedIn: false,
    });
    expect(await (await vu({ UserName: user.userName, Password: b64('wrong'), OTP: 0 })).json()).toEqual({
      IsLoggedIn: false,
    });
    expect((await vu({ UserName: user.userName, Password: 'not base64!', OTP: 0 })).status).toBe(400);
    expect(
      (await verifyCurrent(req('Authentication/VerifyCurrentPassword', token, { Password: 12 }), ctx())).status,
    ).toBe(400);
    expect((await getUserDetailsByUserName(actor, user.userName))?.FailedLoginAttempt).toBe(2);
  });

  it('GetUserDetailsByUsername / GetUserByEmailId: yourself, or within the client for an administrator; null otherwise', async () => {
    const plain = await signedIn(3);
    const admin = await signedIn(4, plain.clientId);
    const stranger = await signedIn(4);
    const byName = async (token: string, UserName: string) =>
      (await getByName(req('Authentication/GetUserDetailsByUsername', token, { UserName }), ctx())).json();
    expect(await byName(plain.token, plain.user.userName)).toMatchObject({
      UserId: plain.user.id,
      UserName: plain.user.userName,
      IsAccountLocked: false,
    });
    expect(await byName(plain.token, admin.user.userName)).toBeNull();
    expect(await byName(admin.token, plain.user.userName)).toMatchObject({ UserId: plain.user.id });
    expect(await byName(stranger.token, plain.user.userName)).toBeNull();
    const byMail = await (
      await getByEmail(req('Authentication/GetUserByEmailId', admin.token, plain.user.email), ctx())
    ).json();
    expect(byMail).toMatchObject({ UserId: plain.user.id, EmailId: plain.user.email });
    expect(Object.keys(byMail)).not.toContain('passwordHash');
    expect(
      (await getByName(req('Authentication/GetUserDetailsByUsername', plain.token, { UserName: ['a'] }), ctx())).status,
    ).toBe(400);
  });

  it('GetPasswordExpiry: days for yourself or an administrator of the client; 404 across clients; 400 for a bad id', async () => {
    const plain = await signedIn(3);
    const admin = await signedIn(4, plain.clientId);
    const stranger = await signedIn(4);
    const call = (token: string, id: string) =>
      passwordExpiry(req(`User/GetPasswordExpiry/UserId/${id}`, token), ctx({ id }));
    const own = await call(plain.token, String(plain.user.id));
    expect(await own.json()).toBe(config().PASSWORD_MAX_AGE_DAYS);
    expect(await (await call(admin.token, String(plain.user.id))).json()).toBe(config().PASSWORD_MAX_AGE_DAYS);
    expect((await call(plain.token, String(admin.user.id))).status).toBe(404);
    expect((await call(stranger.token, String(plain.user.id))).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', "1' or '1'='1"])
      expect((await call(plain.token, id)).status).toBe(400);
  });
});
