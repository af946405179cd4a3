/**
 * Issue 30 ("Done when"), end to end on real SMTP: staff invoice three of Bayside Legal's jobs with the lines and the
 * due date prefilled from its price list and payment terms; the firm's administrator downloads the PDF and a test
 * reads its GST and total; a part payment, then the rest, moves the invoice to Paid and sends a receipt each time.
 * The statement's ageing with a fixed clock is checked by lib/invoices/statement.db.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { extractText } from 'unpdf';
import { mailOf, settleNotice, signIn } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';
import { checkOpsPage } from './support/ops';

const JOBS = ['970001', '970002', '970003'];
const ADMIN = 'e2e.billing.admin';
const stamp = Date.now().toString(36).toUpperCase();
const INVOICE = `BY-${stamp}`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ acceptDownloads: true })).newPage();
}

let staff: Page;
let client: Page;
let slipUrl = '';

test('staff invoice three jobs from the queue: lines priced from the client’s list, due date from its terms, the next number; GST added', async ({
  browser,
}) => {
  staff = await newPage(browser);
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  // From the queue: the client's three jobs ticked, then "Invoice these jobs".
  await staff.goto('/Ops/Jobs');
  await staff.getByLabel('Client').first().selectOption({ label: 'Bayside Legal' });
  await expect(staff).toHaveURL(/client=\d+/);
  const queue = staff.getByRole('table', { name: 'Job queue' });
  await expect(queue.getByRole('row')).toHaveCount(JOBS.length + 1);
  await staff.getByLabel('Select all on this page').check();
  await staff.getByRole('region', { name: 'Bulk actions' }).getByRole('link', { name: 'Invoice these jobs' }).click();
  await staff.waitForURL(/\/Ops\/Invoices\/New\?ids=/);
  await expect(staff.getByText('Prefilled for Bayside Legal')).toBeVisible();
  await expect(staff.getByLabel('Client')).toHaveValue(/\d+/);
  await expect(staff.getByLabel('Job numbers')).toHaveValue(JOBS.join(', '));
  // Left empty: the next number of the firm's own series is given on issue, and the form names it.
  await expect(staff.getByLabel('Invoice number')).toHaveValue('');
  await expect(staff.getByText(/Leave empty for the next number of the client's series: INV-/)).toBeVisible();
  const today = formatInTimeZone(new Date(), 'Australia/Sydney', 'yyyy-MM-dd');
  const due = formatInTimeZone(new Date(Date.parse(`${today}T12:00:00Z`) + 14 * 86_400_000), 'UTC', 'yyyy-MM-dd');
  await expect(staff.getByLabel('Issue date')).toHaveValue(today);
  await expect(staff.getByLabel('Due date')).toHaveValue(due);
  for (const [i, [quantity, amount]] of [
    ['1', '75.00'],
    ['2', '150.00'],
    ['4', '300.00'],
  ].entries()) {
    await expect(staff.getByLabel(`Line ${i + 1} stock code`)).toHaveValue('DP');
    await expect(staff.getByLabel(`Line ${i + 1} description`)).toHaveValue(
      new RegExp(`^Data processing: job ${JOBS[i]}`),
    );
    await expect(staff.getByLabel(`Line ${i + 1} quantity`)).toHaveValue(quantity!);
    await expect(staff.getByLabel(`Line ${i + 1} amount`)).toHaveValue(amount!);
  }
  await expect(staff.getByText('Before GST $525.00, GST 10% $52.50, total $577.50')).toBeVisible();
  // Staff can change anything before issuing: here the number, to keep reruns apart.
  await staff.getByLabel('Invoice number').fill(INVOICE);
  await staff.getByRole('button', { name: 'Issue invoice' }).click();
  await staff.waitForURL(/\/Ops\/Invoices\?msg=1/);
  await expect(staff.getByRole('row').filter({ hasText: INVOICE })).toContainText('$577.50');
});

test('a job is billed once: the queue says "Invoiced", the draft leaves it out, and a second invoice is refused', async () => {
  await staff.goto('/Ops/Jobs');
  await staff.getByLabel('Client').first().selectOption({ label: 'Bayside Legal' });
  await expect(staff).toHaveURL(/client=\d+/);
  const queue = staff.getByRole('table', { name: 'Job queue' });
  await expect(queue.getByRole('row').filter({ hasText: JOBS[0]! })).toContainText(`Invoiced: ${INVOICE}`);
  await staff.goto(`/Ops/Invoices/New?jobs=${JOBS[0]}`);
  await expect(staff.getByText(`Left out, already billed: job ${JOBS[0]} on ${INVOICE}.`)).toBeVisible();
  // Typed in by hand all the same: refused, naming the invoice.
  const bayside = await staff
    .getByLabel('Client')
    .locator('option', { hasText: 'Bayside Legal' })
    .getAttribute('value');
  await staff.getByLabel('Client').selectOption(bayside!);
  await staff.getByLabel('Job numbers').fill(JOBS[0]!);
  await staff.getByLabel('Line 1 stock code').fill('DP');
  await staff.getByLabel('Line 1 description').fill('Data processing');
  await staff.getByLabel('Line 1 quantity').fill('1');
  await staff.getByLabel('Line 1 amount excl. GST').fill('75.00');
  await staff.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(staff.getByText(`Job ${JOBS[0]} is already billed on invoice ${INVOICE}.`).first()).toBeVisible();
  await expect(staff).toHaveURL(/\/Ops\/Invoices\/New/);
});

test('the firm’s administrator downloads the tax invoice PDF: GST and total read back from it', async ({ browser }) => {
  client = await newPage(browser);
  await signIn(client, ADMIN);
  await settleNotice(client);
  await client.goto('/Invoice');
  const row = client.getByRole('table', { name: 'Invoices' }).locator('tbody tr').filter({ hasText: INVOICE });
  await expect(row).toContainText('$577.50');
  const [slip] = await Promise.all([
    client.context().waitForEvent('page'),
    row.getByRole('link', { name: INVOICE, exact: true }).click(),
  ]);
  await slip.waitForLoadState();
  slipUrl = slip.url();
  await expect(slip.getByText('Tax invoice', { exact: true })).toBeVisible();
  await expect(slip.getByTestId('invoice-gst')).toHaveText('$52.50');
  await expect(slip.getByTestId('invoice-total')).toHaveText('$577.50');
  const [download] = await Promise.all([
    slip.waitForEvent('download'),
    slip.getByRole('link', { name: `Download PDF of invoice ${INVOICE}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Invoice-${INVOICE}.pdf`);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  const { text } = await extractText(bytes, { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('Tax invoice');
  expect(flat).toContain(INVOICE);
  expect(flat).toMatch(/GST \$52\.50/);
  expect(flat).toMatch(/Total incl\. GST \$577\.50/);
});

test('a part payment, then the rest: Paid, and a receipt by e-mail each time', async () => {
  const seen = (await messagesTo(mailOf(ADMIN))).length;
  await staff.goto(`/Ops/Invoices?q=${INVOICE}`);
  await staff.getByRole('link', { name: `Record payment for invoice ${INVOICE}` }).click();
  await expect(staff.getByLabel('Invoice numbers')).toHaveValue(INVOICE);
  await expect(staff.getByLabel('Amount')).toHaveValue('577.50');
  await staff.getByLabel('Amount').fill('200.00');
  await staff.getByLabel('Reference').fill(`EFT ${stamp}-1`);
  await staff.getByRole('button', { name: 'Record payment' }).click();
  await staff.waitForURL(/\/Ops\/Invoices\?msg=2/);
  await expect(staff.getByText(`${INVOICE} ($377.50 left)`)).toBeVisible();
  const part = await waitForMail(mailOf(ADMIN), {
    subject: /^Receipt for your payment of \$200\.00$/,
    after: seen,
    timeoutMs: 20_000,
  });
  expect(part.text).toContain(`Invoice ${INVOICE}: $200.00 received; $377.50 still to pay.`);

  await staff.goto(`/Ops/Invoices?q=${INVOICE}`);
  await expect(staff.getByRole('row').filter({ hasText: INVOICE })).toContainText('Part paid');
  await staff.getByRole('link', { name: `Record payment for invoice ${INVOICE}` }).click();
  await expect(staff.getByLabel('Amount')).toHaveValue('377.50');
  await staff.getByRole('button', { name: 'Record payment' }).click();
  await staff.waitForURL(/\/Ops\/Invoices\?msg=2/);
  await expect(staff.getByText(`${INVOICE} (paid)`)).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: INVOICE }).getByText('Paid', { exact: true })).toBeVisible();
  const done = await waitForMail(mailOf(ADMIN), {
    subject: new RegExp(`^Receipt: invoice ${INVOICE} is paid$`),
    after: seen,
    timeoutMs: 20_000,
  });
  expect(done.text).toContain(`Invoice ${INVOICE}: $377.50 received; now paid in full.`);

  await client.goto('/Invoice');
  const row = client.getByRole('table', { name: 'Invoices' }).locator('tbody tr').filter({ hasText: INVOICE });
  await expect(row).toContainText('Paid');
});

test('supplier details are entered once and shown on the invoice; the billing pages fit 390 to 1280 px and are axe-clean', async () => {
  // Seven pages at three widths with axe each: it ran out of the describe's 180 s once in a full gate (load 11).
  test.setTimeout(300_000);
  await staff.goto('/Ops/Invoices/Supplier');
  await staff.getByLabel('Legal name').fill('Legal Copy Services Pty Ltd');
  await staff.getByLabel('ABN').fill('51 824 753 556');
  await staff.getByLabel('Address').fill('1 George Street, Sydney NSW 2000');
  await staff.getByLabel('Bank account name').fill('Legal Copy Services');
  await staff.getByLabel('BSB').fill('062-000');
  await staff.getByLabel('Account number').fill('12345678');
  await expect(staff.getByLabel('GST rate (%)')).toHaveValue('10');
  await staff.getByRole('button', { name: 'Save supplier details' }).click();
  await expect(staff.getByText('The supplier details have been saved.')).toBeVisible();

  await client.goto(slipUrl);
  await expect(client.getByText('Legal Copy Services Pty Ltd')).toBeVisible();
  await expect(client.getByText('ABN 51 824 753 556')).toBeVisible();

  await staff.goto('/Ops/Invoices/Prices');
  await staff.getByLabel('Client').selectOption({ label: 'Bayside Legal (BY7007)' });
  await staff.getByRole('button', { name: 'Open' }).click();
  await expect(staff.getByLabel('Price 1 unit price excl. GST')).toHaveValue('75.0000');
  const pricesUrl = staff.url();
  for (const url of [
    '/Ops/Invoices',
    `/Ops/Invoices/New?jobs=${JOBS.join(',')}`,
    '/Ops/Invoices/Supplier',
    pricesUrl,
    `/Ops/Invoices/Payment?invoices=${INVOICE}`,
  ])
    await checkOpsPage(staff, url);
  for (const url of [slipUrl, '/Statement']) await checkOpsPage(client, url);
});
