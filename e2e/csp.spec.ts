/**
 * The Content Security Policy (issue 18) holds on every page: each page answer carries a nonce-based policy, the
 * scripts Next.js renders carry that nonce, and nothing the portal does is refused by it — the captcha (a web
 * component solving in blob: workers), the OTP dialog, the notice, About, the guided tour (driver.js), the feedback
 * and actions menus, the phone menu. A violation is caught two ways: Chromium's console message ("Refused to …
 * because it violates the following Content Security Policy directive") and the document's
 * securitypolicyviolation event.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, submitCredentials } from './support/auth';

const USER = 'ng.admin';

interface Watch {
  violations: string[];
}

async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [] };
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create|frame)/i.test(m.text()))
      watch.violations.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (v: string) => watch.violations.push(`event: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation(
          `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
        );
      },
      true,
    );
  });
  return watch;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
}

async function expectPolicyOnPage(page: Page, url: string) {
  const res = await page.goto(url);
  const csp = res?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, `a nonce in the CSP of ${url}`).toBeTruthy();
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Every script the server rendered carries the nonce (the browser hides the attribute's value from the DOM API
  // but keeps it in the .nonce property).
  const nonces = await page.locator('script').evaluateAll((els) => els.map((s) => (s as HTMLScriptElement).nonce));
  expect(nonces.length).toBeGreaterThan(0);
  for (const n of nonces) expect(n, `script nonce on ${url}`).toBe(nonce);
  await settle(page);
}

test.describe('signed out', () => {
  test('every public page renders with its nonce and no violation', async ({ page }) => {
    const watch = await watchCsp(page);
    for (const url of [
      '/SignIn',
      '/signin',
      '/ForgotPassword',
      '/ResetNewPassword?url=not-a-valid-link',
      '/ResetPassword?url=not-a-valid-link&reason=first',
      '/termsofuse',
      '/privacystatement',
      '/error',
      '/AuthenticationError',
    ]) {
      await expectPolicyOnPage(page, url);
      await expect(page.locator('h1').first()).toBeVisible();
    }
    expect(watch.violations).toEqual([]);
  });

  test('the captcha loads and solves without a violation', async ({ page }) => {
    test.setTimeout(120_000);
    const watch = await watchCsp(page);
    await expectPolicyOnPage(page, '/SignIn');
    // An unknown name counts failures like a real account: the captcha appears after the third.
    const name = `csp.nobody.${Date.now()}`;
    for (let i = 1; i <= 3; i++) {
      await submitCredentials(page, name, `Not#TheRight${i}`);
      await expect(page.getByText(new RegExp(`You have only ${5 - i} login attempt`))).toBeVisible();
    }
    await expect(page.getByTestId('captcha')).toBeVisible();
    await expect(page.getByText('Robot check complete.')).toBeVisible({ timeout: 60_000 });
    expect(watch.violations).toEqual([]);
  });
});

test.describe('signed in', () => {
  test('the OTP dialog, the notice, every page, About, the tour, the menus and dialogs: no violation', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const watch = await watchCsp(page);
    await signIn(page, USER);
    // The first page of the session shows the notice.
    const notice = page.getByRole('dialog');
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Ok' }).click();
    await expect(notice).toBeHidden();

    for (const url of [
      '/JobClient',
      '/SaveJob',
      '/Invoice',
      '/user',
      '/saveuser',
      '/Settings',
      '/Help',
      '/AccessDenied?from=%2Fsomewhere',
    ]) {
      await expectPolicyOnPage(page, url);
      await expect(page.locator('h1').first()).toBeVisible();
    }

    // The job and invoice slips.
    for (const [list, slip] of [
      ['/JobClient', '/JobSlip?'],
      ['/Invoice', '/InvoiceSlip?'],
    ] as const) {
      await page.goto(list);
      const href = await page.locator(`a[href*="${slip}"]`).first().getAttribute('href');
      expect(href).toBeTruthy();
      await expectPolicyOnPage(page, href ?? slip);
    }

    // About.
    await page.goto('/Help');
    await page.getByRole('button', { name: 'About' }).click();
    await expect(page.getByRole('dialog', { name: 'About JMS Portal' }).getByTestId('build-number')).toBeVisible();
    await page.keyboard.press('Escape');

    // The guided tour (driver.js): its popover and overlay.
    await page.goto('/JobClient?tour=1');
    await expect(page.locator('.driver-popover')).toBeVisible();
    await page.locator('.driver-popover').getByRole('button', { name: /Next/ }).click();
    await settle(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('.driver-popover')).toBeHidden();

    // A row's actions menu and the feedback dialog of a delivered job (opened, not saved).
    await page.goto('/JobClient?status=8&size=50');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    let opened = false;
    for (let i = 0; i < (await rows.count()) && !opened; i++) {
      await rows
        .nth(i)
        .getByRole('button', { name: /^Actions for job/ })
        .click();
      const item = page.getByRole('menuitem', { name: /Leave feedback|View feedback/ }).first();
      if ((await item.count()) > 0) {
        await item.click();
        await expect(page.getByRole('dialog', { name: /^Feedback for job/ })).toBeVisible();
        await page.keyboard.press('Escape');
        opened = true;
      } else {
        await page.keyboard.press('Escape');
      }
    }
    expect(opened).toBe(true);

    // The phone menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/JobClient');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await settle(page);

    expect(watch.violations).toEqual([]);
  });
});
