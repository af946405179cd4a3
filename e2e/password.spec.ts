/**
 * Password pages end to end (spec §2 /ResetPassword, /ForgotPassword, /ResetNewPassword; §4; §8):
 * the forced change for hv.firsttime and hv.expired, then forgot and reset with the link read from
 * the mailbox: only the newest link works, a used link is dead, a recent password is refused.
 *
 * Demo users consumed (their passwords change): hv.firsttime, hv.expired.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, mailOf, signIn, submitCredentials } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';

test.describe.configure({ mode: 'serial' });

const MSG = {
  firstTime: 'Please change your password to login for the first time.',
  expired: 'Your password has expired, please change your password to login.',
  done: 'Your password has been reset. Please click here to login',
  reused: 'Cannot use last 10 passwords or similar.',
  mismatch: 'The passwords do not match.',
  linkExpired: 'Your reset password link has been expired.',
  linkInvalid: 'Invalid reset password link.',
  maybeSent: 'If a user with this email exists, an email will be sent to reset the password.',
};

const FIRST_NEW = 'Tomato#Kiwi40!';
const EXPIRED_NEW = 'Pear#Olive5z2';
const RESET_NEW = 'Mango#Lime7x9';

async function setNewPassword(page: Page, password: string, confirm = password): Promise<void> {
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(confirm);
  await page.getByRole('button', { name: /^(Change|Reset) password$/ }).click();
}

async function forcedChange(
  page: Page,
  userName: string,
  reason: 'first' | 'expired',
  message: string,
  newPassword: string,
) {
  await page.goto('/SignIn');
  await submitCredentials(page, userName, DEMO_PASSWORD);
  await page.waitForURL(new RegExp(`/ResetPassword\\?url=[A-Za-z0-9_-]+&reason=${reason}`));
  const forcedUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();

  // The rules and the confirmation are checked in the browser before anything is sent.
  await setNewPassword(page, 'abc12345');
  await expect(page.getByText('The password must be at least 10 characters long.')).toBeVisible();
  await setNewPassword(page, newPassword, `${newPassword}x`);
  await expect(page.getByText('The passwords do not match.')).toBeVisible();

  await setNewPassword(page, newPassword);
  await expect(page.getByRole('status').filter({ hasText: MSG.done })).toBeVisible();
  await expect(page.getByRole('link', { name: 'click here' })).toHaveAttribute('href', '/SignIn');

  // The change did not sign the user in, and the forced-change link works once.
  await page.goto('/JobClient');
  await expect(page).not.toHaveURL(/\/JobClient/);
  await page.goto(forcedUrl);
  await expect(page.getByText(MSG.linkExpired)).toBeVisible();

  // The new password signs in, straight to the OTP and the job list.
  await signIn(page, userName, newPassword);
}

test('first-time password: hv.firsttime must change it before signing in', async ({ page }) => {
  await forcedChange(page, 'hv.firsttime', 'first', MSG.firstTime, FIRST_NEW);
});

test('expired password: hv.expired must change it before signing in', async ({ page }) => {
  await forcedChange(page, 'hv.expired', 'expired', MSG.expired, EXPIRED_NEW);
});

test('forgot password: same answer for any address; only the newest link works, once; a recent password is refused', async ({
  page,
}) => {
  const address = mailOf('hv.firsttime');
  const subject = /Reset your JMS Portal password/;
  const linkIn = (text: string) => {
    const link = /(https?:\/\/\S+\/ResetNewPassword\?url=[A-Za-z0-9_%-]+)/.exec(text)?.[1];
    if (!link) throw new Error(`no reset link in: ${text}`);
    return link;
  };

  await page.goto('/SignIn');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not an address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();

  // An unknown address gets exactly the same answer.
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('nobody.here@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(MSG.maybeSent)).toBeVisible();

  const seen = (await messagesTo(address)).length;
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(address);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(MSG.maybeSent)).toBeVisible();
  const first = linkIn((await waitForMail(address, { subject, after: seen })).text);

  const seen2 = (await messagesTo(address)).length;
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(address.toUpperCase());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const second = linkIn((await waitForMail(address, { subject, after: seen2 })).text);
  expect(second).not.toBe(first);

  // Only the newest link works.
  await page.goto(first);
  await expect(page.getByText(MSG.linkExpired)).toBeVisible();

  await page.goto(second);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await setNewPassword(page, FIRST_NEW);
  await expect(page.getByText(MSG.reused)).toBeVisible();
  // A later mistake the browser catches replaces the server's old answer: only the mismatch shows.
  await setNewPassword(page, RESET_NEW, `${RESET_NEW}x`);
  await expect(page.getByText(MSG.mismatch)).toBeVisible();
  await expect(page.getByText(MSG.reused)).toHaveCount(0);
  await setNewPassword(page, RESET_NEW);
  await expect(page.getByText(MSG.done)).toBeVisible();

  // A used link is dead; a made-up one is invalid.
  await page.goto(second);
  await expect(page.getByText(MSG.linkExpired)).toBeVisible();
  await page.goto('/ResetNewPassword?url=not-a-real-token');
  await expect(page.getByText(MSG.linkInvalid)).toBeVisible();

  // The reset did not sign in; the new password does.
  await signIn(page, 'hv.firsttime', RESET_NEW);
});
