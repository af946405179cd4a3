/**
 * The portal shell (issue 8): route aliases and unknown paths, the legal and error pages, the
 * browser check, error reporting, and — signed in as hv.legal — navigation, About, the notice
 * once per session and its Save, the guided tour, contextual help (off by default).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { MSG } from '../lib/messages';
import { signIn } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';

const USER = 'hv.legal';
const SUPPORT = 'support@jms.example.com';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const OPERA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const path = (page: Page) => new URL(page.url()).pathname;
const notice = (page: Page) => page.getByRole('dialog', { name: 'Holiday season service hours' });

/** Waits for the page's own requests to settle (bounded: a lingering prefetch must not stall the test). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
}

/** Proves the signed-in shell is hydrated and answering: About opens and closes. */
async function interactive(page: Page) {
  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByRole('dialog', { name: 'About JMS Portal' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'About JMS Portal' })).toBeHidden();
}

test.describe('signed out', () => {
  test('sign-in answers at /SignIn and /signin, and the old hash links reach their pages', async ({ page }) => {
    for (const p of ['/SignIn', '/signin']) {
      await page.goto(p);
      expect(path(page)).toBe(p);
      await expect(page.locator('input[type="password"]')).toBeVisible();
    }
    await page.goto('/#/SignIn');
    await page.waitForURL((u) => u.pathname === '/SignIn');
    await expect(page.locator('input[type="password"]')).toBeVisible();
    await page.goto('/#/ForgotPassword');
    await page.waitForURL((u) => u.pathname === '/ForgotPassword');
  });

  test('unknown paths go to /; unknown api paths answer a JSON 404', async ({ page, request }) => {
    for (const p of ['/no-such-page', '/nowhere/x/y', '/jobclient']) {
      await page.goto(p);
      expect(path(page)).toBe('/');
    }
    for (const method of ['GET', 'POST'] as const) {
      const res = await request.fetch('/api/No/Such/Call', { method, maxRedirects: 0 });
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual({ error: { status: 404, message: 'Not found.' } });
    }
  });

  test('terms, privacy and the error pages are public and link onwards', async ({ page }) => {
    await page.goto('/termsofuse');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy statement' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy statement' })).toBeVisible();
    await page.goto('/error');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await page.goto('/AuthenticationError');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.waitForURL((u) => u.pathname === '/SignIn');
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/termsofuse');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});

test.describe('browser check', () => {
  async function warningFor(browser: Browser, userAgent: string | undefined) {
    const ctx = await browser.newContext(userAgent ? { userAgent } : {});
    const page = await ctx.newPage();
    await page.goto('/termsofuse');
    await settled(page);
    const shown = await page.getByText(MSG.browserWarning, { exact: true }).count();
    await ctx.close();
    return shown;
  }

  test('Firefox and Opera see the warning, word for word', async ({ browser }) => {
    expect(await warningFor(browser, FIREFOX)).toBe(1);
    expect(await warningFor(browser, OPERA)).toBe(1);
  });

  test('Chrome, Edge and Safari do not', async ({ browser }) => {
    expect(await warningFor(browser, undefined)).toBe(0);
    expect(await warningFor(browser, EDGE)).toBe(0);
    expect(await warningFor(browser, SAFARI)).toBe(0);
  });
});

test.describe('errors', () => {
  test('an uncaught script error is reported to support and shows /error without details', async ({ page }) => {
    const id = `e2e-${Date.now().toString(36)}`;
    await page.goto('/termsofuse');
    await settled(page);
    // Framework noise is ignored: the page stays.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('ResizeObserver loop completed with undelivered notifications.');
      });
    });
    // A real failure in an event handler: nothing catches it but the portal's listener.
    await page.evaluate((tag) => {
      setTimeout(() => {
        throw new TypeError(`induced failure ${tag}`);
      });
    }, id);
    await page.waitForURL((u) => u.pathname === '/error');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(id);

    const mail = await waitForMail(SUPPORT, { subject: new RegExp(`induced failure ${id}`) });
    expect(mail.text).toContain(`Message: TypeError: induced failure ${id}`);
    expect(mail.text).toContain('URL: /termsofuse');
    expect(mail.text).toMatch(/StackTrace:\s*\S/);
    expect((await messagesTo(SUPPORT)).some((m) => /ResizeObserver/.test(m.subject))).toBe(false);
  });

  test('an unhandled promise rejection is reported the same way', async ({ page }) => {
    const id = `e2e-${Date.now().toString(36)}-rejection`;
    await page.goto('/privacystatement');
    await settled(page);
    await page.evaluate((tag) => {
      void Promise.reject(new Error(`rejected ${tag}`));
    }, id);
    await page.waitForURL((u) => u.pathname === '/error');
    await waitForMail(SUPPORT, { subject: new RegExp(`rejected ${id}`) });
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

  test('the notice pops up after sign-in, Ok closes it, and it stays closed for the session', async () => {
    // signIn landed on /JobClient: the first page of the session shows the notice.
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText('Our registries close at 1 pm on 24 December');
    await page.getByRole('button', { name: 'Ok' }).click();
    await expect(notice(page)).toBeHidden();
    for (const p of ['/JobClient', '/Help']) {
      await page.goto(p);
      await interactive(page);
      await expect(notice(page)).toHaveCount(0);
    }
  });

  test('the header shows the user, the navigation of the role, and marks the current page', async () => {
    await page.goto('/Help');
    await expect(page.getByTestId('signed-in-user')).toContainText('Riley Smith');
    await expect(page.getByTestId('signed-in-user')).toContainText('Harbour & Vale Lawyers');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Jobs', 'New job', 'Invoices', 'Settings', 'Help']);
    await expect(nav.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/SignOut');
  });

  test('the menu collapses behind a button on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/Help');
      const menu = page.getByRole('button', { name: 'Menu' });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
      await page.waitForURL((u) => u.pathname === '/JobClient');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  test('About shows the build, the year and the legal links, and gives focus back', async () => {
    await page.goto('/Help');
    const build = await (await page.request.get('/api/Settings/GetApplicationBuildDetails')).json();
    const about = page.getByRole('button', { name: 'About' });
    await about.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'About JMS Portal' });
    await expect(dialog.getByTestId('build-number')).toHaveText(String(build.BuildNumber));
    await expect(dialog.getByTestId('build-version')).toHaveText(String(build.BuildVersion));
    await expect(dialog).toContainText(`© ${new Date().getFullYear()}`);
    await expect(dialog.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/termsofuse');
    await expect(dialog.getByRole('link', { name: 'Privacy statement' })).toHaveAttribute('href', '/privacystatement');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(about).toBeFocused();
  });

  test('the tour runs with tour=1, and once ended it switches itself off', async () => {
    await page.goto('/JobClient?tour=1');
    const popover = page.locator('.driver-popover');
    await expect(popover).toBeVisible();
    await expect(popover.locator('.driver-popover-title')).toHaveText('Your jobs');
    const next = popover.locator('.driver-popover-next-btn');
    const progress = popover.locator('.driver-popover-progress-text');
    await expect(progress).toHaveText(/^Step 1 of \d+$/);
    const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? '')?.[1]);
    for (let step = 1; step < total; step++) {
      await expect(next).toHaveText('Next');
      await next.click();
      await expect(progress).toHaveText(`Step ${step + 1} of ${total}`);
    }
    await expect(popover.locator('.driver-popover-title')).toHaveText('Help');
    await expect(next).toHaveText('Done');
    const disabled = page.waitForResponse((r) => r.url().endsWith('/api/User/DisableTour') && r.status() === 200);
    await next.click();
    expect(await (await disabled).json()).toEqual({ EnableTour: false });
    await expect(popover).toBeHidden();
    // tour=1 is gone from the address and EnableTour is off: nothing can start it again.
    await expect.poll(() => new URL(page.url()).searchParams.has('tour')).toBe(false);
  });

  test('contextual help texts are served by key, and are not shown while switched off (the default)', async () => {
    const res = await page.request.get('/api/ContextualHelp/GetContextualHelpList');
    expect(res.status()).toBe(200);
    const list: { ContextualHelpKey: string; ContextualHelpValue: string }[] = await res.json();
    expect(list.find((i) => i.ContextualHelpKey === 'ContactName')?.ContextualHelpValue).toBeTruthy();
    await page.goto('/SaveJob');
    await interactive(page);
    await expect(page.locator('[data-help-tip]')).toHaveCount(0);
  });

  test('a page the role may not open shows Access denied and tells support', async () => {
    // Opened directly, or naming a page the role may open, /AccessDenied is no refusal: it tells nobody.
    for (const direct of ['/AccessDenied', '/AccessDenied?from=%2FJobClient']) {
      await page.goto(direct);
      await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('Our support team has been told.')).toHaveCount(0);
    }
    await page.goto('/user');
    await page.waitForURL((u) => u.pathname === '/AccessDenied');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/user');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    const mail = await waitForMail(SUPPORT, { subject: new RegExp(`insufficient rights: ${USER} on /user`) });
    expect(mail.text).toContain('Page: /user');
    // The outbox sends in order: the direct openings before the refusal would have arrived first.
    const notices = (await messagesTo(SUPPORT)).filter((m) => m.subject.includes(`insufficient rights: ${USER} on `));
    expect(notices.map((m) => m.subject.split(' on ')[1]).filter((path) => path !== '/user')).toEqual([]);
    await page.getByRole('link', { name: 'Go to your jobs' }).click();
    await page.waitForURL((u) => u.pathname === '/JobClient');
  });

  test('a new session shows the notice again; "Don\'t show this again" switches it off for this user', async ({
    browser,
  }) => {
    const second = await browser.newContext();
    const p2 = await second.newPage();
    await signIn(p2, USER);
    await expect(notice(p2)).toBeVisible();
    const saved = p2.waitForResponse((r) => /\/api\/Notice\/DisableNotice\/\d+$/.test(r.url()));
    await notice(p2).getByRole('button', { name: "Don't show this again" }).click();
    expect((await saved).status()).toBe(200);
    await expect(notice(p2)).toBeHidden();
    expect(await (await p2.request.get('/api/Notice/GetNotice')).json()).toBeNull();
    await second.close();

    const third = await browser.newContext();
    const p3 = await third.newPage();
    await signIn(p3, USER);
    await interactive(p3);
    await expect(notice(p3)).toHaveCount(0);
    await third.close();
  });

  test('a script error while signed in is reported with the user, and the session survives', async () => {
    const id = `e2e-${Date.now().toString(36)}-signed-in`;
    await page.goto('/Help');
    await settled(page);
    await page.evaluate((tag) => {
      setTimeout(() => {
        throw new Error(`signed-in failure ${tag}`);
      });
    }, id);
    await page.waitForURL((u) => u.pathname === '/error');
    const mail = await waitForMail(SUPPORT, { subject: new RegExp(id) });
    expect(mail.text).toMatch(/User: \d+/);
    expect(mail.text).toContain('URL: /Help');
    await page.goto('/Help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  });
});
