/**
 * Changes after ordering (issue 29), on real SMTP: the client cancels a job before work started (with a reason),
 * and once work has started on another job asks for an amendment through the same order form, which staff
 * accept on the staff job page; the provider's inbox is told of both; the pages stay axe-clean at 390, 1024 and
 * 1280 px. Users: e2e.drafter (Coastline Legal), staff.operator (signed in only).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiOrderer, slipPath, staffJobPath } from './support/api-order';
import { settleNotice, signIn } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';

const OPS_MAIL = 'support@jms.example.com';

async function axeClean(page: Page): Promise<void> {
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const r = await new AxeBuilder({ page }).analyze();
    expect(r.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a job cancelled by the client before work started; an amendment requested after work started, accepted by staff', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const orderAs = await apiOrderer(request, 'e2e.drafter');
  const order = (matter: string) =>
    orderAs({
      matter,
      copies: 3,
      contactName: 'Drew Drafter',
      email: 'e2e.drafter@example.com',
      instructions: 'Three bound copies, please.',
    });
  const first = await order(`CHG-A-${Date.now()}`);
  const second = await order(`CHG-B-${Date.now()}`);

  await signIn(page, 'e2e.drafter');
  await settleNotice(page);

  // 1. Before work starts: cancelled at once, with the reason, in the status history; the provider is told.
  const since = (await messagesTo(OPS_MAIL)).length;
  await page.goto(slipPath(first.JobId));
  const panel = page.getByRole('region', { name: 'Change this job' });
  await expect(panel).toContainText('Until work starts you can amend or cancel this job yourself.');
  await axeClean(page);
  await panel.getByRole('button', { name: 'Cancel job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel job' });
  await dialog.getByRole('button', { name: 'Cancel job' }).click();
  await expect(dialog.getByText('Please say why the job is cancelled.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The matter settled this morning.');
  await dialog.getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByText('The job has been cancelled.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Status history' })).toContainText('Cancelled');
  await expect(page.getByText('Cancelled: The matter settled this morning.')).toBeVisible();
  expect((await (await page.request.get(`/api/Job/${first.JobId}`)).json()).Status).toBe(10);
  const told = await waitForMail(OPS_MAIL, {
    subject: new RegExp(`job ${first.JMSNumber}: cancelled by the client`),
    after: since,
  });
  expect(told.text).toContain('The matter settled this morning.');

  // 2. Staff start the second job.
  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto(staffJobPath(second.JobId));
  const form = staff.getByRole('form', { name: 'Change status' });
  await form.getByLabel('New status').selectOption({ label: 'Started' });
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByText('Status changed to Started.')).toBeVisible();

  // 3. The same button now sends a request, through the same order form and validation.
  await page.goto(slipPath(second.JobId));
  await expect(panel).toContainText('Work on this job has started');
  await panel.getByRole('link', { name: 'Request an amendment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Amend job ${second.JMSNumber}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Contact name', exact: true })).toHaveValue('Drew Drafter');
  await page.getByRole('textbox', { name: 'Contact name', exact: true }).fill('Riley Chen');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobSlip\?jb=.*changed=requested/);
  await expect(page.getByText('Your change request has been sent to the provider.')).toBeVisible();
  await expect(panel).toContainText('A change request for this job is waiting for the provider.');
  expect((await (await page.request.get(`/api/Job/${second.JobId}`)).json()).ContactName).toBe('Drew Drafter');
  await waitForMail(OPS_MAIL, { subject: new RegExp(`job ${second.JMSNumber}: amendment requested`), after: since });

  // 4. Staff accept it on the staff job page: the job is amended.
  await staff.reload();
  const requests = staff.getByRole('list', { name: 'Change requests' });
  await expect(requests).toContainText('Amendment');
  await requests.getByRole('button', { name: 'Accept' }).click();
  await expect(staff.getByText('The request was accepted.')).toBeVisible();
  expect((await (await page.request.get(`/api/Job/${second.JobId}`)).json()).ContactName).toBe('Riley Chen');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Change requests' })).toContainText('Accepted');
  await axeClean(page);
  await staffCtx.close();
});
