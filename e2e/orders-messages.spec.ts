/**
 * The conversation on a job (issue 29), on real SMTP: the client writes a message with an attachment, staff
 * answer and also write an internal ("Staff only") note; the client sees the thread in order on the slip, never
 * the note (in the page and in every API answer it reads: api/Job/{id}, api/Job/JobSlip/{id},
 * api/CommentHistory/CommentHistoryDetail/{id}); the staff answer reaches the orderer's mailbox; the pages stay
 * axe-clean at 390, 1024 and 1280 px. Users: e2e.drafter (Coastline Legal), staff.operator.
 */
import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiToken, settleNotice, signIn } from './support/auth';
import { apiOrderer, slipPath, staffJobPath, type OrderedJob } from './support/api-order';
import { messagesTo, waitForMail } from './support/mailbox';

const MAIL = 'e2e.drafter@example.com';
const NOTE = `Staff only: check the invoice first ${Date.now()}`;

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

/** A new job of Coastline Legal, ordered through api/Job/Add as e2e.drafter (the orderer, mailed at MAIL). */
/** staff.operator, in a browser of its own, on the staff page of the job: its context, page and message thread. */
async function staffOnJob(browser: Browser, jobId: number) {
  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto(staffJobPath(jobId));
  return { staffCtx, staff, staffThread: staff.getByRole('region', { name: 'Messages' }) };
}

async function orderJob(request: APIRequestContext): Promise<OrderedJob> {
  const order = await apiOrderer(request, 'e2e.drafter');
  return order({
    matter: `MSG-${Date.now()}`,
    copies: 2,
    contactName: 'Drew Drafter',
    email: MAIL,
    instructions: 'Two copies.',
  });
}

test('a message thread: the client writes, staff answer; the internal note stays hidden; the e-mail arrives', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const job = await orderJob(request);

  // The client writes, with an attachment.
  await signIn(page, 'e2e.drafter');
  await settleNotice(page);
  await page.goto(slipPath(job.JobId));
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByRole('textbox', { name: 'New message' }).fill('Is tab 3 needed?\nThe index is attached.');
  await thread
    .locator('input[type="file"]')
    .setInputFiles({ name: 'index.pdf', mimeType: 'application/pdf', buffer: Buffer.from('the index') });
  await expect(thread.getByTestId('source-file')).toHaveAttribute('data-status', 'done');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByRole('list', { name: 'Messages' }).getByTestId('thread-message')).toHaveCount(1);
  await expect(thread.getByRole('list', { name: 'Messages' })).toContainText('index.pdf');

  // Staff read it, add an internal note (Staff only) and answer.
  const before = (await messagesTo(MAIL)).length;
  const { staffCtx, staff, staffThread } = await staffOnJob(browser, job.JobId);
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
  // Its link opens the job's slip at that message.
  const link = /Read and answer it on the job slip: (\S+)/.exec(mail.text)?.[1] ?? '';
  const anchor = new URL(link).hash;
  expect(anchor).toMatch(/^#message-\d+$/);
  await page.goto(link);
  await expect(page.locator(anchor)).toContainText('Yes, tab 3 please.');

  // The client sees both messages in order, never the note: in the page and in every answer.
  await page.reload();
  const items = thread.getByTestId('thread-message');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Is tab 3 needed?');
  await expect(items.nth(1)).toContainText('Yes, tab 3 please.');
  await expect(page.locator('body')).not.toContainText(NOTE);
  await axeClean(page);
  for (const url of [
    `/api/Job/${job.JobId}`,
    `/api/Job/JobSlip/${job.JobId}`,
    `/api/CommentHistory/CommentHistoryDetail/${job.JobId}`,
  ]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    expect(await res.text(), url).not.toContain(NOTE);
  }
  await staffCtx.close();
});

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

test('staff answer with an attachment the client downloads (same SHA-256) and is mailed about; an internal note’s file never reaches the client; another firm gets 404', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const job = await orderJob(request);
  const stamp = Date.now();
  const proof = Buffer.from(`%PDF-1.4 the proof ${stamp}`);
  const NOTE_FILE = `credit-check-${stamp}.pdf`;
  const NOTE_TEXT = `Internal: waiting on the credit check ${stamp}`;

  // The client asks.
  await signIn(page, 'e2e.drafter');
  await settleNotice(page);
  const slipUrl = slipPath(job.JobId);
  await page.goto(slipUrl);
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByRole('textbox', { name: 'New message' }).fill('Could you send the proof?');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByTestId('thread-message')).toHaveCount(1);

  // Staff answer with the proof attached, then write an internal note with its own file.
  const before = (await messagesTo(MAIL)).length;
  const { staffCtx, staff, staffThread } = await staffOnJob(browser, job.JobId);
  await expect(staffThread).toContainText('Could you send the proof?');
  await staffThread.getByRole('textbox', { name: 'New message' }).fill('Here is the proof.');
  await staffThread
    .locator('input[type="file"]')
    .setInputFiles({ name: 'proof.pdf', mimeType: 'application/pdf', buffer: proof });
  await expect(staffThread.getByTestId('source-file')).toHaveAttribute('data-status', 'done');
  await axeClean(staff);
  await staffThread.getByRole('button', { name: 'Send message' }).click();
  await expect(staffThread.getByTestId('thread-message')).toHaveCount(2);
  await expect(staffThread.getByText('Your message was sent.')).toBeVisible();
  await staffThread.getByRole('textbox', { name: 'New message' }).fill(NOTE_TEXT);
  await staffThread
    .locator('input[type="file"]')
    .setInputFiles({ name: NOTE_FILE, mimeType: 'application/pdf', buffer: Buffer.from('private') });
  await expect(staffThread.getByTestId('source-file')).toHaveAttribute('data-status', 'done');
  await staffThread.getByRole('checkbox', { name: 'Internal note' }).check();
  await staffThread.getByRole('button', { name: 'Save note' }).click();
  await expect(staffThread.getByText('Your internal note was saved.')).toBeVisible();
  const staffItems = staffThread.getByTestId('thread-message');
  await expect(staffItems).toHaveCount(3);
  await expect(staffItems.nth(2)).toContainText('Internal note: staff only');
  await expect(staffItems.nth(2).getByRole('link', { name: NOTE_FILE })).toBeVisible();
  const noteHref = (await staffItems.nth(2).getByRole('link', { name: NOTE_FILE }).getAttribute('href')) ?? '';
  const proofHref = (await staffItems.nth(1).getByRole('link', { name: 'proof.pdf' }).getAttribute('href')) ?? '';
  expect(noteHref).toMatch(/^\/api\/Document\/Download\/\d+$/);
  expect(proofHref).toMatch(/^\/api\/Document\/Download\/\d+$/);
  await axeClean(staff);

  // The orderer is mailed on real SMTP about the answer and its attachment, never about the note.
  const mail = await waitForMail(MAIL, { subject: new RegExp(`new message on job ${job.JMSNumber}`), after: before });
  expect(mail.text).toContain('Here is the proof.');
  expect(mail.text).toContain('Attached: proof.pdf');
  expect((await messagesTo(MAIL)).some((m) => m.text.includes(NOTE_TEXT))).toBe(false);

  // The client sees the answer with its attachment (name, size) and downloads the very bytes.
  await page.reload();
  const items = thread.getByTestId('thread-message');
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText('Here is the proof.');
  await expect(items.nth(1).getByRole('list', { name: 'Attachments' })).toContainText(
    `proof.pdf (${proof.length} bytes)`,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    items.nth(1).getByRole('link', { name: 'proof.pdf' }).click(),
  ]);
  expect(sha256(await readFile(await download.path()))).toBe(sha256(proof));
  await expect(page.locator('body')).not.toContainText(NOTE_TEXT);
  await expect(page.locator('body')).not.toContainText(NOTE_FILE);
  await axeClean(page);

  // Nor in any answer the client reads; the note's file itself is a 404 to the client.
  for (const url of [
    `/api/Job/${job.JobId}`,
    `/api/Job/JobSlip/${job.JobId}`,
    `/api/CommentHistory/CommentHistoryDetail/${job.JobId}`,
    slipUrl,
  ]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    const body = await res.text();
    expect(body, url).not.toContain(NOTE_FILE);
    expect(body, url).not.toContain(NOTE_TEXT);
  }
  expect((await page.request.get(noteHref)).status()).toBe(404);
  expect((await page.request.get(proofHref)).status()).toBe(200);

  // The provider's integration API (/api/v1) carries neither the note nor its file.
  const admin = await staffCtx.newPage();
  await staffCtx.clearCookies();
  await signIn(admin, 'staff.admin', undefined, { landing: /\/Ops$/ });
  await admin.goto('/Ops/ApiKeys');
  const keyForm = admin.getByRole('form', { name: 'New API key' });
  await keyForm.getByLabel('Name').fill(`Messages ${stamp}`);
  await keyForm.getByRole('checkbox', { name: 'jobs:read' }).check();
  await keyForm.getByRole('button', { name: 'Create API key' }).click();
  const apiKey = await admin.getByRole('textbox', { name: 'The new API key' }).inputValue();
  const v1 = await request.get(`/api/v1/jobs/${job.JMSNumber}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(v1.status()).toBe(200);
  expect(await v1.text()).not.toContain(NOTE_FILE);

  // Another firm cannot download the answer's attachment: 404, as for a file that does not exist.
  const other = { Authorization: `Bearer ${await apiToken(request, 'e2e.live.other')}` };
  expect((await request.get(proofHref, { headers: other })).status()).toBe(404);
  expect((await request.get(noteHref, { headers: other })).status()).toBe(404);
  await staffCtx.close();
});
