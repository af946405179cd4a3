/**
 * A server action after the session ended elsewhere (spec §4.5): the action answers "signed out" (lib/http/action.ts)
 * and the page goes to /SignOut?type=11 and on to the sign-in page saying the session expired, remembering the page
 * (lib/client-side/action.ts), instead of showing a failure.
 */
import { expect, test } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';

test('an ended session: the Settings test e-mail signs out and comes back to /Settings', async ({ page }) => {
  await signIn(page, 'hv.user');
  await settleNotice(page);
  // The action is what must find the ended session here. The page's news stream would find it too (its reconnect or
  // poll answers 401 and signs out), racing the click, so it is kept from connecting in this test.
  await page.route('**/api/Notification/Events**', (route) => route.abort());
  await page.goto('/Settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // The session ends on the server (as a sign-out on another tab or device does); the browser keeps its cookie.
  const cookies = await page.context().cookies();
  expect((await page.request.get('/api/Authentication/SignOut')).status()).toBeLessThan(300);
  await page.context().addCookies(cookies);
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await page.waitForURL((u) => u.pathname === '/SignIn');
  const url = new URL(page.url());
  expect(url.searchParams.get('messageType')).toBe('2');
  expect(url.searchParams.get('returnUrl')).toBe('/Settings');
  await expect(page.getByText('Your session has expired.')).toBeVisible();
});
