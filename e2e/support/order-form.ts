/** Ordering a job on the order form (/SaveJob) from e2e specs, as a signed-in client user does. */
import { expect, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';

/** The zone of the ordering users' dates (the e2e users' own). */
const ZONE = 'Australia/Sydney';

export interface PrintOrder {
  /** The signed-in user's address, which the form fills in as the contact's. */
  email: string;
  matter: string;
  instructions: string;
  copies: number;
  /** A source file attached on step 2, uploaded before the order is saved. */
  file?: { name: string; buffer: Buffer };
}

/**
 * Orders a Print job, ready at 10:00 AM and due at 12:00 PM tomorrow, at the user's default branch, and answers the
 * new job's encoded id (`jb` of the job list it lands on) and its JMS number (its row, found by the matter).
 */
export async function orderPrintJob(page: Page, o: PrintOrder): Promise<{ jb: string; jmsNumber: string }> {
  await page.goto('/SaveJob');
  // The fields wait, disabled, until the form is ready (a choice made before would be reset): selectOption waits too.
  await page.getByRole('combobox', { name: 'Order type', exact: true }).selectOption({ label: 'Print' });
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(o.email);
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412345678');
  await page.getByRole('combobox', { name: 'Matter reference' }).fill(o.matter);
  await expect(page.getByRole('combobox', { name: 'Client branch address', exact: true })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Instructions', exact: true }).fill(o.instructions);
  const tomorrow = formatInTimeZone(new Date(Date.now() + 86_400_000), ZONE, 'dd/MM/yyyy');
  await page.getByRole('textbox', { name: 'Ready date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Ready time', exact: true }).selectOption('10:00 AM');
  await page.getByRole('textbox', { name: 'Requested due date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Requested due time', exact: true }).selectOption('12:00 PM');
  await page.getByRole('textbox', { name: 'Number of copies', exact: true }).fill(String(o.copies));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Print details' })).toBeVisible();
  if (o.file) {
    await page.locator('input[type="file"]').setInputFiles({ ...o.file, mimeType: 'application/pdf' });
    await expect(page.getByTestId('source-file').filter({ hasText: o.file.name })).toHaveAttribute(
      'data-status',
      'done',
    );
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobClient\?messageType=1&jb=/);
  await expect(page.getByText('New Job is saved successfully.')).toBeVisible();
  const jb = new URL(page.url()).searchParams.get('jb') ?? '';
  const row = page.getByRole('table', { name: 'Jobs' }).locator('tbody tr').filter({ hasText: o.matter });
  const jmsNumber = (await row.locator('th[scope=row]').innerText()).trim();
  expect(jmsNumber).toMatch(/^\d+$/);
  return { jb, jmsNumber };
}
