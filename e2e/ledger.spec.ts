/**
 * One ledger, as a firm's administrator and the provider's staff read it: the statement's closing balance is the
 * total owed in its ageing table, on the demo data's paid, part-paid, overdue, credited and void invoices. The
 * adjustment note is a line of the statement, and the void invoice cancels itself out. Both statements read the
 * same entries (lib/invoices/ledger.ts), so the firm's and the staff's pages agree. Each page reads both figures at
 * once, so another spec's invoice for the same firm cannot come between them.
 */
import { expect, test, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';

/** Whole cents from the page's "$1,234.56". */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

async function balances(page: Page): Promise<{ closing: number; owed: number }> {
  const closing = await page.getByTestId('closing-balance').textContent();
  const owed = await page.getByTestId('ageing-total').textContent();
  return { closing: cents(closing), owed: cents(owed) };
}

test('the statement’s closing balance is the total owed, its adjustment note a credit line; staff see the same', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'ng.admin');
  await settleNotice(admin);
  // From the start of the demo invoices, so the opening balance is nothing and every entry is a line.
  const from = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
  await admin.goto(`/Statement?from=${from}`);
  await expect(admin.getByTestId('opening-balance')).toHaveText('$0.00');
  const firm = await balances(admin);
  expect(firm.owed).toBeGreaterThan(0);
  expect(firm.closing).toBe(firm.owed);

  const credit = admin.getByRole('row').filter({ hasText: 'Adjustment note CN-NG2002-1 for invoice INV-NG2002-1005' });
  await expect(credit).toHaveCount(1);
  await expect(credit.getByRole('cell').nth(4)).toHaveText(/^\$\d+\.\d\d$/);
  const voided = admin.getByRole('row').filter({ hasText: 'Invoice INV-NG2002-1023 voided' });
  await expect(voided).toHaveCount(1);
  // The void line credits exactly what the invoice's own line debited.
  const debited = admin.getByRole('row').filter({ hasText: 'Invoice INV-NG2002-1023 (job' });
  expect(cents(await voided.getByRole('cell').nth(4).textContent())).toBe(
    cents(await debited.getByRole('cell').nth(3).textContent()),
  );

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto('/Ops/Invoices/Statement');
  await staff.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Northgate Legal (NG2002)' });
  await staff.getByRole('button', { name: 'Show statement' }).click();
  await expect(staff.getByTestId('closing-balance')).toBeVisible();
  const ops = await balances(staff);
  expect(ops.closing).toBe(ops.owed);

  // The credited invoice is named the same by the staff list, the firm's list and its slip: a note and no payment.
  await staff.goto('/Ops/Invoices?q=INV-NG2002-1005');
  const row = staff.getByRole('row').filter({ hasText: 'INV-NG2002-1005' });
  await expect(row.getByText('Part credited', { exact: true })).toBeVisible();
  await expect(row).toContainText(/\$\d+\.\d\d credited/);
  await admin.goto('/Invoice?inv=INV-NG2002-1005');
  const mine = admin
    .getByRole('table', { name: 'Invoices' })
    .locator('tbody tr')
    .filter({ hasText: 'INV-NG2002-1005' });
  await expect(mine.getByText('Part credited', { exact: true })).toBeVisible();
});
