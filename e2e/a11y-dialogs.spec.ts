/**
 * Accessibility of every dialog, menu and pop-up (issue 32): each is opened and axe-core runs with the WCAG 2.0/2.1
 * A and AA and WCAG 2.2 AA rules (and label-content-name-mismatch, e2e/support/ops.ts) while it is open, for client
 * users, client administrators and staff. And the page's polite live region is heard while a dialog is open: the
 * dialog hosts it (components/ui/Dialog.tsx), since a modal hides everything outside it from assistive technology.
 *
 * Every dialog, menu and pop-up of the portal, and the spec that checks it open with axe:
 *   Signed out
 *     Enter OTP (sign-in code), with an error ........................ this spec
 *     Account locked ............................................... this spec
 *   Client users and administrators (the shell)
 *     The notice (once per session) ................................ a11y.spec.ts
 *     Password expiry .............................................. this spec
 *     About JMS Portal ............................................. a11y.spec.ts
 *     The guided tour .............................................. a11y.spec.ts
 *     The phone menu ............................................... a11y.spec.ts
 *     Idle time-out warning (alert dialog) ......................... keyboard.spec.ts
 *     The notification bell's panel ................................ this spec; live.spec.ts at every width
 *     The search combobox's suggestions ............................ this spec; home.spec.ts
 *   The job list
 *     Status filter pop-up ......................................... this spec
 *     A row's Actions menu ......................................... this spec
 *     Leave feedback, with its error ............................... a11y.spec.ts, keyboard.spec.ts
 *     View feedback ................................................ this spec
 *     Save view, with its error .................................... views-reports.spec.ts at every width; this spec
 *     Rename view; Delete view (/JobClient/Views) .................. this spec
 *   A job slip
 *     Print job (showPrintDialog=1) ................................ this spec
 *     Cancel job / Request cancellation, with its error ............ this spec
 *   The order form (/SaveJob)
 *     A field's help pop-up: help-tips.spec.ts (on the `postgres` project's portal, which switches contextual help
 *     on; the embedded one leaves it off, shell.spec.ts); its markup is components/shell/HelpTip.test.tsx's
 *     The calendar of a date field ................................. this spec
 *     Matter reference suggestions ................................. this spec
 *     Time due warning ............................................. this spec
 *     Delete file .................................................. this spec
 *   Users (/user)
 *     Deactivate user .............................................. a11y.spec.ts
 *     Sign out everywhere (Unlock and Reactivate are the same dialog) this spec
 *   Staff (/Ops)
 *     Queue status filter pop-up ................................... this spec
 *     Suspend client ............................................... this spec
 *     Deactivate staff user ........................................ this spec
 *     Retire notice; Retire help text .............................. this spec
 *     Revoke API key (of a key made here) .......................... this spec
 *     Disable webhook endpoint (of an endpoint made here) .......... this spec
 *     Mark invoice paid ............................................ keyboard.spec.ts
 *     Status change, assignment, bulk actions, payments, invoices, suppliers, prices, webhooks and API keys are
 *     forms on their pages (no dialog): ops.spec.ts, ops-day.spec.ts, ops-admin.spec.ts, ops-webhooks.spec.ts and
 *     billing.spec.ts check those pages, with their errors and outcomes shown, at every width.
 *
 * Users: ng.admin (demo data; nothing is saved but a view it deletes again), e2e.dialogs (e2e/support/fixtures.ts: its
 * order draft is its own), e2e.idle (sign-in codes only), e2e.locked, e2e.expiry (signed in only), staff.admin (every
 * confirmation is cancelled, but for the API key and the webhook endpoint it makes: revoked and disabled again).
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  closeNoticeWhenShown,
  otpReference,
  regenerateOtp,
  settleNotice,
  signIn,
  submitCredentials,
} from './support/auth';
import { soonDue } from './support/due-soon';
import { expectNoViolations, expectReflowAt320 } from './support/ops';

test.describe.configure({ timeout: 120_000 });

/** Opens a dialog, checks it with axe, and leaves it by its cancel button (or Escape). */
async function checkDialog(
  page: Page,
  open: () => Promise<unknown>,
  dialog: Locator,
  what: string,
  leave?: Locator,
): Promise<void> {
  await open();
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, what);
  if (leave) await leave.click();
  else await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('signed out', () => {
  test('the sign-in code dialog, with its error, and the blocked notice have no violations', async ({ page }) => {
    await page.goto('/SignIn');
    await submitCredentials(page, 'e2e.idle');
    const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('Please enter OTP.')).toBeVisible();
    await expectNoViolations(page, 'the sign-in code dialog with an error');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/SignIn');
    await submitCredentials(page, 'e2e.locked');
    const blocked = page.getByRole('dialog', { name: 'Account locked' });
    await expect(blocked).toBeVisible();
    await expectNoViolations(page, 'the blocked notice');
  });
});

test.describe('a message said while a dialog is open', () => {
  test('is written to a live region inside the dialog, which assistive technology is not told to ignore', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/SignIn');
    await submitCredentials(page, 'e2e.idle');
    const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
    await expect(dialog).toBeVisible();
    await otpReference(page);
    // The code runs out on the page's clock; a new one may be asked for 10 s after the last (server time).
    await page.clock.fastForward('05:01');
    await expect(dialog.getByRole('button', { name: 'Regenerate OTP' })).toBeVisible();
    await regenerateOtp(dialog);
    // The confirmation is said through the page's polite live region (components/ui/announce.ts): where it was
    // written must be inside the open dialog and under no aria-hidden element (Radix hides the rest of the page).
    await page.clock.runFor(1_000);
    const said = page.locator('[data-said*="Successfully OTP sent."]');
    await expect(said).not.toHaveCount(0);
    const where = await said.evaluateAll((els) =>
      els.map((el) => ({
        inDialog: el.closest('[role="dialog"][data-state="open"]') !== null,
        hidden: el.closest('[aria-hidden="true"]') !== null,
      })),
    );
    expect(where, 'a live region that said it, inside the dialog and not hidden').toContainEqual({
      inDialog: true,
      hidden: false,
    });
  });
});

test.describe('a client administrator (ng.admin)', () => {
  test.describe.configure({ mode: 'serial' });
  let ctx: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    ctx = await browser.newContext();
    page = await ctx.newPage();
    await signIn(page, 'ng.admin');
    await settleNotice(page);
  });
  test.afterAll(async () => {
    await ctx.close();
  });

  test('the shell: the notification panel and the search suggestions have no violations', async () => {
    await page.goto('/JobClient');
    const bell = page.getByTestId('notification-bell');
    await checkDialog(
      page,
      () => bell.click(),
      page.getByRole('dialog', { name: 'Notifications' }),
      'the notification panel',
    );
    await expect(bell).toBeFocused();

    const reference = (
      await page.getByRole('table', { name: 'Jobs' }).locator('a[href^="/Matter?ref="]').first().innerText()
    ).trim();
    const box = page.getByRole('combobox', { name: 'Find a matter, job or invoice' });
    await box.fill(reference);
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectNoViolations(page, 'the search suggestions');
    await box.fill('');
  });

  test('the job list: the status filter, a row’s Actions menu and View feedback have no violations', async () => {
    await page.goto('/JobClient');
    const filters = page.getByRole('search', { name: 'Job filters' });
    const status = filters.getByRole('button', { name: /^Status/ });
    await checkDialog(
      page,
      () => status.click(),
      page.getByRole('dialog').filter({ has: page.getByRole('group', { name: 'Job status' }) }),
      'the status filter',
    );

    const rows = page.getByRole('table', { name: 'Jobs' }).locator('tbody tr');
    await rows
      .first()
      .getByRole('button', { name: /^Actions for job/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, 'a row’s Actions menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    // A delivered job with feedback: View feedback.
    await page.goto('/JobClient?status=8&size=50');
    await expect(rows.first()).toBeVisible();
    let opened = false;
    for (let i = 0; i < (await rows.count()) && !opened; i++) {
      await rows
        .nth(i)
        .getByRole('button', { name: /^Actions for job/ })
        .click();
      await expect(page.getByRole('menuitem', { name: 'View job slip' })).toBeVisible();
      const view = page.getByRole('menuitem', { name: 'View feedback' });
      if ((await view.count()) > 0) {
        await view.click();
        opened = true;
      } else await page.keyboard.press('Escape');
    }
    expect(opened, 'a delivered job with feedback').toBe(true);
    const dialog = page.getByRole('dialog', { name: /^Feedback for job/ });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, 'View feedback');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('saved views: Save view with its error, Rename view and Delete view have no violations', async () => {
    const name = `Dialogs ${Date.now().toString(36)}`;
    await page.goto('/JobClient');
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save view' });
    await save.getByRole('button', { name: 'Save view' }).click();
    await expect(save.getByText('Enter a name for the view.')).toBeVisible();
    await expectNoViolations(page, 'Save view with an error');
    await save.getByRole('textbox', { name: 'Name' }).fill(name);
    await save.getByRole('button', { name: 'Save view' }).click();
    await expect(save).toBeHidden();

    await page.goto('/JobClient/Views');
    const rename = page.getByRole('dialog', { name: 'Rename view' });
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await expect(rename).toBeVisible();
    await rename.getByRole('textbox', { name: 'Name' }).fill('');
    await rename.getByRole('button', { name: /^(Rename|Save)/ }).click();
    await expect(rename.locator('[aria-invalid="true"]')).toHaveCount(1);
    await expectNoViolations(page, 'Rename view with an error');
    await page.keyboard.press('Escape');
    await expect(rename).toBeHidden();

    const remove = page.getByRole('dialog', { name: 'Delete view' });
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(remove).toBeVisible();
    await expectNoViolations(page, 'Delete view');
    await remove.getByRole('button', { name: 'Delete view' }).click();
    await expect(remove).toBeHidden();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  });

  test('a job slip: Print job and Cancel job (with its error) have no violations', async () => {
    await page.goto('/JobClient?size=50');
    const hrefs = await page
      .getByRole('table', { name: 'Jobs' })
      .locator('tbody a[href*="/JobSlip?"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    await page.goto(`${hrefs[0]}&showPrintDialog=1`);
    const print = page.getByRole('dialog', { name: 'Print job' });
    await expect(print).toBeVisible();
    await expectNoViolations(page, 'Print job');
    await print.getByRole('button', { name: 'Cancel' }).click();
    await expect(print).toBeHidden();

    let cancelled = false;
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.locator('h1')).toBeVisible();
      const ask = page.getByRole('button', { name: /^(Cancel job|Request cancellation)$/ });
      if ((await ask.count()) === 0) continue;
      await ask.click();
      const dialog = page.getByRole('dialog', { name: /^(Cancel job|Request cancellation)$/ });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: /^(Cancel job|Send request)$/ }).click();
      await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, 'Cancel job with an error');
      await dialog.getByRole('button', { name: 'Keep the job' }).click();
      await expect(dialog).toBeHidden();
      cancelled = true;
      break;
    }
    expect(cancelled, 'a job the user may cancel').toBe(true);
  });

  test('users: Sign out everywhere has no violations', async () => {
    await page.goto('/user');
    const table = page.getByRole('table', { name: 'Users' });
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
    await checkDialog(
      page,
      () =>
        table
          .getByRole('button', { name: /^Sign out user/ })
          .first()
          .click(),
      dialog,
      'Sign out everywhere',
      dialog.getByRole('button', { name: 'Cancel' }),
    );
  });
});

test.describe('an orderer (e2e.dialogs)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'e2e.dialogs');
    await settleNotice(page);
  });

  test('the order form: a calendar, matter suggestions, the time due warning and Delete file have no violations', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/SaveJob');
    const type = page.getByRole('combobox', { name: 'Order type', exact: true });
    await expect(type).toBeEnabled({ timeout: 30_000 });
    await type.selectOption({ label: 'Consulting' });
    const matter = page.getByRole('combobox', { name: 'Matter reference' });
    await matter.fill('CL-2024');
    await expect(page.getByRole('listbox', { name: 'Matter reference suggestions' })).toBeVisible();
    await expectNoViolations(page, 'the matter reference suggestions');
    await matter.fill('CL-2024-0100');
    await page.keyboard.press('Escape');

    const calendar = page.getByRole('button', { name: 'Choose ready date' });
    await checkDialog(
      page,
      () => calendar.click(),
      page.getByRole('dialog', { name: 'Choose ready date' }),
      'the calendar',
    );

    await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412345678');
    await page
      .getByRole('textbox', { name: 'Instructions', exact: true })
      .fill('Opened by the dialogs e2e test; never saved.');
    const { ready, due } = await soonDue();
    await page.getByRole('textbox', { name: 'Ready date', exact: true }).fill(ready.date);
    await page.getByRole('combobox', { name: 'Ready time', exact: true }).selectOption(ready.time);
    await page.getByRole('textbox', { name: 'Requested due date', exact: true }).fill(due.date);
    await page.getByRole('combobox', { name: 'Requested due time', exact: true }).selectOption(due.time);
    await page.getByRole('button', { name: 'Next' }).click();
    const warning = page.getByRole('dialog', { name: 'Time due warning' });
    await expect(warning).toBeVisible();
    await expectNoViolations(page, 'the time due warning');
    await warning.getByRole('button', { name: 'Keep this due time' }).click();
    await expect(page.getByRole('heading', { name: 'Step 2 of 2: Consulting details' })).toBeVisible();

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'dialogs.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20_000, 1) });
    const del = page.getByRole('button', { name: 'Delete file dialogs.pdf' });
    const confirm = page.getByRole('dialog', { name: 'Delete file' });
    await checkDialog(
      page,
      () => del.click(),
      confirm,
      'Delete file',
      confirm.getByRole('button', { name: 'Delete file' }),
    );
    await expect(del).toHaveCount(0);
  });
});

test.describe('a client user whose password expires soon (e2e.expiry)', () => {
  test('the password expiry notice has no violations', async ({ page }) => {
    await signIn(page, 'e2e.expiry');
    const notice = page.getByRole('dialog', { name: 'Password expiry' });
    await expect(notice.getByTestId('password-expiry-notice')).toBeVisible();
    await expectNoViolations(page, 'the password expiry notice');
    await notice.getByRole('button', { name: 'Ok' }).click();
    await expect(notice).toBeHidden();
  });
});

test.describe('the staff area (staff.admin)', () => {
  test.describe.configure({ mode: 'serial' });
  let ctx: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    ctx = await browser.newContext();
    page = await ctx.newPage();
    await signIn(page, 'staff.admin', undefined, { landing: /\/Ops$/ });
    await closeNoticeWhenShown(page);
  });
  test.afterAll(async () => {
    await ctx.close();
  });

  test('every staff page fits 320 px without scrolling sideways (WCAG 1.4.10: 400% zoom of 1280 px)', async () => {
    await expectReflowAt320(page, [
      '/Ops',
      '/Ops/Jobs',
      '/Ops/Clients',
      '/Ops/Clients/New',
      '/Ops/Invoices',
      '/Ops/Invoices/New',
      '/Ops/Invoices/Supplier',
      '/Ops/Notices',
      '/Ops/Staff',
      '/Ops/Staff/Edit',
      '/Ops/ApiKeys',
      '/Ops/Webhooks',
      '/Ops/Webhooks/Edit',
    ]);
  });

  test('the queue’s status filter has no violations', async () => {
    await page.goto('/Ops/Jobs');
    const status = page.getByRole('button', { name: /^Status/ }).first();
    await checkDialog(
      page,
      () => status.click(),
      page.getByRole('dialog').filter({ has: page.getByRole('group', { name: 'Job status' }) }),
      'the queue’s status filter',
    );
  });

  /** A row action's confirmation on a staff page: opened, checked, cancelled (nothing changes). */
  async function checkConfirm(url: string, button: RegExp, title: string): Promise<void> {
    await page.goto(url);
    await expect(page.locator('h1')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: title });
    await checkDialog(
      page,
      () => page.getByRole('button', { name: button }).first().click(),
      dialog,
      `${title} on ${url}`,
      dialog.getByRole('button', { name: 'Cancel' }),
    );
  }

  test('Suspend client has no violations', async () => {
    await page.goto('/Ops/Clients');
    const href = await page.locator('a[href*="/Ops/Clients/View?"]').first().getAttribute('href');
    expect(href).toBeTruthy();
    await checkConfirm(href ?? '', /^Suspend client$/, 'Suspend client');
  });

  test('Deactivate staff user, Retire notice and Retire help text have no violations', async () => {
    await checkConfirm('/Ops/Staff', /^Deactivate/, 'Deactivate staff user');
    await checkConfirm('/Ops/Notices', /^Retire: notice/, 'Retire notice');
    await checkConfirm('/Ops/Notices', /^Retire: help text/, 'Retire help text');
  });

  test('Revoke API key and Disable endpoint, of a key and an endpoint made here, have no violations', async () => {
    const stamp = Date.now().toString(36);
    await page.goto('/Ops/ApiKeys');
    const form = page.getByRole('form', { name: 'New API key' });
    await page.waitForLoadState('networkidle');
    await form.getByRole('textbox', { name: 'Name' }).fill(`Dialogs ${stamp}`);
    await form.getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Create API key' }).click();
    const revoke = page.getByRole('button', { name: `Revoke: Dialogs ${stamp}` });
    await expect(revoke).toBeVisible();
    const revokeDialog = page.getByRole('dialog', { name: 'Revoke API key' });
    await checkDialog(
      page,
      () => revoke.click(),
      revokeDialog,
      'Revoke API key',
      revokeDialog.getByRole('button', { name: 'Revoke API key' }),
    );
    await expect(revoke).toHaveCount(0);

    // Nothing listens there (port 9, discard): the endpoint is disabled again at once.
    const url = `http://127.0.0.1:9/dialogs-${stamp}`;
    await page.goto('/Ops/Webhooks/Edit');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.waitForURL((u) => u.pathname === '/Ops/Webhooks/Endpoint');
    await page.goto('/Ops/Webhooks');
    const disable = page.getByRole('button', { name: `Disable: ${url}` });
    const disableDialog = page.getByRole('dialog', { name: 'Disable endpoint' });
    await checkDialog(
      page,
      () => disable.click(),
      disableDialog,
      'Disable endpoint',
      disableDialog.getByRole('button', { name: 'Disable endpoint' }),
    );
    await expect(page.getByRole('button', { name: `Enable: ${url}` })).toBeVisible();
  });
});
