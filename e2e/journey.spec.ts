/**
 * The provider's journey of issue 13 ("Done when"), end to end on real SMTP (the e2e mail server):
 *  1. a staff operator onboards a new client and invites its administrator;
 *  2. the administrator sets a password through the e-mailed link, signs in and creates a user;
 *  3. that user (job alerts on for Started and Delivered) orders a print job;
 *  4. staff move it Submitted → Started → Ready For Delivery → Delivered with a comment; the user receives
 *     exactly the Started and Delivered alerts, and the job list and slip show the status and the comment;
 *  5. staff issue an invoice for the job, and the user sees it in the invoice list with its pay link.
 * Everything is made here (a new client, its users), so no demo data changes. staff.operator is signed in only.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailOf, settleNotice, signIn, submitCredentials } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';
import { orderPrintJob } from './support/order-form';
import { drainQueues } from './support/queues';

const stamp = Date.now().toString(36);
const CLIENT = `Journey ${stamp} Lawyers`;
const ACCOUNT = `J-${stamp}`.toUpperCase();
const ADMIN = `jy.admin.${stamp}`;
const USER = `jy.user.${stamp}`;
const ADMIN_PASSWORD = 'Lantern#Quay4821';
const USER_FIRST = 'Harbour#Wren5938';
const USER_PASSWORD = 'Cobalt#Heron8251';
const INVOICE = `INV-J-${stamp}`.toUpperCase();

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function newPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext();
  return ctx.newPage();
}

async function setPassword(page: Page, password: string): Promise<void> {
  await expect(page.getByText('Please change your password to login for the first time.')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(password);
  await page.getByRole('button', { name: /^(Change|Reset) password$/ }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');
}

let staff: Page;
let jmsNumber = '';
let jb = '';
const COMMENT = `Delivered to reception, signed by R. Clerk (${stamp}).`;

test('a staff operator onboards a client with its branches, cities and cost estimates, and invites its administrator', async ({
  browser,
}) => {
  staff = await newPage(browser);
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Clients' }).click();
  await staff.getByRole('link', { name: 'New client' }).click();
  await staff.getByLabel('Client name').fill(CLIENT);
  await staff.getByLabel('Account number').fill(ACCOUNT);
  await staff.getByLabel('Branch 1 label').fill('Head office');
  await staff.getByLabel('Branch 1 address').fill('10 Journey Street, Sydney NSW 2000');
  await staff.getByLabel('Branch 1 ExtClientBranchId').fill(`BR-${stamp}`);
  await staff.getByLabel('City 1').fill('Sydney');
  await staff.getByRole('button', { name: 'Add cost estimate' }).click();
  await staff.getByLabel('Estimate 1 number').fill('9001');
  await staff.getByLabel('Estimate 1 description').fill('Trial bundle');
  await staff.getByRole('button', { name: 'Create client' }).click();
  await staff.waitForURL(/\/Ops\/Clients\/View\?cD=/);
  await expect(staff.getByRole('heading', { level: 1, name: CLIENT })).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Branch addresses' })).toContainText(`BR-${stamp}`);

  const invite = staff.getByRole('form', { name: 'Invite the client administrator' });
  await invite.getByLabel('First name').fill('Ada');
  await invite.getByLabel('Last name').fill('Journey');
  await invite.getByLabel('E-mail').fill(mailOf(ADMIN));
  await invite.getByLabel('Phone').fill('(02)9000-4444');
  await invite.getByLabel('User name').fill(ADMIN);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`The invitation has been sent to ${mailOf(ADMIN)}`)).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Users of the client' })).toContainText('Invited');
});

test('the administrator sets a password through the e-mailed link, signs in and creates a user', async ({
  browser,
}) => {
  const mail = await waitForMail(mailOf(ADMIN), { subject: /invited to the JMS Portal/, timeoutMs: 20_000 });
  const link = /(https?:\/\/\S+\/ResetPassword\?url=[A-Za-z0-9_-]+&reason=first)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  const admin = await newPage(browser);
  await admin.goto(link ?? '');
  await setPassword(admin, ADMIN_PASSWORD);
  // Single use.
  await admin.goto(link ?? '');
  await expect(admin.getByText('Your reset password link has been expired.')).toBeVisible();

  await signIn(admin, ADMIN, ADMIN_PASSWORD);
  await settleNotice(admin);
  await admin.goto('/saveuser');
  const form = admin.getByRole('form', { name: 'Create New User' });
  await form.getByLabel('User name').fill(USER);
  await form.getByLabel('First name').fill('Uma');
  await form.getByLabel('Last name').fill('Journey');
  await form.getByLabel('E-mail').fill(mailOf(USER));
  await form.getByLabel('Phone').fill('(02)9000-5555');
  await form.getByLabel('Role').selectOption({ label: 'Client User' });
  await form.getByLabel(/Invite the person/).uncheck();
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(USER_FIRST);
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(USER_FIRST);
  await form.getByRole('button', { name: 'Create user' }).click();
  await admin.waitForURL((u) => u.pathname === '/user' && u.searchParams.get('msg') === '1');
  await admin.context().close();
});

let user: Page;

test('the user chooses alerts for Started and Delivered, and orders a print job', async ({ browser }) => {
  user = await newPage(browser);
  await user.goto('/SignIn');
  await submitCredentials(user, USER, USER_FIRST);
  await user.waitForURL(/\/ResetPassword\?url=[A-Za-z0-9_-]+&reason=first/);
  await setPassword(user, USER_PASSWORD);
  await signIn(user, USER, USER_PASSWORD);
  await settleNotice(user);

  await user.goto('/Settings');
  // A new user starts with the default alerts (issue 26: Submitted, On Hold, Ready For Delivery, Delivered);
  // this one chooses exactly Started and Delivered, saved without the current password.
  const alerts = user.getByRole('form', { name: 'Alerts' });
  for (const name of ['Submitted', 'On Hold', 'Ready For Delivery', 'Delivered']) {
    await expect(alerts.getByRole('checkbox', { name, exact: true })).toBeChecked();
  }
  for (const name of ['Submitted', 'On Hold', 'Ready For Delivery'])
    await alerts.getByRole('checkbox', { name, exact: true }).uncheck();
  await alerts.getByRole('checkbox', { name: 'Started', exact: true }).check();
  await alerts.getByRole('button', { name: 'Save alerts', exact: true }).click();
  await expect(alerts.getByText('Your alerts were saved.')).toBeVisible();

  ({ jb, jmsNumber } = await orderPrintJob(user, {
    email: mailOf(USER),
    matter: `JY-${stamp}`,
    instructions: 'Print the trial bundle.',
    copies: 2,
  }));
  await expect(user.getByRole('table', { name: 'Jobs' }).locator('tbody tr').first()).toContainText('Submitted');
});

test('staff move the job to Delivered with a comment; the user gets exactly the Started and Delivered alerts and sees both', async () => {
  const before = (await messagesTo(mailOf(USER))).length;
  await staff.goto(`/Ops/Job?jb=${encodeURIComponent(jb)}`);
  await expect(staff.getByRole('heading', { level: 1 })).toContainText(jmsNumber);
  for (const [label, comment] of [
    ['Started', ''],
    ['Ready For Delivery', ''],
    ['Delivered', COMMENT],
  ] as const) {
    const form = staff.getByRole('form', { name: 'Change status' });
    await form.getByLabel('New status').selectOption({ label });
    if (comment) await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
    await form.getByRole('button', { name: 'Change status' }).click();
    if (label === 'Delivered')
      // No file has been delivered for this job: the form asks first.
      await staff
        .getByRole('dialog', { name: 'Set to Delivered without a file?' })
        .getByRole('button', { name: 'Set to Delivered' })
        .click();
    // The status history gains the change (the page re-renders from the server).
    await expect(staff.getByRole('list', { name: 'Status changes' }).getByRole('listitem').last()).toContainText(
      `→ ${label}`,
    );
  }

  // Exactly two alerts: Started and Delivered (Ready For Delivery was not chosen), each with the slip link.
  const delivered = await waitForMail(mailOf(USER), {
    subject: new RegExp(`^Job ${jmsNumber} is now Delivered$`),
    after: before,
    timeoutMs: 30_000,
  });
  expect(delivered.text).toContain('/JobSlip?jb=');
  await drainQueues(); // every mail queued so far is sent: anything else would be here now
  const alerts = (await messagesTo(mailOf(USER)))
    .slice(before)
    .filter((m) => m.subject.startsWith(`Job ${jmsNumber} is now`));
  expect(alerts.map((m) => m.subject).sort()).toEqual([
    `Job ${jmsNumber} is now Delivered`,
    `Job ${jmsNumber} is now Started`,
  ]);

  await user.goto('/JobClient');
  const row = user
    .getByRole('table', { name: 'Jobs' })
    .locator('tbody tr')
    .filter({ has: user.getByRole('rowheader', { name: jmsNumber }) });
  await expect(row).toContainText('Delivered');
  await user.goto(`/JobSlip?jb=${encodeURIComponent(jb)}`);
  await expect(user.getByText('Delivered').first()).toBeVisible();
  await expect(user.getByText(COMMENT, { exact: true })).toBeVisible();
});

test('staff issue an invoice for the job, and the user sees it at once with its pay link', async () => {
  await staff.goto('/Ops/Invoices/New');
  await staff.getByLabel('Client').selectOption({ label: `${CLIENT} (${ACCOUNT})` });
  await staff.getByLabel('Job numbers').fill(jmsNumber);
  await staff.getByLabel('Invoice number').fill(INVOICE);
  await staff.getByLabel('Line 1 stock code').fill('EZ999');
  await staff.getByLabel('Line 1 description').fill('Black and white A4');
  await staff.getByLabel('Line 1 quantity').fill('1200');
  await staff.getByLabel('Line 1 amount').fill('144.00');
  await staff.getByRole('button', { name: 'Add line' }).click();
  await staff.getByLabel('Line 2 stock code').fill('BIND');
  await staff.getByLabel('Line 2 description').fill('Binding');
  await staff.getByLabel('Line 2 quantity').fill('2');
  await staff.getByLabel('Line 2 amount').fill('10.00');
  await expect(
    staff.getByText('Before GST $154.00, GST 10% $15.40, total $169.40; sheets of paper 1200'),
  ).toBeVisible();
  await staff.getByRole('button', { name: 'Issue invoice' }).click();
  await staff.waitForURL(/\/Ops\/Invoices\?msg=1/);
  await expect(staff.getByRole('row').filter({ hasText: INVOICE })).toContainText('Unpaid');

  await user.goto('/Invoice');
  const row = user
    .getByRole('table', { name: 'Invoices' })
    .locator('tbody tr')
    .filter({ has: user.getByRole('rowheader', { name: INVOICE, exact: true }) });
  await expect(row).toContainText(jmsNumber);
  await expect(row).toContainText('$169.40'); // 154.00 and 10% GST
  const href = await row.getByRole('link', { name: `Pay invoice ${INVOICE}` }).getAttribute('href');
  const pay = new URL(href ?? '');
  expect(Object.fromEntries(pay.searchParams)).toEqual({
    payment_reference: INVOICE,
    payment_amount: '169.40',
    jms: jmsNumber,
    acno: ACCOUNT,
  });

  // Marked paid by staff: the pay link goes.
  await staff.getByRole('button', { name: `Mark paid: invoice ${INVOICE}` }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Mark invoice paid' }).click();
  await expect(staff.getByRole('row').filter({ hasText: INVOICE })).toContainText('Paid');
  await user.reload();
  await expect(row.getByRole('link', { name: `Pay invoice ${INVOICE}` })).toHaveCount(0);
});

test.afterAll(async () => {
  await staff?.context().close();
  await user?.context().close();
});
