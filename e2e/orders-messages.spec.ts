/**
 * The conversation on a job (issue 29), on real SMTP: the client writes a message with an attachment, staff
 * answer and also write an internal ("Staff only") note; the client sees the thread in order on the slip, never
 * the note (in the page and in every API answer it reads: api/Job/{id}, api/Job/JobSlip/{id},
 * api/CommentHistory/CommentHistoryDetail/{id}); the staff answer reaches the orderer's mailbox; the pages stay
 * axe-clean at 390, 1024 and 1280 px. Users: e2e.drafter (Coastline Legal), staff.operator.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { apiToken, settleNotice, signIn } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';

const ZONE = 'Australia/Sydney';
const MAIL = 'e2e.drafter@example.com';
const NOTE = `Staff only: check the invoice first ${Date.now()}`;

const enc = (id: number) => {
  let s = String(id);
  for (let i = 0; i < 4; i++) s = Buffer.from(s, 'utf8').toString('base64');
  return s;
};

async function axeClean(page: Page): Promise<void> {
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const r = await new AxeBuilder({ page }).analyze();
    expect(r.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a message thread: the client writes, staff answer; the internal note stays hidden; the e-mail arrives', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const auth = { Authorization: `Bearer ${await apiToken(request, 'e2e.drafter')}` };
  const session: { ClientId: number } = await (await request.get('/api/Authentication/Session', { headers: auth })).json();
  const branches: { ClientBranchAddressId: number }[] = await (await request.get(`/api/Job/ClientBranchAddress/${session.ClientId}`, { headers: auth })).json();
  const d = formatInTimeZone(new Date(Date.now() + 86_400_000), ZONE, 'dd/MM/yyyy');
  const added = await request.post('/api/Job/Add', {
    headers: auth,
    data: {
      OrderType: 5,
      NumberOfCopies: 2,
      ContactName: 'Drew Drafter',
      Email: MAIL,
      ContactPhone: '(02)9000-0000',
      AfterHourContactNumber: '0412345678',
      MatterReference: `MSG-${Date.now()}`,
      ClientBranchAddressId: branches[0]?.ClientBranchAddressId,
      Instructions: 'Two copies.',
      DateReadyInput: d,
      TimeReadyInput: '10:00 AM',
      DateDueInput: d,
      TimeDueInput: '03:00 PM',
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const job: { JobId: number; JMSNumber: string } = await added.json();

  // The client writes, with an attachment.
  await signIn(page, 'e2e.drafter');
  await settleNotice(page);
  await page.goto(`/JobSlip?jb=${encodeURIComponent(enc(job.JobId))}`);
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByRole('textbox', { name: 'New message' }).fill('Is tab 3 needed?\nThe index is attached.');
  await thread.locator('input[type="file"]').setInputFiles({ name: 'index.pdf', mimeType: 'application/pdf', buffer: Buffer.from('the index') });
  await expect(thread.getByTestId('source-file')).toHaveAttribute('data-status', 'done');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByRole('list', { name: 'Messages' }).getByTestId('thread-message')).toHaveCount(1);
  await expect(thread.getByRole('list', { name: 'Messages' })).toContainText('index.pdf');

  // Staff read it, add an internal note (Staff only) and answer.
  const before = (await messagesTo(MAIL)).length;
  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto(`/Ops/Job?jb=${encodeURIComponent(enc(job.JobId))}`);
  const staffThread = staff.getByRole('region', { name: 'Messages' });
  await expect(staffThread).toContainText('Is tab 3 needed?');
  const form = staff.getByRole('form', { name: 'Change status' });
  await form.getByLabel('New status').selectOption({ label: 'Not Started' });
  await form.getByRole('textbox', { name: 'Comment' }).fill(NOTE);
  await form.getByLabel('Staff only (internal)').check();
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByText('Status changed to Not Started.')).toBeVisible();
  await staffThread.getByRole('textbox', { name: 'New message' }).fill('Yes, tab 3 please.');
  await staffThread.getByRole('button', { name: 'Send message' }).click();
  await expect(staffThread.getByTestId('thread-message')).toHaveCount(2);
  await axeClean(staff);

  // The orderer is mailed on real SMTP.
  const mail = await waitForMail(MAIL, { subject: new RegExp(`new message on job ${job.JMSNumber}`), after: before });
  expect(mail.text).toContain('Yes, tab 3 please.');
  expect(mail.text).not.toContain(NOTE);

  // The client sees both messages in order, never the note: in the page and in every answer.
  await page.reload();
  const items = thread.getByTestId('thread-message');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Is tab 3 needed?');
  await expect(items.nth(1)).toContainText('Yes, tab 3 please.');
  await expect(page.locator('body')).not.toContainText(NOTE);
  await axeClean(page);
  for (const url of [`/api/Job/${job.JobId}`, `/api/Job/JobSlip/${job.JobId}`, `/api/CommentHistory/CommentHistoryDetail/${job.JobId}`]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    expect(await res.text(), url).not.toContain(NOTE);
  }
  await staffCtx.close();
});
