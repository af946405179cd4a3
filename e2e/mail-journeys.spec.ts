/**
 * The portal's e-mail end to end on real SMTP (the e2e mail server), with the Wagtail Legal users of
 * e2e/support/fixtures-mail.ts (each starts with the default job alerts):
 *  1. staff move e2e.mail.alert's job to On Hold; the alert arrives as HTML and text; its job link, followed in a
 *     signed-out browser, asks for sign-in (with the e-mailed one-time code) and then opens that job's slip;
 *  2. e2e.mail.orderer orders a job on the order form with a file; the confirmation arrives naming the new job's
 *     number, its matter and the file received, and its link opens the slip;
 *  3. /Ops/Emails, and /Unsubscribe reached from a real alert's List-Unsubscribe link, fit 390, 1024 and 1280 px and
 *     are axe-clean; each e-mail fits 320, 390 and 600 px; "Send a test to me" reaches the staff user's own
 *     address; the unsubscribe page's "Stop all job alerts" stops them: a later change of another job sends nothing.
 * staff.operator is signed in only.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailOf, settleNotice, signIn } from './support/auth';
import { MAIL_JOBS, MAIL_USERS } from './support/fixtures-mail';
import { messagesTo, waitForMail, type Mail } from './support/mailbox';
import { expectNoSidewaysScroll, expectNoViolations, WIDTHS } from './support/ops';
import { orderPrintJob } from './support/order-form';
import { APP_URL } from './support/ports';
import { drainQueues } from './support/queues';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function staffPage(browser: Browser): Promise<Page> {
  const staff = await newPage(browser);
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  return staff;
}

/** Staff find the job in the queue, open it and change its status (as the staff workflow does). */
async function moveJob(staff: Page, jmsNumber: string, to: string): Promise<void> {
  await staff.goto(`/Ops/Jobs?q=${jmsNumber}`);
  await staff.getByRole('table', { name: 'Job queue' }).getByRole('link', { name: jmsNumber, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Job ${jmsNumber}`);
  const form = staff.getByRole('form', { name: 'Change status' });
  await form.getByLabel('New status').selectOption({ label: to });
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByText(`Status changed to ${to}.`)).toBeVisible();
}

/**
 * The e-mail's link named `name`, after checking that it is one message of HTML and text, both saying `says` and
 * carrying the link: in HTML as a reader's mail program shows it (`page` renders it), in text as "name: URL".
 */
async function mailLink(page: Page, mail: Mail, says: string, name: string): Promise<string> {
  expect(mail.contentType).toBe('multipart/alternative');
  expect(mail.text).toContain(says);
  expect(mail.html).toContain(says);
  await page.setContent(mail.html);
  const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
  if (!href) throw new Error(`no link "${name}" in the HTML of "${mail.subject}"`);
  expect(mail.text).toContain(`${name}: ${href}`);
  return href;
}

/** The page is the job's slip, showing its status. */
async function expectSlip(page: Page, jmsNumber: string, status: string): Promise<void> {
  await expect(page).toHaveURL(/\/JobSlip\?jb=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Job ${jmsNumber}`);
  await expect(page.getByRole('article')).toContainText(status);
}

/** The job a slip link names: its `jb` parameter (the job's encoded id). */
function jbOf(url: string): string {
  return new URL(url, APP_URL).searchParams.get('jb') ?? '';
}

test('a job alert arrives as HTML and text; its link, followed signed out, leads through sign-in to the job slip', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user = MAIL_USERS.alert;
  const jms = MAIL_JOBS.alert;
  const before = (await messagesTo(mailOf(user))).length;
  const staff = await staffPage(browser);
  await moveJob(staff, jms, 'On Hold');
  await staff.context().close();

  const mail = await waitForMail(mailOf(user), {
    subject: new RegExp(`^Job ${jms} is now On Hold$`),
    after: before,
    timeoutMs: 30_000,
  });
  const reader = await newPage(browser);
  const link = await mailLink(reader, mail, `Job ${jms} is now On Hold.`, 'View the job slip');
  expect(link.startsWith(`${APP_URL}/JobSlip?jb=`), link).toBe(true);
  await expectNoViolations(reader, `the alert "${mail.subject}" (HTML)`);

  // Signed out: the link asks for sign-in, then opens that job's slip, not the job list.
  await reader.goto(link);
  await reader.waitForURL((u) => u.pathname === '/SignIn');
  await signIn(reader, user, undefined, {
    goto: false,
    landing: (u) => u.pathname === '/JobSlip' && jbOf(u.toString()) === jbOf(link),
  });
  // The session's first page owes the reader the notice; its modal hides the slip from role locators until closed.
  await settleNotice(reader);
  await expectSlip(reader, jms, 'On Hold');
  await reader.context().close();
});

test('an order placed on the order form is confirmed by e-mail with its job number, and the link opens its slip', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user = MAIL_USERS.orderer;
  const matter = `WG-ORDER-${Date.now().toString(36)}`.toUpperCase();
  const before = (await messagesTo(mailOf(user))).length;
  const page = await newPage(browser);
  await signIn(page, user);
  await settleNotice(page);

  const { jb: savedJb, jmsNumber: jms } = await orderPrintJob(page, {
    email: mailOf(user),
    matter,
    instructions: 'Two bound copies of the brief.',
    copies: 2,
    file: { name: 'brief-to-print.pdf', buffer: Buffer.alloc(3_000, 1) },
  });

  const mail = await waitForMail(mailOf(user), {
    subject: new RegExp(`^Order confirmed: job ${jms} \\(${matter}\\)$`),
    after: before,
    timeoutMs: 30_000,
  });
  const link = await mailLink(page, mail, `Its job number is ${jms}.`, 'Follow its progress on the job slip');
  // It names the job number, the matter and the files received, in both parts.
  for (const line of [
    `Job number: ${jms}`,
    `Matter reference: ${matter}`,
    'Files received (1):',
    '- brief-to-print.pdf (3 KB)',
  ])
    expect(mail.text).toContain(line);
  for (const words of [matter, 'Files received (1):', 'brief-to-print.pdf (3 KB)']) expect(mail.html).toContain(words);
  expect(jbOf(link)).toBe(savedJb);
  // The orderer gets the confirmation instead of the "order received" alert, not both.
  await drainQueues();
  const aboutJob = (await messagesTo(mailOf(user))).slice(before).filter((m) => m.subject.includes(`job ${jms} `));
  expect(aboutJob.map((m) => m.subject)).toEqual([mail.subject]);

  await page.goto(link);
  await expectSlip(page, jms, 'Submitted');
  await page.context().close();
});

test('/Ops/Emails fits every width and is axe-clean, with each e-mail opened; a test goes to the staff user', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await staffPage(browser);
  // Every e-mail opened, as staff read them: its test button, HTML and text show inside the page's width.
  const list = staff.getByRole('list', { name: 'E-mails the portal sends' });
  for (const width of WIDTHS) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto('/Ops/Emails');
    await expect(staff.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
    const summaries = list.locator('summary');
    const count = await summaries.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await summaries.nth(i).click();
    await expect(list.locator('details[open]')).toHaveCount(count);
    await expect(list.getByRole('heading', { name: 'As text' })).toHaveCount(count);
    await expectNoSidewaysScroll(staff, `/Ops/Emails, every e-mail open, at ${width} px`);
    // The previews are sandboxed without scripts, where axe cannot run: their HTML is checked in the next test.
    await expectNoViolations(staff, `/Ops/Emails, every e-mail open, at ${width} px`, { exclude: 'iframe' });
  }
  // A test of one e-mail goes to the staff user's own address, as multipart/alternative, over real SMTP.
  const own = mailOf('staff.operator');
  const before = (await messagesTo(own)).length;
  const subject = 'Job JMS-01042 is now Delivered';
  await list.getByRole('button', { name: `Send a test to me: ${subject}`, exact: true }).click();
  await expect(list.getByText(`A test of this e-mail is on its way to ${own}.`)).toBeVisible();
  const sent = await waitForMail(own, { subject: new RegExp(`^${subject}$`), after: before, timeoutMs: 30_000 });
  expect(sent.contentType).toBe('multipart/alternative');
  expect(sent.text).toContain('View the job slip: ');
  await staff.context().close();
});

test('each e-mail of /Ops/Emails, as a mail program shows it, fits 320, 390 and 600 px and is axe-clean', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await staffPage(browser);
  await staff.goto('/Ops/Emails');
  const list = staff.getByRole('list', { name: 'E-mails the portal sends' });
  const summaries = list.locator('summary');
  for (let i = 0; i < (await summaries.count()); i++) await summaries.nth(i).click();
  const frames = list.locator('iframe');
  await expect(frames).toHaveCount(await summaries.count());
  const previews: { name: string; html: string }[] = [];
  for (const frame of await frames.all())
    previews.push({
      name: (await frame.getAttribute('title')) ?? '',
      html: (await frame.getAttribute('srcdoc')) ?? '',
    });
  const reader = await staff.context().newPage();
  for (const p of previews) {
    expect(p.html, p.name).toMatch(/<html [^>]*lang="en"/);
    // The narrowest phone (320 px), a common one (390 px) and the layout's full width (600 px).
    for (const width of [320, 390, 600]) {
      await reader.setViewportSize({ width, height: 900 });
      await reader.setContent(p.html);
      await expectNoSidewaysScroll(reader, `${p.name} at ${width} px`);
      if (width === 390) await expectNoViolations(reader, `${p.name} at 390 px`);
    }
  }
  await staff.context().close();
});

test('/Unsubscribe from a real alert fits every width and is axe-clean; "Stop all job alerts" stops them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = MAIL_USERS.unsubscribe;
  const before = (await messagesTo(mailOf(user))).length;
  const staff = await staffPage(browser);
  await moveJob(staff, MAIL_JOBS.unsubscribe, 'On Hold');
  const mail = await waitForMail(mailOf(user), {
    subject: new RegExp(`^Job ${MAIL_JOBS.unsubscribe} is now On Hold$`),
    after: before,
    timeoutMs: 30_000,
  });
  // The one-click header (RFC 8058) and the footer's link are the same signed link.
  const header = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  expect(header.startsWith(`${APP_URL}/api/Settings/Unsubscribe?token=`), header).toBe(true);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const reader = await newPage(browser);
  expect(await mailLink(reader, mail, `Job ${MAIL_JOBS.unsubscribe} is now On Hold.`, 'Stop these alerts')).toBe(
    header,
  );

  // Signed out, as a mail program opens it: the page asks first (a GET never acts), at every width.
  try {
    for (const width of WIDTHS) {
      await reader.setViewportSize({ width, height: 900 });
      await reader.goto(header);
      await reader.waitForURL((u) => u.pathname === '/Unsubscribe');
      await expect(reader.getByText('Stop receiving job alerts on “On Hold” by e-mail?')).toBeVisible();
      await expectNoSidewaysScroll(reader, `/Unsubscribe at ${width} px`);
      await expectNoViolations(reader, `/Unsubscribe at ${width} px`);
    }
    await reader.getByRole('button', { name: 'Stop all job alerts' }).click();
    await reader.waitForURL((u) => u.pathname === '/Unsubscribe' && u.searchParams.get('stopped') === 'all');
    await expect(reader.getByText('You will no longer receive any job alerts by e-mail.')).toBeVisible();
    for (const width of WIDTHS) {
      await reader.setViewportSize({ width, height: 900 });
      await reader.reload();
      await expect(reader.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible();
      await expectNoSidewaysScroll(reader, `/Unsubscribe (done) at ${width} px`);
      await expectNoViolations(reader, `/Unsubscribe (done) at ${width} px`);
    }
  } finally {
    await reader.context().close();
  }

  // The same change of the user's other job, which sent the alert above, now sends nothing: once the queues are
  // drained every mail the change queued has arrived.
  const afterStop = (await messagesTo(mailOf(user))).length;
  await moveJob(staff, MAIL_JOBS.afterUnsubscribe, 'On Hold');
  await staff.context().close();
  await drainQueues();
  expect((await messagesTo(mailOf(user))).slice(afterStop).map((m) => m.subject)).toEqual([]);
});
