/**
 * Settings end to end (spec §2 /Settings, §5 Settings save, §8): e-mail and time zone saved after the
 * current password is checked; job alerts saved without it (issue 26); a wrong current password; a password change and a
 * recent password refused; the test e-mail arriving in the mailbox.
 *
 * User consumed (its password changes): the e2e fixture user e2e.settings.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, mailOf, settleNotice, signIn } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';

test.describe.configure({ mode: 'serial' });

const USER = 'e2e.settings';
const NEW_PASSWORD = 'Mango#Lime7x9';
let current = DEMO_PASSWORD;

const MSG = {
  updated: 'Settings updated successfully.',
  notUpdated: 'Settings could not be updated successfully.',
  reused: 'Cannot use last 10 passwords or similar.',
  sent: 'Email sent successfully.',
  alertsSaved: 'Your alerts were saved.',
};

async function openSettings(page: Page): Promise<void> {
  await signIn(page, USER, current);
  await settleNotice(page);
  await page.goto('/Settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

async function save(page: Page, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

test('saves the time zone with the current password; a wrong current password saves nothing', async ({ page }) => {
  await openSettings(page);
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(mailOf(USER));
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue('Australia/Sydney');

  await page.getByRole('combobox', { name: 'Time zone', exact: true }).selectOption('Australia/Perth');
  await save(page, 'Wrong#Pass9x');
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await expect(page.getByText(MSG.notUpdated)).toBeVisible();

  await save(page, current);
  await expect(page.getByText(MSG.updated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue('Australia/Perth');
});

test('saves job alerts without the current password (issue 26)', async ({ page }) => {
  await openSettings(page);
  const alerts = page.getByRole('form', { name: 'Alerts' });
  await alerts.getByRole('checkbox', { name: 'Delivered', exact: true }).check();
  await alerts.getByRole('checkbox', { name: 'On Hold', exact: true }).check();
  await alerts.getByRole('radio', { name: /Every job of my firm/ }).check();
  await alerts.getByRole('button', { name: 'Save alerts', exact: true }).click();
  await expect(alerts.getByText(MSG.alertsSaved)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveValue('');

  await page.reload();
  const again = page.getByRole('form', { name: 'Alerts' });
  await expect(again.getByRole('checkbox', { name: 'Delivered', exact: true })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'On Hold', exact: true })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Submitted', exact: true })).not.toBeChecked();
  await expect(again.getByRole('radio', { name: /Every job of my firm/ })).toBeChecked();
});

test('changes the e-mail address (the old address is told) and back', async ({ page }) => {
  await openSettings(page);
  const seen = (await messagesTo(mailOf(USER))).length;
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('jordan.lee@example.com');
  await save(page, current);
  await expect(page.getByText(MSG.updated)).toBeVisible();
  const notice = await waitForMail(mailOf(USER), { subject: /e-mail address was changed/, after: seen });
  expect(notice.text).toContain('jordan.lee@example.com');

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(mailOf(USER));
  await save(page, current);
  await expect(page.getByText(MSG.updated)).toBeVisible();
});

test('changes the password; the session stays; a recent password is refused', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('weakpassword');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('weakpassword');
  await save(page, current);
  await expect(page.getByText('The password must contain an upper-case letter.')).toBeVisible();

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
  await save(page, current);
  await expect(page.getByText(MSG.updated)).toBeVisible();
  current = NEW_PASSWORD;

  // Still signed in after the change.
  await page.reload();
  await expect(page).toHaveURL(/\/Settings$/);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
  await save(page, current);
  await expect(page.getByRole('alert').filter({ hasText: MSG.reused })).toBeVisible();
});

test('sends a test e-mail to the saved address', async ({ page }) => {
  await openSettings(page);
  const seen = (await messagesTo(mailOf(USER))).length;
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText(MSG.sent)).toBeVisible();
  const mail = await waitForMail(mailOf(USER), { subject: /JMS Portal test e-mail/, after: seen });
  expect(mail.to).toContain(mailOf(USER));
});
