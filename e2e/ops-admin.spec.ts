/**
 * The staff sections of issue 13 items 6 to 9: clients, invoices, notices and help texts, staff users. Every
 * page fits 1280, 1024 and 390 px and is axe-clean (with a form's errors shown too); staff schedule, change and
 * retire a notice; staff users are role 1's alone; a staff user made here signs in.
 * Demo users consumed here: staff.admin, staff.operator (signed in only).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn, submitCredentials } from './support/auth';
import { checkOpsPage as checkStaffPage, expectNoViolations } from './support/ops';

const stamp = Date.now().toString(36);

// Slow machines: each test signs in and walks several pages.
test.describe.configure({ timeout: 120_000 });

test.describe('provider administrator (role 1)', () => {
  let ctx: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ctx = await browser.newContext();
    page = await ctx.newPage();
    await signIn(page, 'staff.admin', undefined, { landing: /\/Ops$/ });
  });
  test.afterAll(async () => {
    await ctx.close();
  });

  test('the staff navigation has every section', async () => {
    await page.goto('/Ops');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    for (const name of ['Clients', 'Invoices', 'Notices and help', 'Webhooks', 'Staff users', 'API keys'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
  });

  for (const url of [
    '/Ops/Clients',
    '/Ops/Clients/New',
    '/Ops/Invoices',
    '/Ops/Invoices/New',
    '/Ops/Notices',
    '/Ops/Staff',
    '/Ops/Staff/Edit',
    '/Ops/ApiKeys',
    '/Ops/Webhooks',
    '/Ops/Webhooks/Edit',
  ]) {
    test(`${url} fits 1280, 1024 and 390 px and is axe-clean`, async () => {
      test.setTimeout(120_000);
      await checkStaffPage(page, url);
    });
  }

  test('forms show the shared schema’s messages before anything is sent, axe-clean', async () => {
    await page.goto('/Ops/Invoices/New');
    await page.getByRole('textbox', { name: 'Line 1 stock code' }).fill('EZ999');
    await page.getByRole('textbox', { name: 'Line 1 quantity' }).fill('10.5');
    // Leaving the field shows its message (the button moves down under it before it is clicked).
    await page.getByRole('textbox', { name: 'Line 1 amount' }).focus();
    await expect(page.getByText('Stock code EZ999 counts sheets of paper: please enter a whole number.')).toBeVisible();
    await page.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(page.getByText('Please choose a client.')).toBeVisible();
    await expect(page.getByText('Please enter at least one job number.')).toBeVisible();
    // Focus moves to the first field to fix (components/ui/focus-invalid.ts).
    await expect(page.getByRole('combobox', { name: 'Client' })).toBeFocused();
    await expectNoViolations(page, '/Ops/Invoices/New with errors');

    await page.goto('/Ops/Clients/New');
    await page.getByRole('button', { name: 'Create client' }).click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();
    await expectNoViolations(page, '/Ops/Clients/New with errors');
  });

  test('edits a client’s details in the form that created it; the edit page fits every width, axe-clean', async () => {
    test.setTimeout(150_000);
    const name = `Edited ${stamp} Lawyers`;
    await page.goto('/Ops/Clients/New');
    await page.getByLabel('Client name').fill(name);
    await page.getByLabel('Account number').fill(`ED-${stamp}`);
    await page.getByLabel('Branch 1 label').fill('Head office');
    await page.getByLabel('Branch 1 address').fill('1 Edit Street, Sydney NSW 2000');
    await page.getByLabel('City 1').fill('Sydney');
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.waitForURL(/\/Ops\/Clients\/View\?cD=/);

    await page.getByRole('link', { name: 'Edit details' }).click();
    await page.waitForURL(/\/Ops\/Clients\/Edit\?cD=/);
    await checkStaffPage(page, page.url());
    await expect(page.getByLabel('Branch 1 label')).toHaveValue('Head office');
    await page.getByLabel('Client name').fill(`${name} & Co`);
    await page.getByLabel('Branch 1 label').fill('Head office (Level 2)');
    await page.getByRole('button', { name: 'Add city' }).click();
    await page.getByRole('textbox', { name: 'City 2' }).fill('Newcastle');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/Ops\/Clients\/View\?cD=.*msg=2/);
    await expect(page.getByText('The client has been saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${name} & Co` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Branch addresses' })).toContainText('Head office (Level 2)');
  });

  test('creates an API key shown once, which calls /api/v1 until it is revoked', async () => {
    const name = `E2E integration ${stamp}`;
    await page.goto('/Ops/ApiKeys');
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByRole('button', { name: 'Create API key' }).click();
    await expect(form.getByText('Please choose at least one scope.')).toBeVisible();
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: 'jobs:read' }).check();
    await form.getByRole('button', { name: 'Create API key' }).click();
    const shown = page.getByRole('textbox', { name: 'The new API key' });
    await expect(shown).toHaveValue(/^jms_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const key = await shown.inputValue();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Never');
    await expect(row).toContainText(key.slice(0, 17));
    await expect(row).not.toContainText(key.slice(17));

    const changes = await page.request.get('/api/v1/jobs/changes?limit=1', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(changes.status()).toBe(200);
    await page.reload();
    await expect(row).not.toContainText('Never');
    // Shown once: after a reload the key is nowhere on the page.
    await expect(page.getByText(key)).toHaveCount(0);

    await page.getByRole('button', { name: `Revoke: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke API key' }).click();
    await expect(row).toContainText('Revoked');
    const refused = await page.request.get('/api/v1/jobs/changes', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()['content-type']).toBe('application/problem+json');
  });

  test('creates a staff operator who signs in like everyone: first a new password, then the OTP', async ({
    browser,
  }) => {
    const userName = `e2e.staff.${stamp}`;
    await page.goto('/Ops/Staff');
    await page.getByRole('link', { name: 'New staff user' }).click();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Shift');
    await page.getByLabel('E-mail').fill(`${userName}@example.com`);
    await page.getByLabel('Phone').fill('(02)9000-7777');
    await page.getByLabel('User name').fill(userName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Lantern#Quay4821');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Lantern#Quay4821');
    await page.getByRole('button', { name: 'Create staff user' }).click();
    await page.waitForURL((u) => u.pathname === '/Ops/Staff' && u.searchParams.get('msg') === '1');
    await expect(page.getByRole('cell', { name: userName, exact: true })).toBeVisible();

    const other = await browser.newContext();
    const p = await other.newPage();
    await p.goto('/SignIn');
    await submitCredentials(p, userName, 'Lantern#Quay4821');
    await p.waitForURL(/\/ResetPassword\?url=[A-Za-z0-9_-]+&reason=first/);
    await p.getByRole('textbox', { name: 'New password', exact: true }).fill('Harbour#Wren5938');
    await p.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Harbour#Wren5938');
    await p.getByRole('button', { name: /^(Change|Reset) password$/ }).click();
    await expect(p.getByRole('status')).toContainText('Your password has been reset');
    await signIn(p, userName, 'Harbour#Wren5938', { landing: /\/Ops$/ });
    await expect(p.getByTestId('signed-in-user')).toContainText('Provider operator');
    // An operator is refused the staff users and the API keys.
    await p.goto('/Ops/Staff');
    await expect(p).toHaveURL((u) => u.pathname === '/AccessDenied');
    await p.goto('/Ops/ApiKeys');
    await expect(p).toHaveURL((u) => u.pathname === '/AccessDenied');
    await other.close();

    // Deactivated: the session ends.
    await page.goto('/Ops/Staff');
    await page.getByRole('button', { name: `Deactivate: ${userName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate staff user' }).click();
    await expect(page.getByRole('row').filter({ hasText: userName })).toContainText('Deactivated');
  });
});

// Notices are portal-wide: this one is scheduled for next year, so no other spec's user ever sees it. That a changed
// notice shows again to users who switched it off is proven in lib/notices/manage.db.test.ts.
test('staff create, schedule, change and retire a notice', async ({ browser }) => {
  const title = `E2E notice ${stamp}`;
  const next = new Date().getFullYear() + 1;
  const staff = await browser.newContext();
  const s = await staff.newPage();
  await signIn(s, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await s.goto('/Ops/Notices');
  const form = s.getByRole('form', { name: 'New notice' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill('The registry closes at noon on Friday.');
  await form.getByLabel('Show from').fill(`${next}-01-02T09:00`);
  await form.getByLabel('Show until').fill(`${next}-01-01T09:00`);
  await form.getByRole('button', { name: 'Create notice' }).click();
  await expect(form.getByText('The end must be after the start.')).toBeVisible();
  await form.getByLabel('Show until').fill(`${next}-01-03T09:00`);
  await form.getByRole('button', { name: 'Create notice' }).click();
  const row = s.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText(`02-Jan-${next} 09:00 AM`);

  await s.getByRole('link', { name: `Edit notice ${title}` }).click();
  const edit = s.getByRole('form', { name: 'Edit notice' });
  await expect(edit.getByLabel('Show from')).toHaveValue(`${next}-01-02T09:00`);
  await edit.getByLabel('Content').fill('The registry now closes at 11 am on Friday.');
  await edit.getByRole('button', { name: 'Save notice' }).click();
  await expect(edit.getByText('Notice saved.')).toBeVisible();
  await expect(row).toContainText('The registry now closes at 11 am on Friday.');

  await s.getByRole('button', { name: `Retire: notice ${title}` }).click();
  await s.getByRole('dialog').getByRole('button', { name: 'Retire notice' }).click();
  await expect(row).toContainText('Retired');
  await staff.close();
});
