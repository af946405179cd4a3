/**
 * User administration in the browser (issue 7) as ng.admin (Northgate Legal): creating a user who then
 * changes the first-time password and signs in with the mailed OTP; editing with the password toggle
 * (a recent password refused); deactivating a signed-in user (that user's session ends at once); finding
 * that user under the Status filter and reactivating them; inviting a user by e-mail, who sets their own
 * password through the mailed link and signs in (issue 26); and the User.csv download. Users created here are named e2e.* so reruns on the same database never collide.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, mailOf, settleNotice, signIn, submitCredentials } from './support/auth';
import { csvFile } from './support/csv';
import { holdNextNavigation, navigationTo } from './support/slow-scripts';
import { waitForMail } from './support/mailbox';

const MSG = {
  created: 'User created successfully.',
  updated: 'User updated successfully.',
  deactivateConfirm: 'Are you sure you want to deactivate this user ?',
  deactivated: 'User deactivated successfully.',
  firstTime: 'Please change your password to login for the first time.',
  reset: 'Your password has been reset. Please click here to login',
  reused: 'Cannot use last 10 passwords or similar.',
};
const FIRST = 'Tomato#Kiwi40';
const CHANGED = 'Pear#Olive5z2';
const ADMIN_SET = 'Mango#Lime7x9';
const stamp = Date.now().toString(36);
const NEW_USER = `e2e.new.${stamp}`;
const GONE_USER = `e2e.gone.${stamp}`;
const INVITED_USER = `e2e.inv.${stamp}`;
const PHONE_USER = `e2e.tel.${stamp}`;

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const filters = (page: Page) => page.getByRole('search', { name: 'User filters' });
const rowOf = (page: Page, userName: string) =>
  table(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: userName }) });

async function adminPage(page: Page): Promise<void> {
  await signIn(page, 'ng.admin');
  await settleNotice(page);
}

/** The first sign-in of a user whose password an administrator set: forced change, then OTP with the new one. */
async function firstSignIn(browser: Browser, userName: string, password: string, newPassword: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/SignIn');
  await submitCredentials(page, userName, password);
  await page.waitForURL(/\/ResetPassword\?url=[A-Za-z0-9_-]+&reason=first/);
  await expect(page.getByText(MSG.firstTime)).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /^(Change|Reset) password$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: MSG.reset })).toBeVisible();
  await signIn(page, userName, newPassword);
  return page;
}

test.describe.configure({ mode: 'serial' });

test.describe('user administration', () => {
  test('creates a user who changes the first-time password and signs in with the mailed OTP', async ({
    page,
    browser,
  }) => {
    await adminPage(page);
    await page.goto('/user');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(rowOf(page, 'ng.user')).toBeVisible();
    // The administrator's own row has no Deactivate.
    await expect(rowOf(page, 'ng.admin').getByRole('button', { name: /Deactivate/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Create user' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create New User' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create New User' });
    // A taken user name shows the exists flag when the field is left (case-insensitive).
    await form.getByLabel('User name').fill('NG.USER');
    await form.getByLabel('First name').focus();
    await expect(form.getByText('This user name already exists.')).toBeVisible();

    // "From user name" follows the user name each time it is pressed, not only the first time.
    await form.getByLabel('User name').fill(`${NEW_USER}.draft`);
    await form.getByRole('button', { name: 'From user name' }).click();
    await expect(form.getByLabel('E-mail')).toHaveValue(`${NEW_USER}.draft@example.com`);
    // Pressed straight after the change, while the user name still has the focus (its check runs on leaving it).
    await form.getByLabel('User name').fill(NEW_USER);
    await form.getByRole('button', { name: 'From user name' }).click();
    await expect(form.getByLabel('E-mail')).toHaveValue(`${NEW_USER}@example.com`);
    await form.getByLabel('First name').fill('Nora');
    await form.getByLabel('Last name').fill('Quill');
    await form.getByRole('button', { name: 'From user name' }).click();
    await expect(form.getByLabel('E-mail')).toHaveValue(`${NEW_USER}@example.com`);
    await expect(form.getByText('This user name already exists.')).toHaveCount(0);
    await form.getByLabel('Phone').fill('(02)9000-1234');
    await form.getByLabel('Role').selectOption({ label: 'Client User' });
    // Inviting is the default; setting a first-time password is the other choice.
    await expect(form.getByLabel(/Invite the person/)).toBeChecked();
    await form.getByLabel(/Invite the person/).uncheck();
    // The rules are checked in the browser before anything is sent.
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('abc12345');
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('abc12345');
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByText('The password must be at least 10 characters long.')).toBeVisible();
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(FIRST);
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(FIRST);
    await form.getByRole('button', { name: 'Create user' }).click();

    await page.waitForURL((u) => u.pathname === '/user' && u.searchParams.get('msg') === '1');
    await expect(page.getByText(MSG.created)).toBeVisible();
    // Newest first (spec §9: default sort column 1, direction 2).
    await expect(table(page).locator('tbody th[scope=row]').first()).toContainText(NEW_USER);
    await expect(rowOf(page, NEW_USER)).toContainText('Nora Quill');

    const user = await firstSignIn(browser, NEW_USER, FIRST, CHANGED);
    await expect(user.getByTestId('signed-in-user')).toContainText('Nora Quill');
    // A client user (role 3) does not manage users.
    await user.goto('/user');
    await expect(user).toHaveURL((u) => u.pathname === '/AccessDenied');
    await user.context().close();
  });

  test('edits a user; the password section is hidden until toggled, and a recent password is refused', async ({
    page,
    browser,
  }) => {
    await adminPage(page);
    await page.goto('/user');
    await filters(page).getByLabel('User name').fill(NEW_USER);
    await expect(page.getByText('Showing 1 to 1 of 1')).toBeVisible();
    await rowOf(page, NEW_USER).getByRole('link', { name: /Edit/ }).click();
    await expect(page).toHaveURL(/\/saveuser\?uD=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Edit User' });
    await expect(form.getByLabel('User name')).toHaveValue(NEW_USER);
    await expect(form.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);

    await form.getByLabel('Last name').fill('Quillon');
    await form.getByLabel('Role').selectOption({ label: 'Client Group2' });
    await form.getByLabel('Reset password').check();
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(CHANGED);
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(CHANGED);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert').filter({ hasText: MSG.reused })).toBeVisible();

    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(ADMIN_SET);
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(ADMIN_SET);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/user' && u.searchParams.get('msg') === '2');
    await expect(page.getByText(MSG.updated)).toBeVisible();
    await expect(rowOf(page, NEW_USER)).toContainText('Nora Quillon');
    await expect(rowOf(page, NEW_USER)).toContainText('Client Group2');

    // The password an administrator set is a first-time password: the user must change it.
    const user = await firstSignIn(browser, NEW_USER, ADMIN_SET, 'Plum#Fig8q2w');
    await user.context().close();
  });

  test('deactivating a signed-in user ends that user’s session at once', async ({ page, browser, request }) => {
    const token = await apiToken(request, 'ng.admin');
    const created = await request.post('/api/User/SaveUser', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        FirstName: 'Gus',
        LastName: 'Gone',
        EmailId: `${GONE_USER}@example.com`,
        Phone: '0290005555',
        UserName: GONE_USER,
        Role: 8,
        TimeZoneId: 'Australia/Sydney',
        NewPassword: FIRST,
        ConfirmPassword: FIRST,
      },
    });
    expect(await created.json()).toBe(1);
    const user = await firstSignIn(browser, GONE_USER, FIRST, CHANGED);

    await adminPage(page);
    await page.goto('/user');
    await rowOf(page, GONE_USER)
      .getByRole('button', { name: /Deactivate/ })
      .click();
    // The title names the user, the question is the spec's word for word; the buttons say what they do.
    const dialog = page.getByRole('dialog', { name: `Deactivate user: Gus Gone (${GONE_USER})`, exact: true });
    await expect(dialog.getByText(MSG.deactivateConfirm, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Deactivate user', exact: true }).click();
    await expect(page.getByText(MSG.deactivated)).toBeVisible();
    await expect(rowOf(page, GONE_USER)).toHaveCount(0);

    // The deactivated user's next page goes to the sign-in; the password no longer signs in: its holder is told
    // 'Credential does not exist.' (docs/decisions/007-sign-in-messages-and-feedback.md), and no OTP is sent.
    await user.goto('/JobClient');
    await expect(user).toHaveURL((u) => u.pathname === '/SignIn');
    await submitCredentials(user, GONE_USER, CHANGED);
    await expect(user.getByText('Credential does not exist.')).toBeVisible();
    await expect(user.getByRole('dialog', { name: 'Enter OTP' })).toHaveCount(0);
    await user.context().close();
  });

  test('finds the deactivated user under Status and reactivates them (issue 26)', async ({ page }) => {
    await adminPage(page);
    await page.goto('/user');
    await expect(rowOf(page, GONE_USER)).toHaveCount(0);
    await filters(page).getByLabel('Status').selectOption('deactivated');
    await page.waitForURL((u) => u.searchParams.get('status') === 'deactivated');
    const row = rowOf(page, GONE_USER);
    await expect(row).toContainText('Deactivated');
    // The user signed in once (first sign-in above): the list tells when; no authenticator app.
    await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(0);
    await row.getByRole('button', { name: /Reactivate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reactivate user' });
    await dialog.getByRole('button', { name: 'Reactivate user' }).click();
    await expect(page.getByText(`User ${GONE_USER} reactivated successfully.`)).toBeVisible();
    await expect(rowOf(page, GONE_USER)).toHaveCount(0);

    await filters(page).getByLabel('Status').selectOption('active');
    await page.waitForURL((u) => !u.searchParams.has('status'));
    await expect(rowOf(page, GONE_USER)).toContainText('Active');
  });

  test('takes a phone number as people write it, stored without spaces; an error shown on leaving a field moves nothing below it', async ({
    page,
  }) => {
    await adminPage(page);
    await page.goto('/saveuser');
    const form = page.getByRole('form', { name: 'Create New User' });
    const role = form.getByLabel('Role');
    const before = await role.boundingBox();
    await form.getByLabel('Phone').fill('12');
    await form.getByLabel('Phone').press('Tab');
    await expect(
      form.getByText('Please enter a valid phone number (4 to 16 characters: digits and ( ) - x +).'),
    ).toBeVisible();
    expect((await role.boundingBox())?.y).toBe(before?.y);

    await form.getByLabel('User name').fill(PHONE_USER);
    await form.getByLabel('First name').fill('Pia');
    await form.getByLabel('Last name').fill('Phone');
    await form.getByLabel('E-mail').fill(mailOf(PHONE_USER));
    await form.getByLabel('Phone').fill('0412 345 678');
    await form.getByLabel('Phone').press('Tab');
    await expect(form.getByText(/Please enter a valid phone number/)).toHaveCount(0);
    await role.selectOption({ label: 'Client User' });
    await form.getByLabel(/Invite the person/).setChecked(false);
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(FIRST);
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(FIRST);
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL((u) => u.pathname === '/user' && u.searchParams.get('msg') === '1');
    await expect(rowOf(page, PHONE_USER)).toContainText('0412345678');
  });

  test('invites a user by e-mail, who chooses a password through the mailed link and signs in (issue 26)', async ({
    page,
    browser,
    baseURL,
  }) => {
    await adminPage(page);
    await page.goto('/saveuser');
    const form = page.getByRole('form', { name: 'Create New User' });
    await form.getByLabel('User name').fill(INVITED_USER);
    await form.getByLabel('First name').fill('Ivy');
    await form.getByLabel('Last name').fill('Invitee');
    await form.getByLabel('E-mail').fill(mailOf(INVITED_USER));
    await form.getByLabel('Phone').fill('(02)9000-4321');
    await form.getByLabel('Role').selectOption({ label: 'Client User' });
    await form.getByLabel(/Invite the person/).check();
    await expect(form.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.waitForURL((u) => u.pathname === '/user' && u.searchParams.get('msg') === '3');
    await expect(page.getByText(/Invitation sent/)).toBeVisible();

    const mail = await waitForMail(mailOf(INVITED_USER), { subject: /invited to the JMS Portal/ });
    const link = /https?:\/\/\S+\/ResetPassword\?url=[A-Za-z0-9_-]+&reason=first/.exec(mail.text)?.[0] ?? '';
    expect(link).not.toBe('');
    const context = await browser.newContext();
    const user = await context.newPage();
    const target = new URL(link);
    await user.goto(new URL(`${target.pathname}${target.search}`, baseURL).toString());
    await user.getByRole('textbox', { name: 'New password', exact: true }).fill(CHANGED);
    await user.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(CHANGED);
    await user.getByRole('button', { name: /^(Change|Reset|Set) password$/ }).click();
    await expect(user.getByRole('status').filter({ hasText: MSG.reset })).toBeVisible();
    await signIn(user, INVITED_USER, CHANGED);
    await expect(user.getByTestId('signed-in-user')).toContainText('Ivy Invitee');
    await context.close();
  });

  test('a filter typed while the list of the role just chosen is still on its way keeps the role', async ({ page }) => {
    await adminPage(page);
    await page.goto('/user');
    await expect(rowOf(page, 'ng.user')).toBeVisible();
    const slow = await holdNextNavigation(page, /role=4/);
    await filters(page).getByLabel('Role').selectOption({ label: 'Client Administrator' });
    await slow.asked;
    const typed = navigationTo(page, /name=ng\./);
    await filters(page).getByLabel('User name').fill('ng.');
    await typed;
    slow.release();

    await page.waitForURL((u) => u.searchParams.get('role') === '4' && u.searchParams.get('name') === 'ng.');
    await expect(filters(page).getByLabel('Role').locator('option:checked')).toHaveText('Client Administrator');
    await expect(filters(page).getByLabel('User name')).toHaveValue('ng.');
    await expect(rowOf(page, 'ng.admin')).toBeVisible();
    await expect(rowOf(page, 'ng.user')).toHaveCount(0);
  });

  test('exports User.csv of the filtered list', async ({ page }) => {
    await adminPage(page);
    await page.goto('/user?name=ng.');
    await expect(rowOf(page, 'ng.admin')).toBeVisible();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('User.csv');
    const text = await csvFile(await download.path());
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('User Name,First Name,Last Name,E-mail,Phone,Role,Time Zone,Date Created');
    const names = lines.slice(1).map((l) => l.split(',')[0]);
    expect(names).toEqual(expect.arrayContaining(['ng.admin', 'ng.user']));
    expect(names.every((n) => n?.startsWith('ng.'))).toBe(true);
  });
});
