/**
 * Issue 28, items 4 and 5, with the fixture firms of e2e/support/fixtures-views.ts:
 *  - saved views: Pelican's administrator shares a view; Pelican's clerk sees it, makes it the default and the list
 *    opens with it; Gannet, another firm, never sees it, and opening it by its id is a 404;
 *  - charts: Pelican's administrator reads the tables beside the charts, with the numbers of the seeded invoices
 *    and jobs; a clerk may not open the page. Every page and dialog axe-clean and fitting 1280, 1024 and 390 px.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { sydneyMonth } from './support/fixtures-views';
import { expectNoSidewaysScroll, expectNoViolations, WIDTHS } from './support/ops';

const VIEW = 'Matter PL-A';

async function signedInPage(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  await settleNotice(page);
  return page;
}

const viewSelect = (page: Page) => page.locator('#saved-view');
const filters = (page: Page) => page.getByRole('search', { name: 'Job filters' });

async function checkAtEveryWidth(page: Page, what: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await expectNoSidewaysScroll(page, `${what} at ${width} px`);
    await expectNoViolations(page, `${what} at ${width} px`);
  }
}

async function rowsOf(table: Locator): Promise<string[][]> {
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map(async (r) => (await r.locator('th, td').allInnerTexts()).map((t) => t.trim())));
}

const monthLabel = (key: string) => {
  const [y, m] = key.split('-').map(Number);
  return new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y ?? 1970, (m ?? 1) - 1, 1),
  );
};

test.describe.serial('saved views', () => {
  let viewId = '';

  test('an administrator saves the list as a view shared with the firm', async ({ browser }) => {
    const page = await signedInPage(browser, 'e2e.pl.admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByText('Showing 1 to 3 of 3')).toBeVisible();
    await filters(page).getByLabel('Matter/Ref').fill('PL-A');
    await expect(page.getByText('Showing 1 to 2 of 2')).toBeVisible();

    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await expect(dialog).toBeVisible();
    // An empty name is refused by the form's schema, the server action's own.
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog.getByText('Enter a name for the view.')).toBeVisible();
    await checkAtEveryWidth(page, 'the Save view dialog', async () => {
      await expect(dialog).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByLabel('Name').fill(VIEW);
    await dialog.getByLabel('Share with my firm').check();
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog).toBeHidden();
    await expect(viewSelect(page).locator('option:checked')).toHaveText(`${VIEW} (firm)`);

    await page.goto('/JobClient/Views');
    const item = page.getByTestId('saved-view-item').filter({ hasText: VIEW });
    await expect(item.getByText('Shared with my firm')).toBeVisible();
    viewId =
      new URL(
        (await item.getByRole('link', { name: `Open ${VIEW}` }).getAttribute('href')) ?? '',
        'http://x',
      ).searchParams.get('view') ?? '';
    expect(viewId).toMatch(/^\d+$/);
    await page.context().close();
  });

  test('a user of the same firm sees the shared view, makes it the default, and the list opens with it', async ({
    browser,
  }) => {
    // A sign-in, the view's round trips and axe at three widths: 59.9 s in one full gate with two workers.
    test.setTimeout(120_000);
    const page = await signedInPage(browser, 'e2e.pl.user');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByText('Showing 1 to 3 of 3')).toBeVisible();
    await expect(viewSelect(page).locator('option', { hasText: VIEW })).toHaveCount(1);
    await viewSelect(page).selectOption({ label: `${VIEW} (firm)` });
    await expect(page).toHaveURL(/matter=PL-A/);
    await expect(page.getByText('Showing 1 to 2 of 2')).toBeVisible();

    await page.getByRole('link', { name: 'Manage views' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved views' })).toBeVisible();
    const item = page.getByTestId('saved-view-item').filter({ hasText: VIEW });
    await expect(item.getByText('saved by Pelican Admin')).toBeVisible();
    // Not theirs: no rename, share or delete.
    await expect(item.getByRole('button', { name: `Rename ${VIEW}` })).toHaveCount(0);
    await expect(item.getByRole('button', { name: `Delete ${VIEW}` })).toHaveCount(0);
    await item.getByRole('button', { name: 'Open the list with it' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The job list now opens with this view.' })).toBeVisible();
    await expect(item.getByText('Default', { exact: true })).toBeVisible();
    await checkAtEveryWidth(page, '/JobClient/Views', async () => {
      await page.goto('/JobClient/Views');
      await expect(page.getByTestId('saved-view-item').first()).toBeVisible();
    });

    // The default view applies on opening the list (a bare /JobClient).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/JobClient');
    await expect(page).toHaveURL(/\/JobClient$/);
    await expect(filters(page).getByLabel('Matter/Ref')).toHaveValue('PL-A');
    await expect(page.getByText('Showing 1 to 2 of 2')).toBeVisible();
    await expect(viewSelect(page).locator('option:checked')).toHaveText(`${VIEW} (firm) – default`);
    await checkAtEveryWidth(page, '/JobClient with saved views', async () => {
      await expect(viewSelect(page)).toBeVisible();
    });
    await page.context().close();
  });

  test('another firm never sees the view: not in its list, and a 404 by its id', async ({ browser }) => {
    expect(viewId).not.toBe('');
    const page = await signedInPage(browser, 'e2e.gn.admin');
    await expect(viewSelect(page)).toBeVisible();
    await expect(viewSelect(page).locator('option', { hasText: VIEW })).toHaveCount(0);
    await page.goto('/JobClient/Views');
    await expect(page.getByText('You have no saved views yet.')).toBeVisible();
    const res = await page.goto(`/JobClient?view=${viewId}`);
    expect(res?.status()).toBe(404);
    await page.context().close();
  });
});

test.describe('charts for client administrators', () => {
  test('the tables beside the charts show the firm’s numbers; axe-clean and fitting every width', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, 'e2e.pl.admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByTestId('report-totals')).toHaveText(
      /Total spend\s*\$1,120\.75 \(3 invoices\)\s*Jobs ordered\s*3 jobs/,
    );

    const thisMonth = monthLabel(sydneyMonth(0));
    const lastMonth = monthLabel(sydneyMonth(1));
    const byMonth = await rowsOf(page.getByTestId('spend-by-month-table'));
    expect(byMonth).toHaveLength(12);
    expect(byMonth[11]).toEqual([thisMonth, '$120.75', '2']);
    expect(byMonth[10]).toEqual([lastMonth, '$1,000.00', '1']);
    expect(byMonth.slice(0, 10).every((r) => r[1] === '$0.00')).toBe(true);
    expect(await rowsOf(page.getByTestId('spend-by-matter-table'))).toEqual([
      ['PL-A', '$1,100.50', '2'],
      ['PL-B', '$20.25', '1'],
    ]);
    expect(await rowsOf(page.getByTestId('spend-by-job-type-table'))).toEqual([
      ['Scan', '$1,020.25', '2'],
      ['Print', '$100.50', '1'],
    ]);
    const jobs = await rowsOf(page.getByTestId('jobs-per-month-table'));
    expect(jobs[11]).toEqual([thisMonth, '2']);
    expect(jobs[10]).toEqual([lastMonth, '1']);
    // The charts are drawn, one per section.
    await expect(page.getByTestId('bar-chart')).toHaveCount(4);

    await checkAtEveryWidth(page, '/Reports', async () => {
      await page.goto('/Reports');
      await expect(page.getByTestId('bar-chart')).toHaveCount(4);
    });
    await page.context().close();
  });

  test('a clerk has no Reports link and is denied the page', async ({ browser }) => {
    const page = await signedInPage(browser, 'e2e.pl.user');
    await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await page.goto('/Reports');
    await expect(page).toHaveURL((u) => u.pathname === '/AccessDenied' && u.searchParams.get('from') === '/Reports');
    await page.context().close();
  });
});
