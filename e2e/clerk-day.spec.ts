/**
 * The clerk's working day, as the clerk sees it on a phone (390 px) and on a laptop: the invoice list's cards with
 * number, status and total, and its Status filter. Each page fits 390, 1024 and 1280 px and is axe-clean. Demo
 * data: Northgate Legal's 45 invoices.
 */
import { expect, test } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { expectNoSidewaysScroll, expectNoViolations, WIDTHS } from './support/ops';

test('on a phone the invoice cards show number, status and total, and the Status filter narrows to Overdue', async ({
  page,
}) => {
  await signIn(page, 'ng.user');
  await settleNotice(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/Invoice');
  const cards = page.getByRole('list', { name: 'Invoices' }).getByRole('article');
  await expect(cards).toHaveCount(10);
  // Every card shows its number, its status and its total inside the screen's width.
  for (const card of await cards.all()) {
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(/^INV-NG2002-\d+$/);
    await expect(card.getByText(/^(Paid|Unpaid|Part paid|Part credited|Overdue|Credited in full)$/)).toBeVisible();
    const amount = card.getByText(/^\$[\d,]+\.\d\d$/);
    await expect(amount).toBeVisible();
    const box = await amount.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  }
  await expectNoSidewaysScroll(page, 'the invoice list at 390 px');

  // The Status filter, in the phone's filter panel.
  await page.getByText('Filter and sort').click();
  const status = page.locator('#mobile-filter-status');
  await status.selectOption({ label: 'Overdue' });
  await expect(page).toHaveURL(/pay=overdue/);
  await expect(page.getByTestId('payment-filter')).toContainText('Status: Overdue');
  await expect(cards.first()).toBeVisible();
  const summary = await page.getByText(/^Showing 1 to \d+ of \d+$/).innerText();
  const total = Number(/of (\d+)$/.exec(summary)?.[1]);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(45);
  for (const card of await cards.all()) await expect(card.getByText('Overdue', { exact: true })).toBeVisible();

  await status.selectOption({ label: 'Paid' });
  await expect(page).toHaveURL(/pay=paid/);
  // Every third of the 45 demo invoices is paid.
  await expect(page.getByText(/^Showing 1 to 10 of 15$/)).toBeVisible();
  for (const card of await cards.all()) await expect(card.getByText('Paid', { exact: true })).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expectNoSidewaysScroll(page, `the invoice list at ${width} px`);
    await expectNoViolations(page, `the invoice list at ${width} px`);
  }
});
