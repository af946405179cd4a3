/**
 * The legacy api/User/* administration endpoints over HTTP like a real caller (spec §7): bearer tokens from
 * the OTP sign-in, JSON bodies, status codes; scoped to the caller's client and refused to roles other
 * than 4. Read-only except for the user it creates (e2e.api.*).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from './support/auth';
import { csvText } from './support/csv';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const stamp = Date.now().toString(36);

interface UserModel {
  UserId: number;
  UserName: string;
  ClientId: number;
  Role: number;
}

async function listAll(request: APIRequestContext, token: string, body: unknown = {}) {
  const res = await request.post('/api/User/UserList/CurrentPage/1/PageSize/0', { headers: auth(token), data: body });
  expect(res.status()).toBe(200);
  return (await res.json()) as { Users: UserModel[]; TotalCount: number; ItemsPerPage: number };
}

test.describe.configure({ mode: 'serial' });

test('api/User: the client administrator’s list, one user, checks, save and export; others get 401/403/404', async ({
  request,
}) => {
  const admin = await apiToken(request, 'ng.admin');
  const all = await listAll(request, admin);
  expect(all.ItemsPerPage).toBe(0);
  expect(all.TotalCount).toBe(all.Users.length);
  const names = all.Users.map((u) => u.UserName);
  expect(names).toEqual(expect.arrayContaining(['ng.admin', 'ng.user']));
  expect(names.some((n) => n.startsWith('hv.'))).toBe(false);
  const ngUser = all.Users.find((u) => u.UserName === 'ng.user');
  if (!ngUser) throw new Error('ng.user not listed');

  const filtered = await listAll(request, admin, { UserName: 'NG.US', Role: 3, SortBy: 2, SortOrder: 1 });
  expect(filtered.Users.map((u) => u.UserName)).toEqual(['ng.user']);

  const one = await request.get(`/api/User/User/${ngUser.UserId}`, { headers: auth(admin) });
  expect(one.status()).toBe(200);
  const body = await one.json();
  expect(body).toMatchObject({ UserId: ngUser.UserId, UserName: 'ng.user', EmailId: 'ng.user@example.com', Role: 3 });
  expect(JSON.stringify(body)).not.toMatch(/argon2|\$/);

  const post = (path: string, data: unknown) => request.post(`/api/User/${path}`, { headers: auth(admin), data });
  expect(await (await post('CheckUserName', { UserName: 'HV.ADMIN' })).json()).toBe(true);
  expect(await (await post('CheckUserName', { UserName: `free.${stamp}` })).json()).toBe(false);
  expect(await (await post('CheckUserEmail', { EmailId: 'NG.USER@example.com' })).json()).toBe(true);

  const name = `e2e.api.${stamp}`;
  const user = {
    FirstName: 'Api',
    LastName: 'Made',
    EmailId: `${name}@example.com`,
    Phone: '0290007777',
    UserName: name,
    Role: 5,
    TimeZoneId: 'Australia/Sydney',
    NewPassword: 'Tomato#Kiwi40',
    ConfirmPassword: 'Tomato#Kiwi40',
  };
  expect(await (await post('SaveUser', user)).json()).toBe(1);
  const dup = await post('SaveUser', { ...user, UserName: name.toUpperCase(), EmailId: `other.${stamp}@example.com` });
  expect(dup.status()).toBe(200);
  expect(await dup.json()).toBe(0);
  expect((await post('SaveUser', { ...user, Role: 1 })).status()).toBe(400);
  expect((await post('SaveUser', { ...user, NewPassword: 'weak', ConfirmPassword: 'weak' })).status()).toBe(400);
  expect((await post('Deactivate', { UserName: 'ng.admin' })).status()).toBe(400);

  const csv = await request.post('/api/User/ExportCSVUsers', { headers: auth(admin), data: { UserName: 'ng.' } });
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-disposition']).toBe('attachment; filename="User.csv"');
  const lines = csvText(await csv.body())
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('User Name,First Name,Last Name,E-mail,Phone,Role,Time Zone,Date Created');
  expect(lines.slice(1).every((l) => l.startsWith('ng.'))).toBe(true);

  // A client user of the same client: 403 everywhere.
  const user3 = await apiToken(request, 'ng.user');
  expect(
    (await request.post('/api/User/UserList/CurrentPage/1/PageSize/10', { headers: auth(user3), data: {} })).status(),
  ).toBe(403);
  expect((await request.get(`/api/User/User/${ngUser.UserId}`, { headers: auth(user3) })).status()).toBe(403);
  expect((await request.post('/api/User/ExportCSVUsers', { headers: auth(user3), data: {} })).status()).toBe(403);
  expect(
    (await request.post('/api/User/Deactivate', { headers: auth(user3), data: { UserName: 'ng.admin' } })).status(),
  ).toBe(403);

  // Another client's administrator: Northgate's user answers exactly like a missing one.
  const other = await apiToken(request, 'hv.admin');
  const foreign = await request.get(`/api/User/User/${ngUser.UserId}`, { headers: auth(other) });
  const missing = await request.get('/api/User/User/2000000000', { headers: auth(other) });
  expect(foreign.status()).toBe(404);
  expect(await foreign.json()).toEqual(await missing.json());
  expect(
    (await request.post('/api/User/Deactivate', { headers: auth(other), data: { UserName: 'ng.user' } })).status(),
  ).toBe(404);
  expect((await listAll(request, other)).Users.some((u) => u.UserName.startsWith('ng.'))).toBe(false);

  // No token: 401; malformed: 400.
  expect((await request.post('/api/User/UserList/CurrentPage/1/PageSize/10', { data: {} })).status()).toBe(401);
  expect(
    (await request.post('/api/User/UserList/CurrentPage/0/PageSize/10', { headers: auth(admin), data: {} })).status(),
  ).toBe(400);
  expect(
    (
      await request.post('/api/User/UserList/CurrentPage/1/PageSize/10', {
        headers: auth(admin),
        data: { Role: 'x', Extra: 1 },
      })
    ).status(),
  ).toBe(400);
  expect((await request.get('/api/User/User/abc', { headers: auth(admin) })).status()).toBe(400);
  // An array nested 2,000 deep: a 400, never a stack overflow.
  const nested = `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`;
  for (const path of [
    '/api/User/UserList/CurrentPage/1/PageSize/10',
    '/api/User/SaveUser',
    '/api/User/Deactivate',
    '/api/User/CheckUserName',
    '/api/User/CheckUserEmail',
    '/api/Settings/User/Update',
  ]) {
    const res = await request.post(path, {
      headers: { ...auth(admin), 'content-type': 'application/json' },
      data: nested,
    });
    expect(res.status(), path).toBe(400);
  }
});
