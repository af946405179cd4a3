/**
 * Invoices in the browser (issue 6): filtering, sorting, ?jm pre-filling the job number filter, the slip
 * opened from the list in a new tab, the pay link target, and the Invoices.csv download.
 * Demo client Northgate Legal (account NG2002): 45 invoices INV-NG2002-1001…1045; every third is paid
 * (1001, 1004…), every other one has EZ999 sheets (1003: 330 sheets, $112.10 before GST, total $123.31, unpaid).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { csvFile } from './support/csv';

const PAYMENT_URL = 'https://pay.example.com/checkout';
const encode = (v: string) => [0, 1, 2, 3].reduce((s) => Buffer.from(s, 'utf8').toString('base64'), v);

const table = (page: Page) => page.getByRole('table', { name: 'Invoices' });
const filters = (page: Page) => page.getByRole('search', { name: 'Invoice filters' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

async function invoiceNumbers(page: Page): Promise<string[]> {
  await expect(bodyRows(page).first()).toBeVisible();
  return table(page).locator('tbody th[scope=row]').allInnerTexts();
}

async function columnTexts(page: Page, header: string): Promise<string[]> {
  await expect(bodyRows(page).first()).toBeVisible();
  const headers = await table(page).locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index).toBeGreaterThanOrEqual(0);
  return bodyRows(page)
    .locator(`:is(td, th):nth-child(${index + 1})`)
    .allInnerTexts();
}

async function rowOf(page: Page, invoiceNumber: string): Promise<Locator> {
  return bodyRows(page).filter({ has: page.getByRole('rowheader', { name: invoiceNumber, exact: true }) });
}

test.describe('invoices', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'ng.user');
    await settleNotice(page);
  });

  test('lists, filters and sorts the client’s invoices', async ({ page }) => {
    await page.goto('/Invoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(page.getByText('Showing 1 to 10 of 45')).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(10);
    expect((await invoiceNumbers(page)).every((n) => n.startsWith('INV-NG2002-'))).toBe(true);
    // Default order: issue date, newest first (spec §9) — the demo's first invoice is the newest.
    expect((await invoiceNumbers(page))[0]).toBe('INV-NG2002-1001');
    await expect(table(page).getByRole('columnheader', { name: 'Issue Date' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await filters(page).getByLabel('Invoice number').fill('ng2002-100');
    await expect(page.getByText('Showing 1 to 9 of 9')).toBeVisible();
    await expect(page).toHaveURL(/inv=ng2002-100/);

    await filters(page).getByLabel('Amount').fill('ten dollars');
    await expect(
      filters(page).getByText('Please enter an amount (e.g. 125.50) or a range (e.g. 100-500).'),
    ).toBeVisible();
    // Typed keys go through the decimal key filter of spec §5: letters and commas are not typed.
    await filters(page).getByLabel('Amount').fill('');
    await filters(page).getByLabel('Amount').pressSequentially('1a2b3.3,1x');
    await expect(filters(page).getByLabel('Amount')).toHaveValue('123.31');
    await expect(bodyRows(page)).toHaveCount(1);
    expect(await invoiceNumbers(page)).toEqual(['INV-NG2002-1003']);

    // Of 1001…1009, three cost at most $90 with GST: $66.00, $66.00 and $85.25.
    await filters(page).getByLabel('Amount').fill('0-90');
    await expect(page.getByText('Showing 1 to 3 of 3')).toBeVisible();
    await table(page).getByRole('button', { name: 'Amount' }).click();
    await expect(table(page).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
    const amounts = (await columnTexts(page, 'Amount')).map((a) => Number(a.replace(/[$,]/g, '')));
    expect(amounts.length).toBeGreaterThan(1);
    expect(amounts.every((a) => a <= 90)).toBe(true);
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    await table(page).getByRole('button', { name: 'Amount' }).click();
    await expect(table(page).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');

    await filters(page).getByLabel('Invoice number').fill('no-such-invoice');
    await expect(table(page).getByText('No Data Available')).toBeVisible();

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page.getByText('Showing 1 to 10 of 45')).toBeVisible();
    await expect(filters(page).getByLabel('Invoice number')).toHaveValue('');
  });

  test('pages with the shared page sizes and narrows by issue date', async ({ page }) => {
    await page.goto('/Invoice');
    await page.getByLabel('Items per page').selectOption('20');
    await expect(page.getByText('Showing 1 to 20 of 45')).toBeVisible();
    await page.getByRole('navigation', { name: 'Invoice pages' }).getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByText('Showing 41 to 45 of 45')).toBeVisible();
    await filters(page).getByLabel('Issue date').selectOption({ label: 'Last 7 days' });
    // Demo invoices are issued 1, 5, 9… days before the seed: two fall in the last 7 days.
    await expect(page.getByText('Showing 1 to 2 of 2')).toBeVisible();
  });

  test('?jm=<encoded job number> pre-fills the job number filter', async ({ page }) => {
    await page.goto('/Invoice?inv=INV-NG2002-1010');
    const jms = (await columnTexts(page, 'JMS Number'))[0] ?? '';
    expect(jms).not.toBe('');
    await page.goto(`/Invoice?jm=${encodeURIComponent(encode(jms))}`);
    await expect(filters(page).getByLabel('JMS number')).toHaveValue(jms);
    expect(await columnTexts(page, 'JMS Number')).toEqual([jms]);
  });

  test('opens the slip in a new tab with line items, totals, sheets and the pay link', async ({ page, context }) => {
    await page.goto('/Invoice?inv=INV-NG2002-1003');
    const row = await rowOf(page, 'INV-NG2002-1003');
    const jms = (await columnTexts(page, 'JMS Number'))[0] ?? '';
    const [slip] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('link', { name: 'INV-NG2002-1003', exact: true }).click(),
    ]);
    await slip.waitForLoadState();
    await expect(slip).toHaveURL(/\/InvoiceSlip\?ir=.+&cD=.+/);
    await expect(slip.getByRole('heading', { level: 1, name: 'Invoice INV-NG2002-1003' })).toBeVisible();
    await expect(slip.getByRole('navigation')).toHaveCount(0);
    const lines = slip.getByRole('table', { name: 'Line items' });
    await expect(lines.getByRole('row', { name: /EZ999.*330.*\$0\.12.*\$39\.60/ })).toBeVisible();
    await expect(slip.getByTestId('invoice-total')).toHaveText('$123.31');
    await expect(slip.getByTestId('sheets-total')).toHaveText('330');

    const href = await slip.getByRole('link', { name: 'Pay invoice INV-NG2002-1003' }).getAttribute('href');
    const pay = new URL(href ?? '');
    expect(`${pay.origin}${pay.pathname}`).toBe(PAYMENT_URL);
    expect(Object.fromEntries(pay.searchParams)).toEqual({
      payment_reference: 'INV-NG2002-1003',
      payment_amount: '123.31',
      jms,
      acno: 'NG2002',
    });

    await slip.emulateMedia({ media: 'print' });
    await expect(slip.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(slip.getByRole('link', { name: /Pay/ })).toBeHidden();
    await expect(lines).toBeVisible();
  });

  test('a paid invoice has no pay link; another client’s invoice is not found', async ({ page }) => {
    await page.goto(`/InvoiceSlip?ir=${encodeURIComponent(encode('INV-NG2002-1001'))}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice INV-NG2002-1001' })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Pay/ })).toHaveCount(0);

    const foreign = await page.goto(`/InvoiceSlip?ir=${encodeURIComponent(encode('INV-HV1001-1002'))}`);
    expect(foreign?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Invoice not found' })).toBeVisible();
    const garbage = await page.goto('/InvoiceSlip?ir=not-encoded');
    expect(garbage?.status()).toBe(404);
  });

  test('exports Invoices.csv of exactly the filtered, sorted list', async ({ page }) => {
    await page.goto('/Invoice?inv=NG2002-10&sort=3&dir=1&size=50');
    await expect(page.getByText('Showing 1 to 45 of 45')).toBeVisible();
    await filters(page).getByLabel('Invoice number').fill('NG2002-102');
    await expect(page.getByText('Showing 1 to 10 of 10')).toBeVisible();
    const onScreen = await invoiceNumbers(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Invoices.csv');
    const csv = await csvFile(await download.path());
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'JMS Number,Matter Reference,Invoice Number,Issue Date,Due Date,Amount,Currency,Branch,Status',
    );
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(onScreen);
    expect(onScreen).toEqual([...onScreen].sort());
  });

  test('shows cards with a filter and sort panel on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/Invoice');
    const cards = page.getByRole('list', { name: 'Invoices' }).getByRole('article');
    await expect(cards).toHaveCount(10);
    await page.getByText('Filter and sort').click();
    await page.locator('#mobile-filter-inv').fill('NG2002-1003');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('link', { name: 'INV-NG2002-1003', exact: true })).toHaveAttribute(
      'target',
      '_blank',
    );
  });
});
