/**
 * Sign-in (spec §4): OTP by e-mail, attempts left, captcha, lockout, resend and expiry, route access
 * for every role, the session-expired round trip, sign-out, hash routes and single sign-on.
 * Failed attempts, captcha and OTP errors use the e2e fixture users (e2e/support/fixtures.ts).
 * Demo users consumed here: hv.group1, hv.group2, hv.legal, hv.user, hv.admin, staff.ops (signed
 * in, failed attempts always cleared by a final success) and hv.mailroom (signed in once, then
 * LOCKED by the last test: no other spec may use hv.mailroom).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  enterOtp,
  otpReference,
  readOtp,
  regenerateOtp,
  settleNotice,
  signIn,
  submitCredentials,
} from './support/auth';

const attemptsLeft = (n: number) => `Invalid Username or Password. You have only ${n} login attempt left.`;

/** The route table lets the page through (the page itself may not exist yet: 404 is still "allowed"). */
async function expectAllowed(page: Page, path: string) {
  const res = await page.request.get(path, { maxRedirects: 0 });
  expect(res.headers()['location'] ?? '', `${path} redirected`).not.toMatch(/\/(AccessDenied|SignOut|SignIn)\b/);
  expect([200, 404], `${path} answered ${res.status()}`).toContain(res.status());
}

async function expectDenied(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL((u) => u.pathname === '/AccessDenied' && u.searchParams.get('from') === path);
}

async function solveCaptcha(page: Page) {
  await expect(page.getByTestId('captcha')).toBeVisible();
  await expect(page.getByText('Robot check complete.')).toBeVisible({ timeout: 45_000 });
}

test.describe.configure({ mode: 'serial' });

test('sign-in with the e-mailed OTP lands on /JobClient; a client user (role 5) reaches job and invoice pages, not user management', async ({
  page,
}) => {
  await signIn(page, 'hv.group1');
  for (const path of ['/JobClient', '/SaveJob', '/Invoice', '/Help', '/Settings', '/AccessDenied'])
    await expectAllowed(page, path);
  await expectDenied(page, '/user');
  await expectDenied(page, '/saveuser');
  const session = await page.request.get('/api/Authentication/Session');
  expect(await session.json()).toMatchObject({ UserName: 'hv.group1', Role: 5, IsUserClient: true });
});

test('a wrong password shows the attempts left; the right one then signs in (role 6)', async ({ page }) => {
  await page.goto('/SignIn');
  await submitCredentials(page, 'e2e.failures', 'Not#TheRight1');
  await expect(page.getByText(attemptsLeft(4))).toBeVisible();
  await submitCredentials(page, 'e2e.failures', 'Not#TheRight2');
  await expect(page.getByText(attemptsLeft(3))).toBeVisible();
  await submitCredentials(page, 'e2e.failures');
  await enterOtp(page, await readOtp('e2e.failures', await otpReference(page)));
  await page.waitForURL(/\/JobClient$/);
  await expectDenied(page, '/user');
  await expectAllowed(page, '/InvoiceSlip');
});

test('after 3 failures a captcha is required and verified; then the sign-in succeeds (role 7)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/SignIn');
  for (let i = 1; i <= 3; i++) {
    await submitCredentials(page, 'e2e.captcha', `Not#TheRight${i}`);
    await expect(page.getByText(attemptsLeft(5 - i))).toBeVisible();
  }
  await solveCaptcha(page);
  await submitCredentials(page, 'e2e.captcha');
  await enterOtp(page, await readOtp('e2e.captcha', await otpReference(page)));
  await page.waitForURL(/\/JobClient$/);
  await expectDenied(page, '/saveuser');
  await expectAllowed(page, '/JobSlip');
});

test('role-based access: client user (3), client administrator (4), mail room (8), staff (1)', async ({ browser }) => {
  test.setTimeout(120_000);
  const as = async (userName: string, check: (page: Page) => Promise<void>, landing?: RegExp) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, userName, DEMO_PASSWORD, { landing });
    await check(page);
    await context.close();
  };
  await as('hv.user', async (page) => {
    await expectAllowed(page, '/JobClient');
    await expectDenied(page, '/user');
    await expectDenied(page, '/saveuser');
    await expectDenied(page, '/Ops');
  });
  await as('hv.admin', async (page) => {
    await expectAllowed(page, '/user');
    await expectAllowed(page, '/saveuser');
    await expectAllowed(page, '/Invoice');
    await expectDenied(page, '/Ops');
  });
  await as('hv.mailroom', async (page) => {
    await expectAllowed(page, '/Invoice');
    await expectDenied(page, '/user');
  });
  // Staff land on the staff area (issue 13), and are denied the client screens.
  await as(
    'staff.ops',
    async (page) => {
      await expectAllowed(page, '/Ops');
      await expectDenied(page, '/JobClient');
      await expectDenied(page, '/Invoice');
      await expectDenied(page, '/user');
    },
    /\/Ops$/,
  );
});

test("OTP: 'Please enter OTP.', 'Invalid OTP.', resend too soon, expiry offers regenerate (60 s), the old code is dead", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto('/SignIn');
  await submitCredentials(page, 'e2e.otp');
  const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
  const first = await otpReference(page);
  await expect(dialog.getByText(/The OTP expires in 0[45]:\d\d\./)).toBeVisible();
  const oldCode = await readOtp('e2e.otp', first);

  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Please enter OTP.')).toBeVisible();
  await enterOtp(page, oldCode === '000000' ? '111111' : '000000');
  await expect(dialog.getByText('Invalid OTP.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(dialog.getByText('Please try after some time.')).toBeVisible();

  // Let the code run out on the page's clock: the dialog says so and offers to regenerate.
  await page.clock.fastForward('05:01');
  await expect(dialog.getByText('OTP Expired. Please try Regenerating OTP')).toBeVisible();
  await regenerateOtp(dialog);
  await expect(dialog.getByText(/The OTP expires in (01:00|00:5\d)\./)).toBeVisible();
  const second = await otpReference(page);
  expect(second).not.toBe(first);
  const newCode = await readOtp('e2e.otp', second);

  // The resent code runs out too: only the current message is shown, not the stale 'Successfully OTP sent.'.
  await page.clock.fastForward('01:01');
  await expect(dialog.getByText('OTP Expired. Please try Regenerating OTP')).toBeVisible();
  await expect(dialog.getByText('Successfully OTP sent.')).toBeHidden();
  await expect(dialog.getByRole('alert')).toHaveCount(1);

  if (newCode !== oldCode) {
    await enterOtp(page, oldCode);
    await expect(dialog.getByText('Invalid OTP.')).toBeVisible();
  }
  await enterOtp(page, newCode);
  await page.waitForURL(/\/JobClient$/);
});

test('a first visit to a deep link: the sign-in remembers the page, says nothing of an expired session, and returns there', async ({
  page,
}) => {
  await page.goto('/Invoice?jm=abc');
  await expect(page).toHaveURL(
    (u) => u.pathname === '/SignIn' && u.searchParams.get('returnUrl') === '/Invoice?jm=abc',
  );
  expect(new URL(page.url()).searchParams.get('messageType')).toBeNull();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your session has expired.')).toHaveCount(0);
  // Back on the remembered page (the invoice page itself may then tidy its query).
  await signIn(page, 'hv.group1', DEMO_PASSWORD, { goto: false, landing: (u: URL) => u.pathname === '/Invoice' });
});

test('a session ended elsewhere: API calls answer 401, the next page goes through /SignOut?type=11 and back after sign-in', async ({
  page,
}) => {
  await signIn(page, 'hv.group2');
  // No portal page stays open: an open page notices the ended session by itself (its live stream) and signs out
  // from where it is; this test is about the next page opened.
  await page.goto('about:blank');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'next-auth.session-token');
  if (!cookie) throw new Error('no session cookie');
  // Signed out on the server (as by another tab, a deactivation or a password change); the browser keeps its cookie.
  expect(await (await page.request.get('/api/Authentication/SignOut')).json()).toBe(true);
  await page.context().addCookies([cookie]);
  expect((await page.request.get('/api/Authentication/Session')).status()).toBe(401);
  await page.goto('/Invoice');
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === '/SignIn' &&
      u.searchParams.get('messageType') === '2' &&
      u.searchParams.get('returnUrl') === '/Invoice',
  );
  await expect(page.getByText('Your session has expired.')).toBeVisible();
  await signIn(page, 'hv.group2', DEMO_PASSWORD, { goto: false, landing: (u: URL) => u.pathname === '/Invoice' });
});

/** Ends the page's session on the server (as another tab, a deactivation or a password change would); the browser keeps its cookie. */
async function endSessionElsewhere(page: Page): Promise<void> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'next-auth.session-token');
  if (!cookie) throw new Error('no session cookie');
  expect(await (await page.request.get('/api/Authentication/SignOut')).json()).toBe(true);
  await page.context().addCookies([cookie]);
  expect((await page.request.get('/api/Authentication/Session')).status()).toBe(401);
}

/** The page's path and query, as the sign-out should remember it. */
const pathAndQuery = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

/** Signed out because the session had ended: the sign-in page says so and remembers `back`. */
async function expectSessionExpired(page: Page, back: string) {
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === '/SignIn' && u.searchParams.get('messageType') === '2' && u.searchParams.get('returnUrl') === back,
  );
  await expect(page.getByText('Your session has expired.')).toBeVisible();
}

test('a session ended elsewhere: a client call on the page (Export) answers 401, signs out with type 11 and comes back after sign-in', async ({
  page,
}) => {
  await signIn(page, 'hv.group2');
  await page.goto('/JobClient?status=8&dir=2');
  await settleNotice(page);
  const back = pathAndQuery(page);
  expect(back).toBe('/JobClient?status=8&dir=2');
  await endSessionElsewhere(page);

  const exported = page.waitForResponse((r) => r.url().endsWith('/api/Job/ExportCSVJobs'));
  const signOut = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/SignOut');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  expect((await exported).status()).toBe(401);
  const via = new URL((await signOut).url());
  expect(via.searchParams.get('type')).toBe('11');
  expect(via.searchParams.get('returnUrl')).toBe(back);
  await expectSessionExpired(page, back);
  await expect(page.getByText('The export could not be downloaded. Please try again.')).toHaveCount(0);

  await signIn(page, 'hv.group2', DEMO_PASSWORD, {
    goto: false,
    landing: (u: URL) => `${u.pathname}${u.search}` === back,
  });
  await settleNotice(page);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
});

test('a session ended elsewhere: a server action (job feedback) signs out with type 11 too, not a generic failure, and comes back after sign-in', async ({
  page,
}) => {
  await signIn(page, 'hv.group2');
  await page.goto('/JobClient?status=8&dir=2');
  await settleNotice(page);
  const back = pathAndQuery(page);
  const row = page.getByRole('table', { name: 'Jobs' }).locator('tbody tr').first();
  await expect(row).toBeVisible();
  await endSessionElsewhere(page);

  const signOut = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/SignOut');
  await row.getByRole('button', { name: /^Actions for job/ }).click();
  const leave = page.getByRole('menuitem', { name: 'Leave feedback' });
  const view = page.getByRole('menuitem', { name: 'View feedback' });
  await expect(leave.or(view)).toBeVisible();
  if ((await leave.count()) > 0) {
    // Leave feedback: the dialog opens without a call; Save runs the server action.
    await leave.click();
    const dialog = page.getByRole('dialog', { name: /^Feedback for job/ });
    await dialog.getByLabel('4 – Very good').check();
    await dialog.getByRole('button', { name: 'Save feedback' }).click();
  } else {
    // View feedback: opening runs the server action that loads it.
    await view.click();
  }
  const via = new URL((await signOut).url());
  expect(via.searchParams.get('type')).toBe('11');
  expect(via.searchParams.get('returnUrl')).toBe(back);
  await expectSessionExpired(page, back);

  await signIn(page, 'hv.group2', DEMO_PASSWORD, {
    goto: false,
    landing: (u: URL) => `${u.pathname}${u.search}` === back,
  });
});

test('a session ended elsewhere: a server action answering signed-out (the settings save) signs out with type 11 and comes back after sign-in', async ({
  page,
}) => {
  await signIn(page, 'hv.group2');
  await page.goto('/Settings');
  await settleNotice(page);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await endSessionElsewhere(page);

  const signOut = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/SignOut');
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const via = new URL((await signOut).url());
  expect(via.searchParams.get('type')).toBe('11');
  expect(via.searchParams.get('returnUrl')).toBe('/Settings');
  await expectSessionExpired(page, '/Settings');

  await signIn(page, 'hv.group2', DEMO_PASSWORD, { goto: false, landing: (u: URL) => u.pathname === '/Settings' });
});

test('sign-out ends the session on the server and goes to the sign-in page', async ({ page }) => {
  await signIn(page, 'hv.group2');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'next-auth.session-token');
  expect(cookie).toBeDefined();
  await page.goto('/SignOut');
  await page.waitForURL((u) => u.pathname === '/SignIn');
  await expect(page.getByText('Your session has expired.')).toHaveCount(0);
  // The old cookie, replayed, names a revoked session.
  if (cookie) await page.context().addCookies([cookie]);
  expect((await page.request.get('/api/Authentication/Session')).status()).toBe(401);
});

test('/Authentication?type=10 forces a sign-out; the hash routes /#/SignIn and /#/ForgotPassword still work', async ({
  page,
}) => {
  await signIn(page, 'hv.group2');
  await page.goto('/Authentication?type=10');
  await page.waitForURL((u) => u.pathname === '/SignIn');
  expect((await page.request.get('/api/Authentication/Session')).status()).toBe(401);
  await page.goto('/#/SignIn');
  await page.waitForURL((u) => u.pathname === '/SignIn' && u.hash === '');
  await page.goto('/#/ForgotPassword');
  await page.waitForURL((u) => u.pathname === '/ForgotPassword');
  await page.goto('/signin?messageType=2');
  await expect(page.getByText('Your session has expired.')).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page).toHaveURL((u) => u.pathname === '/');
});

test('single sign-on against the OpenID provider: a known e-mail signs in, an unknown one goes to /AuthenticationError', async ({
  browser,
}) => {
  const known = await browser.newContext();
  const page = await known.newPage();
  await page.goto('/Authentication?sso=1');
  await page.waitForURL((u) => u.pathname.startsWith('/interaction/'));
  await page.locator('input[name="login"]').fill('hv.user');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/JobClient$/);
  expect(await (await page.request.get('/api/Authentication/Session')).json()).toMatchObject({
    UserName: 'hv.user',
    Role: 3,
  });
  await known.close();

  const unknown = await browser.newContext();
  const other = await unknown.newPage();
  await other.goto('/Authentication?type=12');
  await other.waitForURL((u) => u.pathname.startsWith('/interaction/'));
  await other.locator('input[name="login"]').fill('nobody.here');
  await other.locator('input[name="password"]').fill('anything');
  // The failure page logs spec §8's 'Failed to find valid token' through the legacy client-error call.
  const logged = other.waitForResponse((r) =>
    r.url().endsWith('/api/SingleSignOnAuthentication/LogClientError/Failed%20to%20find%20valid%20token'),
  );
  await other.locator('button[type="submit"]').click();
  await other.waitForURL((u) => u.pathname === '/AuthenticationError');
  expect((await logged).status()).toBe(200);
  expect((await other.request.get('/api/Authentication/Session')).status()).toBe(401);
  await unknown.close();
});

test('lockout: the 5th failure (captcha solved from the 4th) locks hv.mailroom and opens the blocked notice', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.goto('/SignIn');
  for (let i = 1; i <= 3; i++) {
    await submitCredentials(page, 'hv.mailroom', `Not#TheRight${i}`);
    await expect(page.getByText(attemptsLeft(5 - i))).toBeVisible();
  }
  await solveCaptcha(page);
  await submitCredentials(page, 'hv.mailroom', 'Not#TheRight4');
  await expect(page.getByText(attemptsLeft(1))).toBeVisible();
  await solveCaptcha(page);
  await submitCredentials(page, 'hv.mailroom', 'Not#TheRight5');
  const notice = page.getByRole('dialog', { name: 'Account locked' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'OK' }).click();
  // Locked: even the right password answers "blocked".
  const res = await request.post('/api/Authentication/SignIn', {
    data: { UserName: 'hv.mailroom', Password: DEMO_PASSWORD },
  });
  expect(await res.json()).toMatchObject({
    IsAccountLocked: true,
    IsLoggedIn: false,
    jwtToken: null,
    LoginAttemptLeft: 0,
  });
});
