/**
 * The legacy contract as an existing caller drives it (issue 12): sign-in with the credential triple
 * (UserName, Password, OTP), ResendOTP without a ChallengeId, and two-factor with an authenticator app
 * (TwoFactorInit, TwoFactorInitResponse, then sign-ins with a code computed from the secret and with a
 * recovery code). Users consumed: e2e.triple, e2e.totp.api (e2e/support/fixtures.ts); their failed
 * attempts always end cleared by a success.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { apiToken, DEMO_PASSWORD, mailOf, readOtp } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';

test.describe.configure({ mode: 'serial' });

const post = async (request: APIRequestContext, path: string, data: unknown, token?: string) => {
  const res = await request.post(`/api/Authentication/${path}`, {
    data,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status(), body: await res.json() };
};

/** The app's code for the next 30-second step: accepted (one step either side) and never one already used. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('credential triple: SignIn sends the OTP; AuthenticateUser {UserName, Password, OTP} answers jwtToken; SignIn with the OTP too', async ({
  request,
}) => {
  const user = 'e2e.triple';
  const step = await post(request, 'SignIn', { UserName: user, Password: DEMO_PASSWORD });
  expect(step.body).toMatchObject({ LStatus: 1, OtpMethod: 'email', IsLoggedIn: false, jwtToken: null });
  const code = await readOtp(user, step.body.OtpReference);

  // No ChallengeId needed for a resend either; too soon after the code it answers 'Please try after some time.'.
  expect((await post(request, 'ResendOTP', { UserName: user, Password: DEMO_PASSWORD })).body).toMatchObject({
    LStatus: 9,
    Message: 'Please try after some time.',
  });
  // A wrong password in the triple is a wrong password: counted, the OTP not looked at.
  expect(
    (await post(request, 'AuthenticateUser', { UserName: user, Password: 'Not#TheRight1', OTP: code })).body,
  ).toMatchObject({
    IsLoggedIn: false,
    jwtToken: null,
    LStatus: 0,
    LoginAttemptLeft: 4,
    Message: 'Invalid Username or Password. You have only 4 login attempt left.',
  });

  const done = await post(request, 'AuthenticateUser', { UserName: user, Password: DEMO_PASSWORD, OTP: code });
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({ IsLoggedIn: true, LStatus: 2 });
  const session = await request.get('/api/Authentication/Session', {
    headers: { Authorization: `Bearer ${done.body.jwtToken}` },
  });
  expect(await session.json()).toMatchObject({ UserName: user, Role: 3 });
  // The code is spent.
  expect(
    (await post(request, 'AuthenticateUser', { UserName: user, Password: DEMO_PASSWORD, OTP: code })).body,
  ).toMatchObject({
    IsLoggedIn: false,
    Message: 'OTP Expired. Please try Regenerating OTP',
  });

  // SignIn with OTP 0 sends a code; SignIn with that code (a number, as the old client sends it) signs in.
  const again = await post(request, 'SignIn', { UserName: user, Password: DEMO_PASSWORD, OTP: 0 });
  const second = await readOtp(user, again.body.OtpReference);
  const viaSignIn = await post(request, 'SignIn', { UserName: user, Password: DEMO_PASSWORD, OTP: Number(second) });
  expect(viaSignIn.body).toMatchObject({ IsLoggedIn: true, LStatus: 2, FailedLoginAttempt: 0 });
  expect(typeof viaSignIn.body.jwtToken).toBe('string');

  // Still a 400 without credentials or a ChallengeId.
  const bad = await post(request, 'AuthenticateUser', { OTP: '123456' });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.error.fields).sort()).toEqual(['Password', 'UserName']);
});

test('authenticator app: TwoFactorInit, TwoFactorInitResponse, then the app code and a recovery code sign in; replays are refused', async ({
  request,
}) => {
  const user = 'e2e.totp.api';
  const token = await apiToken(request, user);
  expect((await post(request, 'TwoFactorInit', {})).status).toBe(401);

  const init = await post(request, 'TwoFactorInit', {}, token);
  expect(init.status).toBe(200);
  expect(init.body).toMatchObject({
    Secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    OtpAuthUri: expect.stringMatching(/^otpauth:\/\/totp\/JMS%20Portal:e2e\.totp\.api\?/),
    QrCode: expect.stringMatching(/^data:image\/png;base64,/),
  });
  const secret: string = init.body.Secret;

  const wrong = await post(request, 'TwoFactorInitResponse', { Code: 'abc' }, token);
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.fields.Code).toEqual(['The code is the 6 digits your authenticator app shows.']);
  const confirmed = await post(request, 'TwoFactorInitResponse', { Code: await generate({ secret }) }, token);
  expect(confirmed.status).toBe(200);
  const recovery: string[] = confirmed.body.RecoveryCodes;
  expect(recovery).toHaveLength(10);
  // Answered once: a second confirmation or a new set-up is refused while the app is set up.
  expect((await post(request, 'TwoFactorInitResponse', { Code: await generate({ secret }) }, token)).status).toBe(409);
  expect((await post(request, 'TwoFactorInit', {}, token)).status).toBe(409);
  await waitForMail(mailOf(user), { subject: /An authenticator app was added/ });

  // The password step sends nothing now: the app answers.
  const sent = (await messagesTo(mailOf(user))).length;
  const step = await post(request, 'SignIn', { UserName: user, Password: DEMO_PASSWORD, OTP: 0 });
  expect(step.body).toMatchObject({
    LStatus: 1,
    OtpMethod: 'app',
    SigninOTPExpireText: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  });

  const code = await nextCode(secret);
  const viaChallenge = await post(request, 'AuthenticateUser', { ChallengeId: step.body.ChallengeId, OTP: code });
  expect(viaChallenge.body).toMatchObject({ IsLoggedIn: true, LStatus: 2 });
  expect(typeof viaChallenge.body.jwtToken).toBe('string');
  // The same code again, as the triple: refused (replay), and the caller is told the code was already used.
  expect(
    (await post(request, 'AuthenticateUser', { UserName: user, Password: DEMO_PASSWORD, OTP: code })).body,
  ).toMatchObject({
    IsLoggedIn: false,
    LStatus: 7,
    Message: expect.stringMatching(/^That code was already used\./),
  });
  expect((await messagesTo(mailOf(user))).length).toBe(sent);

  // A recovery code, as the triple (no password step first): signs in once.
  const withRecovery = await post(request, 'AuthenticateUser', {
    UserName: user,
    Password: DEMO_PASSWORD,
    OTP: recovery[0],
  });
  expect(withRecovery.body).toMatchObject({ IsLoggedIn: true, LStatus: 2, FailedLoginAttempt: 0 });
  const session = await request.get('/api/Authentication/Session', {
    headers: { Authorization: `Bearer ${withRecovery.body.jwtToken}` },
  });
  expect(await session.json()).toMatchObject({ UserName: user });
  await waitForMail(mailOf(user), { subject: /A recovery code was used/ });
  expect(
    (await post(request, 'AuthenticateUser', { UserName: user, Password: DEMO_PASSWORD, OTP: recovery[0] })).body,
  ).toMatchObject({ IsLoggedIn: false, LStatus: 7 });

  // "Send a code by e-mail instead": ResendOTP by credentials turns the app's pending sign-in into an e-mailed one.
  const pending = await post(request, 'SignIn', { UserName: user, Password: DEMO_PASSWORD });
  expect(pending.body.OtpMethod).toBe('app');
  const emailed = await post(request, 'ResendOTP', { UserName: user, Password: DEMO_PASSWORD });
  expect(emailed.body).toMatchObject({
    LStatus: 1,
    OtpMethod: 'email',
    Message: 'Successfully OTP sent.',
    signinOTPExpireTimeout: 300,
  });
  const mailed = await readOtp(user, emailed.body.OtpReference);
  expect(
    (await post(request, 'AuthenticateUser', { UserName: user, Password: DEMO_PASSWORD, OTP: mailed })).body,
  ).toMatchObject({ IsLoggedIn: true, FailedLoginAttempt: 0 });
});

test('malformed two-factor and triple bodies answer 400, never 500', async ({ request }) => {
  const token = await apiToken(request, 'e2e.triple');
  const cases: { path: string; data: unknown; auth?: boolean }[] = [
    { path: 'TwoFactorInit', data: { Secret: 'MINE' }, auth: true },
    { path: 'TwoFactorInit', data: [], auth: true },
    { path: 'TwoFactorInitResponse', data: {}, auth: true },
    { path: 'TwoFactorInitResponse', data: { Code: 123456 }, auth: true },
    { path: 'TwoFactorInitResponse', data: { Code: '1234567' }, auth: true },
    { path: 'TwoFactorInitResponse', data: { Code: '123456', UserId: 1 }, auth: true },
    { path: 'AuthenticateUser', data: { UserName: 'e2e.triple', OTP: '123456' } },
    { path: 'AuthenticateUser', data: { UserName: 'e2e.triple', Password: DEMO_PASSWORD, OTP: 'x'.repeat(40) } },
    { path: 'AuthenticateUser', data: { UserName: 'e2e.triple', Password: DEMO_PASSWORD, OTP: -1 } },
    { path: 'SignIn', data: { UserName: 'e2e.triple', Password: DEMO_PASSWORD, OTP: 1_000_000 } },
    { path: 'ResendOTP', data: { UserName: 'e2e.triple' } },
    { path: 'ResendOTP', data: { UserName: '<b>x</b>', Password: 'x' } },
  ];
  for (const c of cases) {
    const r = await post(request, c.path, c.data, c.auth ? token : undefined);
    expect(r.status, `${c.path} ${JSON.stringify(c.data)}`).toBe(400);
    expect(r.body.error.status).toBe(400);
  }
});
