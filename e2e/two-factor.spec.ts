/**
 * Two-factor in the browser (issue 12): setting up an authenticator app in Settings (QR code, confirm with a
 * code computed from the secret, recovery codes), signing in with the app's code, "send a code by e-mail
 * instead", removing the app with the current password; and the password-expiry notice after sign-in.
 * Users consumed: e2e.totp.web and e2e.expiry (e2e/support/fixtures.ts).
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  DEMO_PASSWORD,
  enterOtp,
  otpReference,
  readOtp,
  settleNotice,
  signIn,
  submitCredentials,
} from './support/auth';

test.describe.configure({ mode: 'serial' });

const USER = 'e2e.totp.web';
let secret = '';

/** The app's code for the next 30-second step: accepted (one step either side) and never one already used. */
const nextCode = (s: string, steps = 1) => generate({ secret: s, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

async function openSettings(page: Page) {
  await page.goto('/Settings');
  await expect(page.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
}

test('Settings: set up an authenticator app with the QR code; the recovery codes are shown once', async ({ page }) => {
  await signIn(page, USER);
  await settleNotice(page);
  await openSettings(page);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const setup = page.getByRole('form', { name: 'Set up an authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  secret = (await setup.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  // Fits a phone without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A refused code, by the form or by the server: the message, and focus back on the field to try again.
  const field = setup.getByLabel('Code from the app');
  await field.fill('12345');
  await setup.getByRole('button', { name: 'Confirm' }).click();
  await expect(setup.getByText('The code is the 6 digits your authenticator app shows.')).toBeVisible();
  await expect(field).toBeFocused();
  const current = await generate({ secret });
  await field.fill(current === '000000' ? '111111' : '000000');
  await setup.getByRole('button', { name: 'Confirm' }).click();
  await expect(setup.getByText('That code is not correct.', { exact: false })).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill(await generate({ secret }));
  await setup.getByRole('button', { name: 'Confirm' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  const shown = await codes.allTextContents();
  // They can be kept: downloaded as a text file, copied, printed.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as text file' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('jms-portal-recovery-codes.txt');
  const text = await readFile((await file.path()) ?? '', 'utf8');
  for (const c of shown) expect(text).toContain(c);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByText('The recovery codes were copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(shown[0] ?? 'none');
  await expect(page.getByRole('button', { name: 'Print codes' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('authenticator-status')).toContainText('An authenticator app is set up');
  await expect(page.getByTestId('authenticator-status')).toContainText('10 of 10 recovery codes left');
  // Shown once: after a reload only the status and the removal remain.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove the authenticator app' })).toBeVisible();
});

test("sign-in asks for the app's code instead of e-mailing an OTP; the app's code signs in", async ({ page }) => {
  expect(secret).not.toBe('');
  await page.goto('/SignIn');
  await submitCredentials(page, USER);
  const dialog = page.getByRole('dialog', { name: 'Enter the code from your authenticator app' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send a code by e-mail instead' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .include('[role=dialog]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await dialog.getByLabel('Code').fill('000000' === (await nextCode(secret)) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('That code is not correct.', { exact: false })).toBeVisible();
  const code = await nextCode(secret);
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/JobClient$/);

  // The same code again on the next sign-in: told it was already used, not to check the phone's clock.
  // Leave the portal first: an open page notices the cleared session through its live stream and signs itself out,
  // which would race the navigation below.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/SignIn');
  await submitCredentials(page, USER);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('That code was already used.', { exact: false })).toBeVisible();
  await expect(dialog.getByText('time on your phone', { exact: false })).toHaveCount(0);
});

test("'Send a code by e-mail instead' switches to the e-mailed OTP; then the app is removed with the current password", async ({
  page,
}) => {
  await page.goto('/SignIn');
  await submitCredentials(page, USER);
  const appDialog = page.getByRole('dialog', { name: 'Enter the code from your authenticator app' });
  await appDialog.getByRole('button', { name: 'Send a code by e-mail instead' }).click();
  const code = await readOtp(USER, await otpReference(page));
  await enterOtp(page, code);
  await page.waitForURL(/\/JobClient$/);
  await settleNotice(page);

  await openSettings(page);
  const remove = page.getByRole('form', { name: 'Remove the authenticator app' });
  await remove.getByLabel('Current password').fill('Not#TheRight1');
  await remove.getByRole('button', { name: 'Remove the authenticator app' }).click();
  await expect(remove.getByText('The current password is not correct.')).toBeVisible();
  await remove.getByLabel('Current password').fill(DEMO_PASSWORD);
  await remove.getByRole('button', { name: 'Remove the authenticator app' }).click();
  await expect(page.getByText('The authenticator app was removed.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();

  // The next sign-in e-mails the OTP again (and clears the failed attempt).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(page, USER);
});

test('the password-expiry notice: the days left and a link to Settings, once per session', async ({ page }) => {
  await page.goto('/SignIn');
  await submitCredentials(page, 'e2e.expiry');
  await enterOtp(page, await readOtp('e2e.expiry', await otpReference(page)));
  await page.waitForURL(/\/JobClient$/);
  const notice = page.getByRole('dialog', { name: 'Password expiry' });
  await expect(notice.getByTestId('password-expiry-notice')).toHaveText(/Your password expires in 10 days\./);
  const days = await notice.getByTestId('password-expiry-notice').getAttribute('data-days');
  // The same figure GetPasswordExpiry answers.
  const session = await (await page.request.get('/api/Authentication/Session')).json();
  expect(String(await (await page.request.get(`/api/User/GetPasswordExpiry/UserId/${session.UserId}`)).json())).toBe(
    days,
  );
  await notice.getByRole('link', { name: 'Change it in Settings' }).click();
  await page.waitForURL(/\/Settings$/);
  await expect(page.getByRole('dialog', { name: 'Password expiry' })).toHaveCount(0);
  // The portal's notice (once per session too) comes next; then nothing more.
  await settleNotice(page);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.goto('/JobClient');
  await expect(page.locator('[data-notice]')).toHaveAttribute('data-notice', 'none');
  await expect(page.getByRole('dialog', { name: 'Password expiry' })).toHaveCount(0);
});
