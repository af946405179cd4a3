/**
 * The legacy api/Authentication, api/SingleSignOnAuthentication and insufficient-rights endpoints
 * over HTTP (spec §7), including malformed bodies (always 400, never 500).
 * Demo users consumed: ng.admin (signed in; its failed attempts end cleared by a success).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, DEMO_PASSWORD, readOtp } from './support/auth';
import { waitForMail } from './support/mailbox';

const NESTED = `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`;

const SIGN_IN_KEYS = [
  'IsLoggedIn',
  'jwtToken',
  'IsAccountLocked',
  'IsResetPassword',
  'IsPasswordExpired',
  'signinOTPExpireTimeout',
  'SigninOTPExpireText',
  'LStatus',
  'FailedLoginAttempt',
  'LoginAttemptLeft',
];

async function signInStep(request: APIRequestContext, userName: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/Authentication/SignIn', {
    data: { UserName: userName, Password: password, OTP: 0 },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

test('SignIn then AuthenticateUser: the spec shape, the OTP e-mailed, jwtToken only after the OTP; Session, Validate and SignOut with it', async ({
  request,
}) => {
  const step = await signInStep(request, 'ng.admin');
  for (const key of SIGN_IN_KEYS) expect(step).toHaveProperty(key);
  expect(step).toMatchObject({
    IsLoggedIn: false,
    jwtToken: null,
    LStatus: 1,
    signinOTPExpireTimeout: 300,
    SigninOTPExpireText: 'The OTP is valid for 5 minutes.',
  });
  const code = await readOtp('ng.admin', step.OtpReference);

  const wrong = await request.post('/api/Authentication/AuthenticateUser', {
    data: { ChallengeId: step.ChallengeId, OTP: code === '000000' ? '000001' : '000000' },
  });
  expect(await wrong.json()).toMatchObject({
    IsLoggedIn: false,
    jwtToken: null,
    LStatus: 7,
    Message: 'Invalid OTP.',
    LoginAttemptLeft: 4,
  });

  const soon = await request.post('/api/Authentication/ResendOTP', { data: { ChallengeId: step.ChallengeId } });
  expect(await soon.json()).toMatchObject({ LStatus: 9, Message: 'Please try after some time.' });

  const ok = await request.post('/api/Authentication/AuthenticateUser', {
    data: { ChallengeId: step.ChallengeId, OTP: code },
  });
  const done = await ok.json();
  expect(done).toMatchObject({ IsLoggedIn: true, LStatus: 2 });
  expect(typeof done.jwtToken).toBe('string');
  const again = await request.post('/api/Authentication/AuthenticateUser', {
    data: { ChallengeId: step.ChallengeId, OTP: code },
  });
  expect(await again.json()).toMatchObject({
    IsLoggedIn: false,
    jwtToken: null,
    Message: 'OTP Expired. Please try Regenerating OTP',
  });

  const auth = { Authorization: `Bearer ${done.jwtToken}` };
  const session = await request.get('/api/Authentication/Session', { headers: auth });
  expect(session.status()).toBe(200);
  expect(await session.json()).toEqual({
    UserName: 'ng.admin',
    UserId: expect.any(Number),
    ClientId: expect.any(Number),
    Role: 4,
    IsUserClient: true,
    EnableTour: false,
  });
  expect(await (await request.get(`/api/Authentication/Validate/${done.jwtToken}/Role/4`)).json()).toBe(true);
  expect(await (await request.get(`/api/Authentication/Validate/${done.jwtToken}/Role/3`)).json()).toBe(false);
  expect(await (await request.get('/api/Authentication/Validate/not-a-token/Role/4')).json()).toBe(false);

  expect(await (await request.get('/api/Authentication/SignOut', { headers: auth })).json()).toBe(true);
  expect((await request.get('/api/Authentication/Session', { headers: auth })).status()).toBe(401);
  expect(await (await request.get(`/api/Authentication/Validate/${done.jwtToken}/Role/4`)).json()).toBe(false);
});

test('an unknown user name answers like a wrong password, with the attempts left', async ({ request }) => {
  const name = `nobody.${Date.now()}`;
  const a = await signInStep(request, name, 'Wrong#Password1');
  expect(Object.keys(a).sort()).toEqual(
    Object.keys(await signInStep(request, `other.${name}`, 'Wrong#Password1')).sort(),
  );
  expect(a).toMatchObject({
    IsLoggedIn: false,
    jwtToken: null,
    LStatus: 0,
    FailedLoginAttempt: 1,
    LoginAttemptLeft: 4,
    Message: 'Invalid Username or Password. You have only 4 login attempt left.',
  });
  expect(await signInStep(request, name, 'Wrong#Password1')).toMatchObject({ LoginAttemptLeft: 3 });
});

test('no session: Session and SendInsufficientRightsEmail answer 401', async ({ request }) => {
  expect((await request.get('/api/Authentication/Session')).status()).toBe(401);
  expect((await request.post('/api/Email/SendInsufficientRightsEmail', { data: { Path: '/user' } })).status()).toBe(
    401,
  );
  expect(await (await request.get('/api/Authentication/SignOut')).json()).toBe(true);
});

test('captcha: GET gives a proof-of-work challenge, POST checks a payload', async ({ request }) => {
  const challenge = await (await request.get('/api/Authentication/CaptchaVerify')).json();
  expect(challenge).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: expect.any(String) });
  const bogus = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: 'ab' } })).toString(
    'base64',
  );
  expect(await (await request.post('/api/Authentication/CaptchaVerify', { data: { Captcha: bogus } })).json()).toBe(
    false,
  );
  expect(
    await (
      await request.post('/api/Authentication/UpdateLoginAttempt/3', {
        data: { UserName: 'ng.admin', FailedLoginAttempt: 0, LoginAttemptLimit: 5 },
      })
    ).json(),
  ).toBe(true);
});

test('single sign-on: Validate returns the redirect URL; LogClientError records the message', async ({ request }) => {
  expect(
    await (await request.post('/api/SingleSignOnAuthentication/Validate', { data: { ReturnUrl: '/Invoice' } })).json(),
  ).toEqual({
    RedirectUrl: '/Authentication?sso=1&returnUrl=%2FInvoice',
  });
  expect(
    await (
      await request.post('/api/SingleSignOnAuthentication/Validate', { data: { ReturnUrl: 'https://evil.example' } })
    ).json(),
  ).toEqual({ RedirectUrl: '/Authentication?sso=1' });
  expect(
    await (
      await request.get(
        `/api/SingleSignOnAuthentication/LogClientError/${encodeURIComponent('Failed to find valid token')}`,
      )
    ).json(),
  ).toBe(true);
});

test('the insufficient-rights e-mail reaches support', async ({ request }) => {
  const token = await apiToken(request, 'ng.admin');
  const res = await request.post('/api/Email/SendInsufficientRightsEmail', {
    headers: { Authorization: `Bearer ${token}` },
    data: { Path: '/saveuser?uD=x' },
  });
  expect(await res.json()).toBe(true);
  const mail = await waitForMail('support@jms.example.com', {
    subject: /insufficient rights: ng\.admin on \/saveuser/,
  });
  expect(mail.text).toContain('Page: /saveuser');
});

test('malformed bodies and parameters answer 400, never 500', async ({ request }) => {
  const token = await apiToken(request, 'ng.admin');
  const uuid = '00000000-0000-4000-8000-000000000000';
  const cases: { path: string; data?: unknown; raw?: string; method?: 'GET'; auth?: boolean }[] = [
    { path: '/api/Authentication/SignIn', data: {} },
    { path: '/api/Authentication/SignIn', data: { UserName: 1, Password: 2 } },
    { path: '/api/Authentication/SignIn', data: { UserName: 'ng.admin', Password: 'x', IsAdmin: true } },
    { path: '/api/Authentication/SignIn', data: { UserName: 'x'.repeat(100_000), Password: 'x' } },
    { path: '/api/Authentication/SignIn', data: { UserName: '<script>alert(1)</script>', Password: 'x' } },
    { path: '/api/Authentication/SignIn', data: { UserName: '   ', Password: 'x' } },
    { path: '/api/Authentication/SignIn', data: [] },
    { path: '/api/Authentication/SignIn', raw: '{"UserName": "ng.admin", ' },
    { path: '/api/Authentication/SignIn', raw: '' },
    { path: '/api/Authentication/AuthenticateUser', data: { ChallengeId: 'nope', OTP: '123456' } },
    { path: '/api/Authentication/AuthenticateUser', data: { ChallengeId: uuid } },
    { path: '/api/Authentication/AuthenticateUser', data: { ChallengeId: uuid, OTP: true } },
    { path: '/api/Authentication/AuthenticateUser', data: { ChallengeId: uuid, OTP: 'x'.repeat(5000) } },
    { path: '/api/Authentication/ResendOTP', data: {} },
    { path: '/api/Authentication/ResendOTP', data: { ChallengeId: uuid, Role: 4 } },
    { path: '/api/Authentication/CaptchaVerify', data: { Captcha: 5 } },
    { path: '/api/Authentication/CaptchaVerify', data: { Captcha: 'x'.repeat(20_000) } },
    { path: '/api/Authentication/UpdateLoginAttempt/1', data: { FailedLoginAttempt: 'many' } },
    { path: '/api/Authentication/UpdateLoginAttempt/abc', data: {} },
    { path: '/api/SingleSignOnAuthentication/Validate', data: { ReturnUrl: 5 } },
    { path: '/api/Email/SendInsufficientRightsEmail', data: { Path: 5 }, auth: true },
    { path: '/api/Email/SendInsufficientRightsEmail', data: { Path: '/x', ClientId: 2 }, auth: true },
    { path: '/api/Authentication/Validate/abc/Role/9', method: 'GET' },
    { path: '/api/Authentication/Validate/abc/Role/x', method: 'GET' },
    { path: `/api/SingleSignOnAuthentication/LogClientError/${'x'.repeat(600)}`, method: 'GET' },
    // An array nested 2,000 deep: a 400 before any schema, never a stack overflow (and no exception report).
    ...[
      '/api/Authentication/SignIn',
      '/api/Authentication/AuthenticateUser',
      '/api/Authentication/ResendOTP',
      '/api/Authentication/CaptchaVerify',
      '/api/Authentication/resetPassword',
      '/api/ResetPassword/SendResetPasswordEmail',
      '/api/ResetPassword/ResetPassword',
      '/api/ResetPassword/CheckPasswordExpiryLink',
      '/api/Email/SendException',
      '/api/Exception/Add',
      '/api/SingleSignOnAuthentication/Validate',
      '/api/Authentication/UpdateLoginAttempt/1',
    ].map((path) => ({ path, raw: NESTED })),
    { path: '/api/Authentication/GetUserByEmailId', raw: NESTED, auth: true },
    { path: '/api/Authentication/GetUserDetailsByUsername', raw: NESTED, auth: true },
    { path: '/api/Email/SendInsufficientRightsEmail', raw: NESTED, auth: true },
  ];
  for (const c of cases) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(c.auth ? { Authorization: `Bearer ${token}` } : {}),
    };
    const res =
      c.method === 'GET'
        ? await request.get(c.path, { headers })
        : await request.post(c.path, { headers, data: c.raw !== undefined ? c.raw : JSON.stringify(c.data) });
    expect(res.status(), `${c.method ?? 'POST'} ${c.path} ${c.raw ?? JSON.stringify(c.data)?.slice(0, 80)}`).toBe(400);
    const body = await res.json();
    expect(body.error.status).toBe(400);
  }
});
