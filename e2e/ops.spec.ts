/**
 * The staff area (issue 13): staff land on /Ops after signing in, see the navigation of their role, and every
 * /Ops page fits 1280, 1024 and 390 px without sideways scrolling and is axe-clean. Client roles are refused.
 * Demo users consumed here: staff.admin, staff.operator (signed in only).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { checkOpsPage, expectNoViolations } from './support/ops';

test.describe('provider operator (role 2)', () => {
  let ctx: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ctx = await browser.newContext();
    page = await ctx.newPage();
    await signIn(page, 'staff.operator', undefined, { landing: /\/Ops$/ });
  });
  test.afterAll(async () => {
    await ctx.close();
  });

  test('lands on the staff overview with the staff navigation, not the client one', async () => {
    await page.goto('/Ops');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff overview' })).toBeVisible();
    await expect(page.getByTestId('signed-in-user')).toContainText('Oakley Operator');
    await expect(page.getByTestId('signed-in-user')).toContainText('Provider operator');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/SignOut');
  });

  test('is refused the role-1-only sections and the client screens', async () => {
    for (const path of ['/Ops/Staff', '/Ops/ApiKeys', '/JobClient']) {
      await page.goto(path);
      await expect(page).toHaveURL((u) => u.pathname === '/AccessDenied' && u.searchParams.get('from') === path);
      await expect(page.getByRole('link', { name: 'Go to the staff area' })).toHaveAttribute('href', '/Ops');
      // Staff have no firm: they are sent to an administrator of the staff area.
      await expect(page.getByText('firm', { exact: false })).toHaveCount(0);
      await expect(page.getByText('ask an administrator of the staff area', { exact: false })).toBeVisible();
    }
  });

  test('the overview fits 1280, 1024 and 390 px and is axe-clean', async () => {
    await checkOpsPage(page, '/Ops');
  });

  test('the job queue: every client, filters in the URL, a job opens; queue and job page fit and are axe-clean', async () => {
    await page.goto('/Ops/Jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Job queue' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Job queue' });
    // Filtering by a client writes the URL and shows that client's jobs.
    await page.getByLabel('Client').first().selectOption({ label: 'Northgate Legal' });
    await expect(page).toHaveURL(/client=\d+/);
    await expect(table.getByRole('row').nth(1)).toContainText('Northgate Legal');
    await page.getByLabel('Due').first().selectOption({ label: 'Overdue' });
    await expect(page).toHaveURL(/due=overdue/);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/Ops\/Jobs$/);
    await checkOpsPage(page, '/Ops/Jobs');
    await page.goto('/Ops/Jobs');
    const first = table.getByRole('rowheader').first().getByRole('link');
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/Ops\/Job\?jb=/);
    await checkOpsPage(page, href ?? '/Ops/Job');
  });

  test('the invoice and client lists open at 10 a page, as every list does, with the rest a page away', async () => {
    for (const [path, table] of [
      ['/Ops/Invoices', 'Invoices'],
      ['/Ops/Clients', 'Clients'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByLabel('Items per page')).toHaveValue('10');
      const rows = page.getByRole('table', { name: table }).locator('tbody tr');
      const count = await rows.count();
      expect(count, `${path}: rows on the first page`).toBeGreaterThan(0);
      expect(count, `${path}: rows on the first page`).toBeLessThanOrEqual(10);
    }
  });

  test('on a phone the staff menu opens behind a button, axe-clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/Ops');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
      await expectNoViolations(page, '/Ops on a phone, menu open');
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});

test('a provider administrator (role 1) lands on /Ops; a client user is refused it', async ({ browser }) => {
  const admin = await browser.newContext();
  const a = await admin.newPage();
  await signIn(a, 'staff.admin', undefined, { landing: /\/Ops$/ });
  await expect(a.getByTestId('signed-in-user')).toContainText('Provider administrator');
  await admin.close();

  const client = await browser.newContext();
  const c = await client.newPage();
  await signIn(c, 'ng.user');
  await c.goto('/Ops');
  await expect(c).toHaveURL((u) => u.pathname === '/AccessDenied' && u.searchParams.get('from') === '/Ops');
  await client.close();
});
