/**
 * Trust for the client administrator (issue 17) in the browser: the firm's activity (a user's sign-ins, order
 * and export, and nothing of another firm), unlocking a locked user who then signs in, and "require two-factor"
 * holding a user without an authenticator app at the set-up until one is confirmed.
 * Users consumed (e2e/support/fixtures.ts): e2e.activity and e2e.activity.admin (Kestrel Legal), e2e.locked (Harbour & Vale), e2e.rb.admin and
 * e2e.rb.user (Riverbend Legal).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { generate } from 'otplib';
import { apiToken, settleNotice, signIn } from './support/auth';
import { waitForMail } from './support/mailbox';
import { csvFile } from './support/csv';

const ZONE = 'Australia/Sydney';

function orderTimes() {
  const quarter = 15 * 60_000;
  const ready = new Date(Math.ceil((Date.now() + 60 * 60_000) / quarter) * quarter);
  const due = new Date(ready.getTime() + 3 * 60 * 60_000);
  const d = (x: Date) => formatInTimeZone(x, ZONE, 'dd/MM/yyyy');
  const t = (x: Date) => formatInTimeZone(x, ZONE, 'hh:mm a');
  return { DateReadyInput: d(ready), TimeReadyInput: t(ready), DateDueInput: d(due), TimeDueInput: t(due) };
}

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
}

test('an administrator sees the sign-ins, the order and the export a user of the firm just made, and none of another firm’s', async ({
  page,
  browser,
  request,
}) => {
  // The user: signs in in the browser and exports the job list.
  const context = await browser.newContext();
  const user = await context.newPage();
  await signIn(user, 'e2e.activity');
  await settleNotice(user);
  const [download] = await Promise.all([
    user.waitForEvent('download'),
    user.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Jobs.csv');
  await context.close();

  // ...and orders a job over the legacy API.
  const auth = { Authorization: `Bearer ${await apiToken(request, 'e2e.activity')}` };
  const session: { ClientId: number } = await (
    await request.get('/api/Authentication/Session', { headers: auth })
  ).json();
  const branches: { ClientBranchAddressId: number }[] = await (
    await request.get(`/api/Job/ClientBranchAddress/${session.ClientId}`, { headers: auth })
  ).json();
  const added = await request.post('/api/Job/Add', {
    headers: auth,
    data: {
      OrderType: 4,
      ContactName: 'Active Orderer',
      Email: 'e2e.activity@example.com',
      ContactPhone: '(02)9000-0000',
      AfterHourContactNumber: '0412345678',
      MatterReference: `ACT-${Date.now()}`,
      ClientBranchAddressId: branches[0]?.ClientBranchAddressId,
      WhatToCollect: 'Two lever-arch files',
      ...orderTimes(),
    },
  });
  expect(added.status()).toBe(200);
  const { JMSNumber } = (await added.json()) as { JMSNumber: string };

  // Another firm's user signs in meanwhile.
  await apiToken(request, 'ng.user');

  await signIn(page, 'e2e.activity.admin');
  await settleNotice(page);
  await page.goto('/user');
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Activity filters' });
  // No user of another firm is offered.
  await expect(filters.getByLabel('User').locator('option', { hasText: 'ng.user' })).toHaveCount(0);
  await filters.getByLabel('User').selectOption({ label: 'e2e.activity (Active Orderer)' });
  await expect(page).toHaveURL(/[?&]user=\d+/);
  const table = page.getByRole('table', { name: 'Activity' });
  const row = (event: string | RegExp) => table.locator('tbody tr').filter({ hasText: event });
  await expect(row(`Job ${JMSNumber}`)).toContainText('Job ordered');
  await expect(row('Exported Jobs.csv')).toContainText(/Jobs list; filters: .*; \d+ rows?/);
  // Two sign-ins: the browser's (with its IP and browser) and the API's.
  await expect(row('Password and e-mailed passcode')).toHaveCount(2);
  await expect(row('Password and e-mailed passcode').first()).toContainText(/127\.0\.0\.1|::1/);
  await expect(table.locator('tbody tr').first()).toContainText('Job ordered');
  await axe(page);

  // Every event of the firm, all kinds: nothing of Northgate's.
  await page.goto('/user/activity?size=100');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table).not.toContainText('ng.user');
  // A hand-made URL naming no user of the firm shows nothing rather than someone else's events.
  await page.goto('/user/activity?user=1&kind=signin');
  await expect(table).not.toContainText('ng.');

  // The page and the administrator's Settings (sessions, security) fit a phone and the desktop widths.
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of ['/user/activity', '/Settings']) {
      await page.goto(url);
      await expect(page.locator('h1')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Activity.csv of the filtered view.
  await page.goto('/user/activity?kind=job');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('Activity.csv');
  const text = await csvFile(await csv.path());
  expect(text.split('\r\n')[0]).toBe('Date,User Name,Full Name,Event,Details,IP Address,Browser');
  expect(text).toContain(`Job ordered,Job ${JMSNumber}`);
});

test('an administrator unlocks a locked user, who is told by e-mail and then signs in', async ({ page, browser }) => {
  await signIn(page, 'hv.admin');
  await settleNotice(page);
  await page.goto('/user?name=e2e.locked');
  const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').filter({ hasText: 'e2e.locked' });
  const badge = row.getByText('Locked', { exact: true });
  await expect(badge).toBeVisible();
  await row.getByRole('button', { name: /Unlock/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock account' });
  await dialog.getByRole('button', { name: 'Unlock account' }).click();
  await expect(page.getByText('The account e2e.locked was unlocked. The user has been sent an e-mail.')).toBeVisible();
  await expect(badge).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Unlock/ })).toHaveCount(0);
  const mail = await waitForMail('e2e.locked@example.com', { subject: /account was unlocked/ });
  expect(mail.text).toContain('was unlocked by your administrator (hv.admin)');

  const context = await browser.newContext();
  const user = await context.newPage();
  await signIn(user, 'e2e.locked');
  await context.close();

  await page.goto('/user/activity?kind=lockout');
  await expect(
    page.getByRole('table', { name: 'Activity' }).locator('tbody tr').filter({ hasText: 'Account unlocked' }).first(),
  ).toContainText('e2e.locked');
});

test('with "require two-factor", a user without an authenticator app must set one up before reaching /JobClient', async ({
  page,
  browser,
}) => {
  const enrol = async (p: Page, form = p.getByRole('form', { name: 'Set up an authenticator app' })) => {
    await p.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await form.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    await form.getByLabel('Code from the app').fill(await generate({ secret }));
    await form.getByRole('button', { name: 'Confirm' }).click();
    await expect(p.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await p.getByRole('button', { name: 'Done' }).click();
  };

  // The administrator sets up an app first (the policy asks for that), then requires it.
  await signIn(page, 'e2e.rb.admin');
  await settleNotice(page);
  await page.goto('/Settings');
  const policy = page.getByRole('form', { name: 'Security policy' });
  await policy.getByLabel('Require an authenticator app (two-factor) for every user').check();
  await policy.getByRole('button', { name: 'Save security policy' }).click();
  await expect(policy.getByText('To require an authenticator app, set one up for yourself first')).toBeVisible();
  await enrol(page);
  await expect(page.getByTestId('authenticator-status')).toContainText('An authenticator app is set up');
  await policy.getByLabel('Require an authenticator app (two-factor) for every user').check();
  await policy.getByRole('button', { name: 'Save security policy' }).click();
  await expect(policy.getByText('The security policy was saved.', { exact: false })).toBeVisible();

  // The user has no app: after the password and the e-mailed passcode, the set-up comes first.
  const context = await browser.newContext();
  const user = await context.newPage();
  await signIn(user, 'e2e.rb.user', undefined, { landing: (u) => u.pathname === '/TwoFactorSetup' });
  await expect(user.getByRole('heading', { level: 1, name: 'Set up an authenticator app' })).toBeVisible();
  await axe(user);
  await user.goto('/JobClient');
  await expect(user).toHaveURL((u) => u.pathname === '/TwoFactorSetup');
  expect((await user.request.post('/api/Job/JobsList/CurrentPage/1/PageSize/10', { data: {} })).status()).toBe(403);
  await enrol(user);
  await user.waitForURL(/\/JobClient$/);
  await settleNotice(user);
  await expect(user.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});
