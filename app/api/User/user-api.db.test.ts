/** The legacy api/User/* administration handlers called in-process like a real caller: bearer token, JSON bodies, status codes. */
import { describe, expect, it } from 'vitest';
import { resolveSession } from '@/lib/auth/session';
import { USER_MSG } from '@/lib/users/schema';
import { useTestDatabase } from '@/test/db';
import { makeUser, signedIn } from '@/test/factories';
import { POST as checkEmail } from './CheckUserEmail/route';
import { POST as checkName } from './CheckUserName/route';
import { POST as deactivate } from './Deactivate/route';
import { POST as exportCsv } from './ExportCSVUsers/route';
import { POST as saveUser } from './SaveUser/route';
import { GET as getUser } from './User/[id]/route';
import { POST as userList } from './UserList/CurrentPage/[page]/PageSize/[size]/route';

type Params = Record<string, string>;
const ctx = (params: Params = {}) => ({ params: Promise.resolve(params) });
const PW = 'Tomato#Kiwi40';
const uid = () => Math.random().toString(36).slice(2, 8);

function req(path: string, token: string | null, body?: unknown, raw?: string): Request {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const method = body === undefined && raw === undefined ? 'GET' : 'POST';
  return new Request(`http://localhost/api/User/${path}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
}

const list = (token: string | null, body: unknown, page = '1', size = '10', raw?: string) =>
  userList(req(`UserList/CurrentPage/${page}/PageSize/${size}`, token, body, raw), ctx({ page, size }));
const save = (token: string | null, body: unknown) => saveUser(req('SaveUser', token, body), ctx());
const one = (token: string | null, id: string) => getUser(req(`User/${id}`, token), ctx({ id }));

function newUser(over: Record<string, unknown> = {}) {
  const name = `api.${uid()}`;
  return {
    FirstName: 'Ida',
    LastName: 'Marsh',
    EmailId: `${name}@example.com`,
    Phone: '0290001234',
    UserName: name,
    Role: 3,
    TimeZoneId: 'Australia/Sydney',
    NewPassword: PW,
    ConfirmPassword: PW,
    ...over,
  };
}

describe('api/User', () => {
  useTestDatabase();

  it('lists a page of the caller’s client’s users as Users, TotalCount, ItemsPerPage', async () => {
    const { token, clientId, user: admin } = await signedIn(4);
    const other = await signedIn(4);
    for (let i = 1; i <= 11; i++)
      await makeUser({ clientId, userName: `l${String(i).padStart(2, '0')}.${uid()}`, phone: '0290001234' });
    await makeUser({ clientId: other.clientId });
    const res = await list(token, { SortBy: 2, SortOrder: 1 }, '2', '10');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.TotalCount).toBe(12);
    expect(body.ItemsPerPage).toBe(10);
    expect(body.Users.map((u: { UserName: string }) => u.UserName)).toEqual([
      expect.stringMatching(/^l11\./),
      admin.userName,
    ]);
    const keys = Object.keys(body.Users[0]);
    expect(keys).toEqual(
      expect.arrayContaining([
        'UserId',
        'FirstName',
        'LastName',
        'EmailId',
        'Phone',
        'UserName',
        'Role',
        'TimeZoneId',
        'FailedLoginAttempt',
        'IsAccountLocked',
        'ResetPassword',
        'ClientId',
      ]),
    );
    expect(keys.some((k) => /hash|password$/i.test(k) && k !== 'ResetPassword')).toBe(false);
    expect(body.Users.every((u: { ClientId: number }) => u.ClientId === clientId)).toBe(true);
  });

  it('answers 401 without a token, 403 to roles other than 4 on every endpoint', async () => {
    const { clientId, user } = await signedIn(4);
    const calls = (token: string | null) => [
      list(token, {}),
      save(token, newUser()),
      deactivate(req('Deactivate', token, { UserName: user.userName }), ctx()),
      checkName(req('CheckUserName', token, { UserName: 'x' }), ctx()),
      checkEmail(req('CheckUserEmail', token, { EmailId: 'x@example.com' }), ctx()),
      exportCsv(req('ExportCSVUsers', token, {}), ctx()),
      one(token, String(user.id)),
    ];
    for (const r of await Promise.all(calls(null))) expect(r.status).toBe(401);
    for (const r of await Promise.all(calls('garbage'))) expect(r.status).toBe(401);
    for (const role of [3, 5, 6, 7, 8, 1] as const) {
      const other = await signedIn(role, role === 1 ? undefined : clientId);
      for (const r of await Promise.all(calls(other.token))) expect(r.status, `role ${role}`).toBe(403);
    }
  });

  it('answers 400 with field messages for malformed bodies and paths, never 500', async () => {
    const { token } = await signedIn(4);
    for (const body of [
      { Role: 1 },
      { SortBy: 'x' },
      { SortOrder: 0 },
      { UserName: { $ne: null } },
      { Phone: 'x'.repeat(5000) },
      [1, 2],
      'text',
    ]) {
      const r = await list(token, body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await r.json()).error.fields).toBeTruthy();
    }
    expect((await list(token, undefined, '1', '10', '{not json')).status).toBe(400);
    // Keys the query does not know are ignored (callers send extra fields); another client's id changes nothing.
    expect(await (await list(token, { ClientId: 2, PageSize: 10 })).json()).toEqual(
      await (await list(token, {})).json(),
    );
    expect((await list(token, {}, '0', '10')).status).toBe(400);
    expect((await list(token, {}, '1', 'abc')).status).toBe(400);
    for (const body of [
      {},
      newUser({ Role: 2 }),
      newUser({ Role: 'admin' }),
      newUser({ EmailId: 'nope' }),
      newUser({ FirstName: '<script>x</script>' }),
      newUser({ NewPassword: 'short' }),
      newUser({ IsAdmin: true }),
      newUser({ UserId: -1 }),
      [newUser()],
    ]) {
      const r = await save(token, body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await save(token, undefined)).status).toBe(400);
    expect((await deactivate(req('Deactivate', token, { UserName: 42 }), ctx())).status).toBe(400);
    expect((await checkName(req('CheckUserName', token, 7), ctx())).status).toBe(400);
    expect((await exportCsv(req('ExportCSVUsers', token, { Role: 'x' }), ctx())).status).toBe(400);
    for (const id of ['abc', '0', '-1', '99999999999']) expect((await one(token, id)).status).toBe(400);
  });

  it('SaveUser answers 1 on create and edit, 2 for a recent password, 0 for a user of another client and for duplicates', async () => {
    const a = await signedIn(4);
    const b = await signedIn(4);
    const body = newUser();
    expect(await (await save(a.token, { ...body, ClientId: b.clientId, UserId: 0 })).json()).toBe(1);
    const listed = await (await list(a.token, { UserName: body.UserName })).json();
    expect(listed.TotalCount).toBe(1);
    const created = listed.Users[0];
    expect(created).toMatchObject({ ClientId: a.clientId, ResetPassword: true, Role: 3 });

    const edit = { ...body, UserId: created.UserId, LastName: 'Marshall', NewPassword: null, ConfirmPassword: null };
    expect(await (await save(a.token, edit)).json()).toBe(1);
    expect((await (await one(a.token, String(created.UserId))).json()).LastName).toBe('Marshall');
    expect(await (await save(a.token, { ...edit, NewPassword: PW, ConfirmPassword: PW })).json()).toBe(2);

    // A taken user name (any case) or e-mail address: spec §7's failure answer, and no user is created.
    const dup = await save(a.token, newUser({ UserName: body.UserName.toUpperCase() }));
    expect(dup.status).toBe(200);
    expect(await dup.json()).toBe(0);
    const dupEmail = await save(a.token, newUser({ EmailId: body.EmailId }));
    expect([dupEmail.status, await dupEmail.json()]).toEqual([200, 0]);
    expect((await (await list(a.token, { UserName: body.UserName })).json()).TotalCount).toBe(1);

    const theirs = await makeUser({ clientId: b.clientId });
    expect(
      await (await save(a.token, { ...newUser(), UserId: theirs.id, NewPassword: null, ConfirmPassword: null })).json(),
    ).toBe(0);
  });

  it('User/{id} answers only the caller’s client’s active users (another client’s id answers 404 like a missing one)', async () => {
    const a = await signedIn(4);
    const b = await signedIn(4);
    const mine = await makeUser({ clientId: a.clientId });
    const theirs = await makeUser({ clientId: b.clientId });
    const ok = await one(a.token, String(mine.id));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ UserId: mine.id, UserName: mine.userName, ClientId: a.clientId });
    const foreign = await one(a.token, String(theirs.id));
    const missing = await one(a.token, '2000000000');
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
  });

  it('checks user names and e-mails as booleans, case-insensitively', async () => {
    const { token, clientId } = await signedIn(4);
    const u = await makeUser({ clientId, userName: `Check.${uid()}` });
    const name = async (body: unknown) => (await checkName(req('CheckUserName', token, body), ctx())).json();
    const email = async (body: unknown) => (await checkEmail(req('CheckUserEmail', token, body), ctx())).json();
    expect(await name({ UserName: u.userName.toUpperCase() })).toBe(true);
    expect(await name(u.userName.toLowerCase())).toBe(true);
    expect(await name({ UserName: u.userName, UserId: u.id })).toBe(false);
    expect(await name({ UserName: `free.${uid()}` })).toBe(false);
    expect(await email({ EmailId: u.email.toUpperCase() })).toBe(true);
    expect(await email({ EmailId: `free.${uid()}@example.com` })).toBe(false);
  });

  it('Deactivate ends the user’s sessions; refuses oneself (400) and other clients’ users (404)', async () => {
    const a = await signedIn(4);
    const target = await signedIn(3, a.clientId);
    const b = await signedIn(3);
    const call = (body: unknown) => deactivate(req('Deactivate', a.token, body), ctx());
    expect((await call({ UserName: b.user.userName })).status).toBe(404);
    const self = await call({ UserName: a.user.userName });
    expect(self.status).toBe(400);
    expect((await self.json()).error.message).toBe(USER_MSG.cannotDeactivateSelf);
    expect(await resolveSession(target.actor.sessionId)).not.toBeNull();
    const ok = await call(target.user.userName);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toBe(true);
    expect(await resolveSession(target.actor.sessionId)).toBeNull();
    expect((await list(target.token, {})).status).toBe(401);
    expect((await call({ UserName: target.user.userName })).status).toBe(404);
  });

  it('exports User.csv of exactly the filtered, sorted list, with formula cells escaped', async () => {
    const { token, clientId } = await signedIn(4);
    const other = await signedIn(4);
    const s = uid();
    await makeUser({
      clientId,
      userName: `exp.b.${s}`,
      firstName: '=HYPERLINK("x")',
      lastName: 'Smith, Jr',
      email: `b.${s}@example.com`,
      phone: '0290001111',
      role: 5,
      createdAt: new Date('2026-02-03T01:00:00Z'),
    });
    await makeUser({
      clientId,
      userName: `exp.a.${s}`,
      firstName: 'Amy',
      lastName: 'Ng',
      email: `a.${s}@example.com`,
      phone: '0290002222',
      role: 3,
      createdAt: new Date('2026-02-01T01:00:00Z'),
    });
    await makeUser({ clientId: other.clientId, userName: `exp.c.${s}` });
    const res = await exportCsv(req('ExportCSVUsers', token, { UserName: `exp.`, SortBy: 2, SortOrder: 1 }), ctx());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="User.csv"');
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(await res.text()).toBe(
      [
        'User Name,First Name,Last Name,E-mail,Phone,Role,Time Zone,Date Created',
        `exp.a.${s},Amy,Ng,a.${s}@example.com,0290002222,Client User,Australia/Sydney,01-Feb-2026`,
        `exp.b.${s},"'=HYPERLINK(""x"")","Smith, Jr",b.${s}@example.com,0290001111,Client Group1,Australia/Sydney,03-Feb-2026`,
        '',
      ].join('\r\n'),
    );
  });
  it('User.csv starts with the UTF-8 byte-order mark and carries "Müller –" as UTF-8 (decision 017)', async () => {
    const { token, clientId } = await signedIn(4);
    const s = uid();
    await makeUser({
      clientId,
      userName: `bom.${s}`,
      firstName: 'Jörg',
      lastName: 'Müller – Söhne',
      email: `bom.${s}@example.com`,
    });
    const res = await exportCsv(req('ExportCSVUsers', token, { UserName: `bom.${s}` }), ctx());
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('User Name,')).toBe(true);
    expect(text).toContain(`bom.${s},Jörg,Müller – Söhne,`);
  });
});
