/**
 * The /Reports page's period, labels and click-through, as a firm's administrator uses them:
 *  - Harbour & Vale's administrator (demo data) picks three past months with the form: the URL carries them, every
 *    bar of every chart shows its category and its value at 1280, 1024 and 390 px (no sideways scroll, axe-clean);
 *    a month's jobs-ordered bar opens the job list of exactly those jobs, and the top matter's bar the invoice list
 *    of exactly its invoices (each list's total is the chart's number);
 *  - a preset moves with the calendar and is marked as the one shown; a period that cannot be shown gives the
 *    default one and says why, never an error page;
 *  - Gannet's matter reference, too long for a label, is cut in the chart with the whole of it in the bar's title
 *    and in the table, and its bar still opens its invoices.
 * Past months only, where the other specs add no jobs or invoices.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { GANNET_LONG_MATTER, sydneyMonth } from './support/fixtures-views';
import { expectNoSidewaysScroll, expectNoViolations, WIDTHS } from './support/ops';

const CHARTS = ['spend-by-month', 'spend-by-matter', 'spend-by-job-type', 'jobs-per-month'];

const monthLabel = (key: string) => {
  const [y, m] = key.split('-').map(Number);
  return new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y ?? 1970, (m ?? 1) - 1, 1),
  );
};

async function reportsAs(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  await settleNotice(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

interface BarSeen {
  label: string;
  value: string;
  title: string;
  /** The label and the value are drawn (not hidden, not empty), inside their row and inside the window. */
  labelShown: boolean;
  valueShown: boolean;
}

/** Each bar of a chart as the browser draws it. */
function barsOf(page: Page, chart: string): Promise<BarSeen[]> {
  return page
    .getByTestId(chart)
    .getByTestId('bar-chart')
    .evaluate((ol) => {
      const shown = (el: Element | null, row: DOMRect) => {
        if (!(el instanceof HTMLElement) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
          return false;
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.left >= row.left - 0.5 &&
          r.right <= row.right + 0.5 &&
          r.top >= row.top - 0.5 &&
          r.bottom <= row.bottom + 0.5 &&
          r.left >= 0 &&
          r.right <= document.documentElement.clientWidth
        );
      };
      return [...ol.querySelectorAll(':scope > li')].map((li) => {
        const row = (li.firstElementChild ?? li).getBoundingClientRect();
        const label = li.querySelector('[data-part="label"]');
        const value = li.querySelector('[data-part="value"]');
        return {
          label: label?.textContent?.trim() ?? '',
          value: value?.textContent?.trim() ?? '',
          title: li.firstElementChild?.getAttribute('title') ?? '',
          labelShown: shown(label, row),
          valueShown: shown(value, row),
        };
      });
    });
}

/** Every bar of every chart has its label and value drawn, and names the same category and value as its table row. */
async function expectEveryBarLabelled(page: Page, what: string) {
  for (const chart of CHARTS) {
    const rows = await page
      .getByTestId(`${chart}-table`)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim())));
    const bars = await barsOf(page, chart);
    expect(bars.length, `${chart} at ${what}: a bar per row`).toBe(rows.length);
    expect(bars.length, `${chart} at ${what}`).toBeGreaterThan(0);
    bars.forEach((b, i) => {
      const [label, value] = rows[i] ?? [];
      expect(b, `${chart} bar ${i + 1} at ${what}`).toEqual({
        label,
        value,
        title: `${label}: ${value}`,
        labelShown: true,
        valueShown: true,
      });
    });
  }
}

test.describe('reports: period, labels and click-through', () => {
  test('an administrator picks a period; every bar is labelled at every width; a bar opens exactly its jobs and invoices', async ({
    browser,
  }) => {
    // A sign-in, the bars and axe at three widths, and two lists.
    test.setTimeout(120_000);
    const page = await reportsAs(browser, 'hv.admin');
    const [from, middle, to] = [sydneyMonth(3), sydneyMonth(2), sydneyMonth(1)];
    await page.goto('/Reports');
    await expect(page.getByTestId('report-period')).toHaveText(
      `Your firm's invoices and orders from ${monthLabel(sydneyMonth(11))} to ${monthLabel(sydneyMonth(0))}.`,
    );
    await expect(page.getByRole('link', { name: 'Last 12 months' })).toHaveAttribute('aria-current', 'page');

    const form = page.getByRole('form', { name: 'Choose the months' });
    await form.getByLabel('From month').fill(from);
    await form.getByLabel('To month').fill(to);
    await form.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get('from') === from && u.searchParams.get('to') === to);
    const period = `from ${monthLabel(from)} to ${monthLabel(to)}`;
    await expect(page.getByTestId('report-period')).toHaveText(`Your firm's invoices and orders ${period}.`);
    await expect(page.getByRole('navigation', { name: 'Periods' }).locator('[aria-current]')).toHaveCount(0);
    const months = [from, middle, to].map(monthLabel);
    const monthRows = page.getByTestId('jobs-per-month-table').locator('tbody th');
    await expect(monthRows).toHaveText(months);

    const url = page.url();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // A bookmark of the period opens it again.
      await page.goto(url);
      await expect(monthRows).toHaveText(months);
      await expectEveryBarLabelled(page, `${width} px`);
      await expectNoSidewaysScroll(page, `/Reports (${period}) at ${width} px`);
      await expectNoViolations(page, `/Reports (${period}) at ${width} px`);
    }

    // Last month's jobs-ordered bar: the job list of the jobs logged that month, as many as the bar says.
    await page.setViewportSize({ width: 1280, height: 900 });
    const jobsBar = page.getByTestId('jobs-per-month').locator(`li[data-bar="${to}"] a`);
    const jobs = Number((await jobsBar.locator('[data-part="value"]').innerText()).replace(/,/g, ''));
    expect(jobs).toBeGreaterThan(0);
    await jobsBar.click();
    await expect(page).toHaveURL((u) => u.pathname === '/JobClient' && u.searchParams.get('loggedFrom') === to);
    await expect(page.getByTestId('logged-filter')).toHaveText(
      `Showing jobs logged in ${monthLabel(to)}. Show jobs of any month`,
    );
    await expect(page.getByText(new RegExp(`^Showing 1 to ${Math.min(jobs, 10)} of ${jobs}$`))).toBeVisible();
    await expectNoViolations(page, `/JobClient of the jobs logged in ${monthLabel(to)}`);

    // The top matter's spend bar: the invoice list of that matter's invoices in the period.
    await page.goto(url);
    const matterRow = page.getByTestId('spend-by-matter-table').locator('tbody tr').first();
    const [matter = '', spend = '', invoices = ''] = (await matterRow.locator('th, td').allInnerTexts()).map((t) =>
      t.trim(),
    );
    await page.getByTestId('spend-by-matter').locator('li a').first().click();
    await expect(page).toHaveURL((u) => u.pathname === '/Invoice' && u.searchParams.get('matterIs') === matter);
    await expect(page.getByTestId('report-filter')).toHaveText(
      `Showing invoices issued ${period}, of matter ${matter}. Remove these filters`,
    );
    const n = Number(invoices);
    await expect(page.getByText(new RegExp(`^Showing 1 to ${Math.min(n, 10)} of ${n}$`))).toBeVisible();
    expect(spend).toMatch(/^\$[\d,]+\.\d\d$/);
    await expectNoViolations(page, `/Invoice of matter ${matter}, ${period}`);
    await page.context().close();
  });

  test('a preset moves with the calendar; a period that cannot be shown gives the default and says why', async ({
    browser,
  }) => {
    const page = await reportsAs(browser, 'hv.admin');
    await page.goto('/Reports');
    await page.getByRole('link', { name: 'Last 3 months' }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get('range') === 'last-3-months');
    await expect(page.getByRole('link', { name: 'Last 3 months' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('report-period')).toHaveText(
      `Your firm's invoices and orders from ${monthLabel(sydneyMonth(2))} to ${monthLabel(sydneyMonth(0))}.`,
    );
    await expect(page.getByTestId('jobs-per-month-table').locator('tbody tr')).toHaveCount(3);

    const last12 = `from ${monthLabel(sydneyMonth(11))} to ${monthLabel(sydneyMonth(0))}`;
    for (const [query, message] of [
      ['from=2026-13&to=2026-11', 'Enter each month as YYYY-MM, for example 2026-03.'],
      [`from=${sydneyMonth(1)}&to=${sydneyMonth(-1)}`, 'The period cannot end after the current month.'],
      [`from=${sydneyMonth(30)}&to=${sydneyMonth(0)}`, 'Choose a period of at most 24 months.'],
      ['range=forever', 'Choose one of the periods offered.'],
    ] as const) {
      const res = await page.goto(`/Reports?${query}`);
      expect(res?.status(), query).toBe(200);
      const alert = page.getByRole('alert').filter({ hasText: 'That period could not be shown' });
      await expect(alert).toContainText(`${message} Showing ${last12} instead.`);
      await expect(page.getByTestId('report-period')).toHaveText(`Your firm's invoices and orders ${last12}.`);
      await expect(page.getByTestId('jobs-per-month-table').locator('tbody tr')).toHaveCount(12);
    }
    await expectNoViolations(page, '/Reports with a period that cannot be shown');
    await page.context().close();
  });

  test('a matter too long for its label is cut in the chart, whole in its title and the table, and opens its invoices', async ({
    browser,
  }) => {
    const page = await reportsAs(browser, 'e2e.gn.admin');
    await page.goto('/Reports?range=last-3-months');
    const bar = page.getByTestId('spend-by-matter').locator('li a');
    await expect(bar).toHaveCount(1);
    await expect(bar).toHaveAttribute('title', `${GANNET_LONG_MATTER}: $450.00`);
    await expect(page.getByTestId('spend-by-matter-table').locator('tbody th')).toHaveText(GANNET_LONG_MATTER);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectEveryBarLabelled(page, `${width} px`);
      // Cut at two lines: the label is no taller than two of its lines.
      const { height, line } = await bar.locator('[data-part="label"]').evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(height, `the long label at ${width} px`).toBeLessThanOrEqual(2 * line + 1);
      await expectNoSidewaysScroll(page, `Gannet's /Reports at ${width} px`);
    }
    await expectNoViolations(page, `Gannet's /Reports at 390 px`);
    await bar.click();
    await expect(page.getByTestId('report-filter')).toContainText(`of matter ${GANNET_LONG_MATTER}`);
    await expect(page.getByText(/^Showing 1 to 1 of 1$/)).toBeVisible();
    await expectNoSidewaysScroll(page, `/Invoice of Gannet's long matter at 390 px`);
    await expectNoViolations(page, `/Invoice of Gannet's long matter at 390 px`);
    await page.context().close();
  });
});
