/**
 * A form used before its page's scripts have run (a slow connection, a password manager that fills in at once):
 * its fields wait, disabled, until React has taken the page over, so nothing typed or chosen is undone when it
 * does, and Enter cannot send the form the browser's own way (a GET with the password in the address).
 * The order form's case is in e2e/order.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { holdScripts } from './support/slow-scripts';

test('the sign-in form waits for its scripts, then keeps what is typed and sends nothing in the address', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/SignIn', { waitUntil: 'commit' });
  const userName = page.getByRole('textbox', { name: 'User name' });
  const password = page.getByLabel(/^Password/);
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(userName).toBeVisible();
  await expect(userName).toBeDisabled();
  await expect(password).toBeDisabled();
  await expect(signIn).toBeDisabled();
  release();
  await expect(userName).toBeEnabled();
  await userName.fill('someone');
  await password.fill('not-the-password');
  await expect(userName).toHaveValue('someone');
  await expect(password).toHaveValue('not-the-password');
  expect(new URL(page.url()).search).toBe('');
});
