/**
 * The clerk's home: the "what needs me" strip on /JobClient, where every count opens a list whose total is that
 * count, the clerk's own jobs by default and the firm's on request; "Only my jobs" in the filter panel; a matter's page with exactly that matter's jobs and invoices, a 404 for another firm's matter; the
 * search box's suggestions; axe-clean and no sideways scrolling at 390, 1024 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { expectNoSidewaysScroll, expectNoViolations } from './support/ops';

const WIDTHS = [390, 1024, 1280];

/** The total a list says it has: "Showing 1 to 10 of 23" → 23; 'No Data Available' → 0. */
async function listTotal(page: Page, table: string): Promise<number> {
  const summary = page.getByText(/^Showing \d+ to \d+ of (more than )?\d+$/);
  const empty = page.getByRole('table', { name: table }).getByText('No Data Available');
  await expect(summary.or(empty).first()).toBeVisible();
  if (await empty.isVisible()) return 0;
  const m = /of (?:more than )?(\d+)/.exec(await summary.innerText());
  return Number(m?.[1]);
}

test.describe('what needs me', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'ng.user');
    await settleNotice(page);
  });

  /** The strip's links and counts as the page shows them. */
  async function readStrip(page: Page) {
    const strip = page.getByRole('navigation', { name: 'What needs me' });
    await expect(strip).toBeVisible();
    const found: { key: string; count: number; href: string }[] = [];
    for (const tile of await strip.locator('a[data-attention]').all()) {
      const key = (await tile.getAttribute('data-attention')) ?? '';
      const count = Number((await tile.locator('[data-count]').innerText()).replace(/[,+]/g, ''));
      found.push({ key, count, href: (await tile.getAttribute('href')) ?? '' });
    }
    return found;
  }

  test("a clerk's counts are their own jobs, the firm's one click away; each opens a list of that total", async ({
    page,
  }) => {
    // Two scopes of nine lists each, read one after the other.
    test.setTimeout(120_000);
    await page.goto('/JobClient');
    await expect(page.getByTestId('strip-scope')).toContainText('Your jobs: ordered by you or naming you as contact.');
    const mine = await readStrip(page);
    expect(mine.map((f) => f.key)).toEqual([
      'due24',
      'overdue',
      'waiting',
      'readyForCollection',
      'deliveredRecently',
      'deliveredWithFiles',
      'deliveredWithoutFeedback',
      'unpaid',
      'overdue-invoices',
    ]);
    // Every job tile opens the clerk's own list.
    for (const f of mine.filter((f) => f.href.startsWith('/JobClient'))) expect(f.href).toContain('mine=1');
    // The firm's counts, for the clerk who asks for them: never fewer than their own.
    await page.getByTestId('strip-scope-switch').click();
    await expect(page.getByTestId('strip-scope')).toContainText("All of the firm's jobs.");
    await expect(page).toHaveURL(/tiles=firm/);
    const firm = await readStrip(page);
    for (const [i, f] of firm.entries()) expect(f.count).toBeGreaterThanOrEqual(mine[i]!.count);
    expect(firm.some((f, i) => f.count > mine[i]!.count)).toBe(true);
    // The demo firm has work in most of these states: the check is not vacuous.
    expect(mine.filter((f) => f.count > 0).length).toBeGreaterThanOrEqual(5);
    for (const [scope, found] of [
      ['mine', mine],
      ['firm', firm],
    ] as const) {
      for (const f of found) {
        await page.goto(f.href);
        const invoices = f.href.startsWith('/Invoice');
        const total = await listTotal(page, invoices ? 'Invoices' : 'Jobs');
        expect({ scope, key: f.key, total }).toEqual({ scope, key: f.key, total: f.count });
      }
    }
    // A tile of the firm's strip keeps the strip on the firm's jobs.
    await page.goto(firm[0]!.href);
    await expect(page.getByTestId('strip-scope')).toContainText("All of the firm's jobs.");
    // The filter is said on the list, with a way back to every job.
    await page.goto(mine.find((f) => f.key === 'deliveredWithFiles')!.href);
    await expect(page.getByTestId('attention-filter')).toContainText('Delivered with files to download');
    await expect(page.getByTestId('mine-filter')).toContainText('only your jobs');
    await page.getByRole('link', { name: 'Show all jobs' }).click();
    await expect(page.getByTestId('attention-filter')).toBeHidden();
  });

  test('"Only my jobs" in the filter panel narrows the list, is said above it, and Reset filters clears it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/JobClient?sort=0&dir=2');
    const all = await listTotal(page, 'Jobs');
    const filters = page.getByRole('search', { name: 'Job filters' });
    await filters.getByRole('checkbox', { name: 'Only my jobs' }).check();
    await expect(page).toHaveURL(/mine=1/);
    await expect(page.getByTestId('mine-filter')).toBeVisible();
    const mineTotal = await listTotal(page, 'Jobs');
    expect(mineTotal).toBeGreaterThan(0);
    expect(mineTotal).toBeLessThan(all);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).not.toHaveURL(/mine=1/);
    await expect(page.getByTestId('mine-filter')).toBeHidden();
    await expect(filters.getByRole('checkbox', { name: 'Only my jobs' })).not.toBeChecked();
    expect(await listTotal(page, 'Jobs')).toBe(all);
  });

  test('the strip is axe-clean and fits 390, 1024 and 1280 px', async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/JobClient');
      await expect(page.getByRole('navigation', { name: 'What needs me' })).toBeVisible();
      await expectNoSidewaysScroll(page, `/JobClient at ${width} px`);
      await expectNoViolations(page, `/JobClient with the strip at ${width} px`);
    }
  });
});

test.describe('a matter', () => {
  test('shows exactly its jobs and invoices; another firm gets a 404', async ({ page, browser }) => {
    // Two sign-ins and the page at three widths with axe each: 40-60 s with two workers.
    test.setTimeout(120_000);
    await signIn(page, 'ng.user');
    await settleNotice(page);
    // An invoiced matter: the first invoice's matter reference links to its page.
    await page.goto('/Invoice');
    const link = page.getByRole('table', { name: 'Invoices' }).locator('a[href^="/Matter?ref="]').first();
    const reference = (await link.innerText()).trim();
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/Matter\?ref=/);
    await expect(page.getByTestId('matter-reference')).toHaveText(reference);

    // Its jobs: every row carries exactly this reference, and there are as many as the job list finds with it.
    const jobs = page.getByRole('table', { name: `Jobs of matter ${reference}` });
    await page.goto(`${href}&size=100`);
    const jobRefs = await jobs.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(jobRefs.length).toBeGreaterThan(0);
    expect(new Set(jobRefs.map((r) => r.trim()))).toEqual(new Set([reference]));
    await page.goto(`/JobClient?matter=${encodeURIComponent(reference)}&size=100`);
    const contains = await page
      .getByRole('table', { name: 'Jobs' })
      .locator('tbody tr td:nth-child(2)')
      .allInnerTexts();
    expect(contains.filter((r) => r.trim() === reference).length).toBe(jobRefs.length);

    // Its invoices: exactly those of the invoice list with this reference.
    await page.goto(href);
    const invoiceRefs = await page.getByTestId('matter-invoices').locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(new Set(invoiceRefs.map((r) => r.trim()))).toEqual(new Set([reference]));
    await page.goto(`/Invoice?matter=${encodeURIComponent(reference)}&size=100`);
    const listed = await page
      .getByRole('table', { name: 'Invoices' })
      .locator('tbody tr :is(td, th):nth-child(2)')
      .allInnerTexts();
    expect(listed.filter((r) => r.trim() === reference).length).toBe(invoiceRefs.length);
    await page.goto(href);
    await expect(page.getByTestId('matter-totals').locator('[data-total="billed"]')).toHaveText(/^\$[\d,]+\.\d{2}$/);

    // axe-clean and no sideways scrolling at each width.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(href);
      await expect(page.getByTestId('matter-reference')).toBeVisible();
      await expectNoSidewaysScroll(page, `/Matter at ${width} px`);
      await expectNoViolations(page, `/Matter at ${width} px`);
    }

    // Another firm's user: the same link is a 404, as is a reference nobody used and a garbled one.
    const ctx = await browser.newContext();
    const theirs = await ctx.newPage();
    await signIn(theirs, 'hv.user');
    await settleNotice(theirs);
    // The 404 document may send the browser on to / before its load event: the status is read as it commits.
    expect((await theirs.goto(href, { waitUntil: 'commit' }))?.status()).toBe(404);
    await expect(theirs.getByTestId('matter-reference')).toHaveCount(0);
    expect((await theirs.goto('/Matter?ref=bm90IGJhc2U2NA', { waitUntil: 'commit' }))?.status()).toBe(404);
    await expect(theirs.getByTestId('matter-reference')).toHaveCount(0);
    await ctx.close();
  });

  test('the search box suggests matters as the user types and opens the chosen one', async ({ page }) => {
    await signIn(page, 'ng.user');
    await settleNotice(page);
    await page.goto('/Invoice');
    const reference = (
      await page.getByRole('table', { name: 'Invoices' }).locator('a[href^="/Matter?ref="]').first().innerText()
    ).trim();
    await page.goto('/JobClient');
    const box = page.getByRole('combobox', { name: 'Find a matter, job or invoice' });
    await box.fill(reference);
    const option = page
      .getByRole('option', { name: new RegExp(`^${reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first();
    await expect(option).toBeVisible();
    await expectNoViolations(page, 'the search suggestions');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/Matter\?ref=/);
    await expect(page.getByTestId('matter-reference')).toHaveText(reference);
  });
});
