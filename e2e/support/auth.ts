/**
 * Signing in from e2e tests, reading the e-mailed OTP from the test mailbox (e2e/support/mailbox.ts).
 * The OTP dialog and the legacy SignIn answer show a reference that the e-mail's subject repeats,
 * so parallel sign-ins of the same user never read each other's code.
 *
 *   await signIn(page, 'hv.user');                 // lands on /JobClient
 *   const token = await apiToken(request, 'ng.user'); // Bearer token for api/* over HTTP
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { waitForMail } from './mailbox';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Harbour#Vale2026';

export function mailOf(userName: string): string {
  return `${userName}@example.com`;
}

/** The 6-digit code in an OTP e-mail. */
export function otpFromMail(text: string): string {
  const code = /is:\s+(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no OTP in mail: ${text}`);
  return code;
}

/** Waits for the OTP e-mail of a pending sign-in (by its reference) and returns the code. */
export async function readOtp(userName: string, reference: string): Promise<string> {
  const escaped = reference.replace(/[^A-Z0-9]/g, '');
  const mail = await waitForMail(mailOf(userName), { subject: new RegExp(`\\(ref ${escaped}\\)`), timeoutMs: 20_000 });
  return otpFromMail(mail.text);
}

/** Fills the sign-in form on the current page and submits it. */
export async function submitCredentials(page: Page, userName: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The open OTP dialog's reference (waits for the dialog). */
export async function otpReference(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
  await expect(dialog).toBeVisible();
  const ref = await dialog.getByTestId('otp-reference').getAttribute('data-reference');
  if (!ref) throw new Error('no OTP reference shown');
  return ref;
}

/** Enters a code in the open OTP dialog and presses Verify. */
export async function enterOtp(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
  await dialog.getByLabel('OTP').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

export interface SignInOptions {
  /** Open /SignIn first (default). false: the sign-in form is already shown (e.g. after a redirect). */
  goto?: boolean;
  /** Where the sign-in should land (default /JobClient). */
  landing?: string | RegExp | ((url: URL) => boolean);
}

/** Signs in through the browser: credentials, the OTP from the mailbox, then waits for the landing page. */
export async function signIn(
  page: Page,
  userName: string,
  password: string = DEMO_PASSWORD,
  opts: SignInOptions = {},
): Promise<void> {
  if (opts.goto !== false) await page.goto('/SignIn');
  await submitCredentials(page, userName, password);
  const code = await readOtp(userName, await otpReference(page));
  await enterOtp(page, code);
  await page.waitForURL(opts.landing ?? /\/JobClient(\?|$)/);
}

/**
 * Presses the OTP dialog's "Regenerate OTP" until the server sends a new code ("Successfully OTP sent."): it refuses
 * ("Please try after some time.") until 10 s after the code it replaces, by the server's clock, and a refused
 * press changes nothing. So this waits for the server's own condition, not for a fixed time.
 */
export async function regenerateOtp(dialog: Locator): Promise<void> {
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Regenerate OTP' }).click();
    await expect(dialog.getByText('Successfully OTP sent.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [1_000], timeout: 20_000 });
}

/** Signs in over the legacy API (SignIn, then AuthenticateUser with the mailed OTP) and returns the bearer jwtToken. */
export async function apiToken(
  request: APIRequestContext,
  userName: string,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/api/Authentication/SignIn', { data: { UserName: userName, Password: password } });
  expect(res.status()).toBe(200);
  const step: { LStatus: number; ChallengeId: string | null; OtpReference: string | null } = await res.json();
  if (step.LStatus !== 1 || !step.ChallengeId || !step.OtpReference)
    throw new Error(`sign-in of ${userName} did not send an OTP: ${JSON.stringify(step)}`);
  const code = await readOtp(userName, step.OtpReference);
  const auth = await request.post('/api/Authentication/AuthenticateUser', {
    data: { ChallengeId: step.ChallengeId, OTP: code },
  });
  expect(auth.status()).toBe(200);
  const done: { IsLoggedIn: boolean; jwtToken: string | null } = await auth.json();
  if (!done.IsLoggedIn || !done.jwtToken) throw new Error(`OTP step of ${userName} failed: ${JSON.stringify(done)}`);
  return done.jwtToken;
}

/** The once-per-session notice (spec §4): a dialog with an Ok button, loaded on demand over the session's first page. */
export const noticeDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Ok', exact: true }) });

/** Closes the notice whenever it pops up over the page (before actions and auto-waiting assertions). */
export async function closeNoticeWhenShown(page: Page): Promise<void> {
  const notice = noticeDialog(page);
  await page.addLocatorHandler(notice, async () => {
    await notice.getByRole('button', { name: 'Ok', exact: true }).click();
  });
}

/** The signed-in layout's marker: `pending` while the page owes the user the notice (loading or open). */
const noticeMarker = (page: Page) => page.locator('[data-notice]');

/**
 * After sign-in: waits until the page no longer owes the user the notice. The layout's `data-notice` marker is
 * `pending` from the server's HTML on while the notice is loading or open, and the locator handler closes the
 * notice as soon as it shows (it runs before every retry of the assertion below), so the notice never pops up
 * later over a step that no locator handler watches (a modal hides the page from role locators). Keeps closing it
 * whenever it shows later.
 */
export async function settleNotice(page: Page): Promise<void> {
  await closeNoticeWhenShown(page);
  await expect(noticeMarker(page)).toHaveAttribute('data-notice', 'none', { timeout: 20_000 });
}
