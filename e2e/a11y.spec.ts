/**
 * Accessibility (issue 8): axe-core with the WCAG 2.0/2.1 A and AA and WCAG 2.2 AA rules on every
 * page a user can reach, signed out and signed in (as ng.admin, who sees every screen), with the
 * shell's dialogs open, on a desktop and on a phone. Zero violations. The staff area is checked the same way, at
 * each width, by ops.spec.ts and ops-admin.spec.ts (e2e/support/ops.ts); the idle time-out warning, the feedback
 * dialog by keyboard and the staff area's Mark paid confirmation by keyboard.spec.ts (issue 32).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expectNoViolations, expectReflowAt320 } from './support/ops';

const USER = 'ng.admin';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const PUBLIC_PAGES = [
  '/SignIn',
  '/ForgotPassword',
  '/ResetNewPassword?url=not-a-valid-link',
  '/termsofuse',
  '/privacystatement',
  '/accessibility',
  '/error',
  '/AuthenticationError',
];
const PORTAL_PAGES = [
  '/JobClient',
  '/SaveJob',
  '/Invoice',
  '/Statement',
  '/Reports',
  '/JobClient/Views',
  '/user',
  '/user/activity',
  '/saveuser',
  '/Settings',
  '/Help',
  '/AccessDenied?from=%2Fsomewhere',
];

test.describe('signed out', () => {
  test('every page fits 320 px without scrolling sideways', async ({ page }) => {
    await expectReflowAt320(page, PUBLIC_PAGES);
  });

  for (const url of PUBLIC_PAGES) {
    test(`${url} has no violations`, async ({ page }) => {
      await page.goto(url);
      await expectNoViolations(page, url);
    });
  }

  test('the browser warning has no violations', async ({ browser }) => {
    const ctx = await browser.newContext({ userAgent: FIREFOX });
    const page = await ctx.newPage();
    await page.goto('/termsofuse');
    await expect(page.getByTestId('browser-warning')).toBeVisible();
    await expectNoViolations(page, 'the browser warning');
    await ctx.close();
  });
});

test.describe('signed in', () => {
  let ctx: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    ctx = await browser.newContext();
    page = await ctx.newPage();
    await signIn(page, USER);
  });
  test.afterAll(async () => {
    await ctx.close();
  });

  test('the notice has no violations', async () => {
    // signIn landed on /JobClient, the first page of the session: the notice is open there.
    const notice = page.getByRole('dialog');
    await expect(notice).toBeVisible();
    await expectNoViolations(page, 'the notice');
    await notice.getByRole('button', { name: 'Ok' }).click();
    await expect(notice).toBeHidden();
  });

  for (const url of PORTAL_PAGES) {
    test(`${url} has no violations`, async () => {
      await page.goto(url);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoViolations(page, url);
    });
  }

  test('every page fits 320 px without scrolling sideways', async () => {
    await expectReflowAt320(page, PORTAL_PAGES);
  });

  test('a job slip and an invoice slip have no violations', async () => {
    for (const [list, slip] of [
      ['/JobClient', '/JobSlip?'],
      ['/Invoice', '/InvoiceSlip?'],
    ] as const) {
      await page.goto(list);
      const href = await page.locator(`a[href*="${slip}"]`).first().getAttribute('href');
      expect(href, `a link to ${slip} on ${list}`).toBeTruthy();
      await page.goto(href ?? slip);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoViolations(page, slip);
    }
  });

  test('the deactivate confirmation has no violations', async () => {
    await page.goto('/user');
    const deactivate = page
      .getByRole('table', { name: 'Users' })
      .getByRole('button', { name: /^Deactivate/ })
      .first();
    await deactivate.click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate user' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectNoViolations(page, 'the deactivate confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the feedback dialog, with its error shown, has no violations', async () => {
    await page.goto('/JobClient?status=8&size=50');
    const rows = page.getByRole('table', { name: 'Jobs' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    let opened = false;
    for (let i = 0; i < (await rows.count()) && !opened; i++) {
      await rows
        .nth(i)
        .getByRole('button', { name: /^Actions for job/ })
        .click();
      const leave = page.getByRole('menuitem', { name: 'Leave feedback' });
      await expect(page.getByRole('menuitem', { name: 'View job slip' })).toBeVisible();
      if ((await leave.count()) > 0) {
        await leave.click();
        opened = true;
      } else await page.keyboard.press('Escape');
    }
    expect(opened, 'a delivered job without feedback').toBe(true);
    const dialog = page.getByRole('dialog', { name: /^Feedback for job/ });
    await dialog.getByRole('button', { name: 'Save feedback' }).click();
    await expect(dialog.getByRole('radiogroup', { name: 'Rating' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'the feedback dialog with an error');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the About dialog has no violations', async () => {
    await page.goto('/Help');
    await page.getByRole('button', { name: 'About' }).click();
    const dialog = page.getByRole('dialog', { name: 'About JMS Portal' });
    await expect(dialog.getByTestId('build-number')).toBeVisible();
    await expectNoViolations(page, 'the About dialog');
    await page.keyboard.press('Escape');
  });

  test('the guided tour has no violations', async () => {
    await page.goto('/JobClient?tour=1');
    await expect(page.locator('.driver-popover')).toBeVisible();
    await expectNoViolations(page, 'the guided tour');
    await page.keyboard.press('Escape');
    await expect(page.locator('.driver-popover')).toBeHidden();
  });

  test('the phone layout with the menu open has no violations', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/JobClient');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectNoViolations(page, '/JobClient on a phone, menu open');
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
