/**
 * The job workflow end to end on real SMTP (issue 13): a client user chooses alerts for Started and Delivered and
 * orders a print job; a staff operator moves it Submitted → Started → Ready For Delivery → Delivered with comments
 * (one internal); the user receives exactly two alert e-mails (Started, Delivered), and the client's job list and
 * job slip show the new status and the client-visible comments, never the internal one.
 * Users consumed here: e2e.alerts (its alert choices change), staff.operator (signed in only).
 */
import { expect, test, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { apiToken, DEMO_PASSWORD, settleNotice, signIn } from './support/auth';
import { messagesTo, waitForMail } from './support/mailbox';
import { drainQueues } from './support/queues';

const USER = 'e2e.alerts';
const MAIL = 'e2e.alerts@example.com';
const ZONE = 'Australia/Sydney';

function times() {
  const quarter = 15 * 60_000;
  const ready = new Date(Math.ceil((Date.now() + 60 * 60_000) / quarter) * quarter);
  const due = new Date(ready.getTime() + 3 * 60 * 60_000);
  const d = (x: Date) => formatInTimeZone(x, ZONE, 'dd/MM/yyyy');
  const t = (x: Date) => formatInTimeZone(x, ZONE, 'hh:mm a');
  return { DateReadyInput: d(ready), TimeReadyInput: t(ready), DateDueInput: d(due), TimeDueInput: t(due) };
}

async function changeStatus(page: Page, to: string, comment: string, internal = false) {
  const form = page.getByRole('form', { name: 'Change status' });
  await form.getByLabel('New status').selectOption({ label: to });
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByLabel(internal ? 'Staff only (internal)' : 'The client and staff').check();
  await form.getByRole('button', { name: 'Change status' }).click();
  if (to === 'Delivered')
    // No file has been delivered for this job: the form asks first.
    await page
      .getByRole('dialog', { name: 'Set to Delivered without a file?' })
      .getByRole('button', { name: 'Set to Delivered' })
      .click();
  await expect(page.getByText(`Status changed to ${to}.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(to);
}

test('staff move a print job to Delivered; the user gets exactly the Started and Delivered alerts; list and slip show it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The client user: alerts for Started (2) and Delivered (8), then a print job ordered over the API.
  const auth = { Authorization: `Bearer ${await apiToken(request, USER)}` };
  const saved = await request.post('/api/Settings/User/Update', {
    headers: auth,
    data: {
      UserModel: { EmailId: MAIL, Password: DEMO_PASSWORD, NewPassword: '', ConfirmPassword: '', TimeZoneId: ZONE },
      UserJobAlerts: [2, 8],
    },
  });
  expect(saved.status()).toBe(200);
  const session: { ClientId: number } = await (
    await request.get('/api/Authentication/Session', { headers: auth })
  ).json();
  const branches: { ClientBranchAddressId: number }[] = await (
    await request.get(`/api/Job/ClientBranchAddress/${session.ClientId}`, { headers: auth })
  ).json();
  const added = await request.post('/api/Job/Add', {
    headers: auth,
    data: {
      OrderType: 5,
      NumberOfCopies: 3,
      ContactName: 'Alert Watcher',
      Email: MAIL,
      ContactPhone: '(02)9000-0000',
      AfterHourContactNumber: '0412345678',
      MatterReference: `WF-${Date.now()}`,
      ClientBranchAddressId: branches[0]?.ClientBranchAddressId,
      Instructions: 'Three bound copies, please.',
      ...times(),
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const job: { JobId: number; JMSNumber: string } = await added.json();
  const mailsBefore = (await messagesTo(MAIL)).length;

  // Staff: find the job in the queue, open it, move it through the workflow.
  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Job queue' }).click();
  await staff.getByLabel('Search').first().fill(job.JMSNumber);
  await expect(staff).toHaveURL(new RegExp(`q=${job.JMSNumber}`));
  const table = staff.getByRole('table', { name: 'Job queue' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Coastline Legal');
  await expect(table.getByRole('row').nth(1)).toContainText('Submitted');
  await table.getByRole('link', { name: job.JMSNumber }).click();
  await expect(staff).toHaveURL(/\/Ops\/Job\?jb=/);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Job ${job.JMSNumber}`);
  await expect(staff.getByText('Three bound copies, please.', { exact: true })).toBeVisible();

  // Only the allowed next statuses are offered: Submitted cannot jump to Delivered.
  await expect(staff.getByLabel('New status').locator('option', { hasText: 'Delivered' })).toHaveCount(0);
  await changeStatus(staff, 'Started', 'Printing has started.');
  await changeStatus(staff, 'Ready For Delivery', 'Bound copies checked by QA.', true);
  await changeStatus(staff, 'Delivered', 'Delivered to reception at Bridge Street.');
  await expect(staff.getByText('A job that is Delivered cannot change status.')).toBeVisible();
  const history = staff.getByRole('list', { name: 'Status changes' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history).toContainText('Oakley Operator');
  await staffCtx.close();

  // Exactly two alerts: Started and Delivered (none for Ready For Delivery), with the comment and the slip link.
  const started = await waitForMail(MAIL, {
    subject: new RegExp(`^Job ${job.JMSNumber} is now Started$`),
    after: mailsBefore,
    timeoutMs: 20_000,
  });
  expect(started.text).toContain('Comment: Printing has started.');
  const delivered = await waitForMail(MAIL, {
    subject: new RegExp(`^Job ${job.JMSNumber} is now Delivered$`),
    after: mailsBefore,
    timeoutMs: 20_000,
  });
  expect(delivered.text).toContain('Comment: Delivered to reception at Bridge Street.');
  expect(delivered.text).toMatch(/View the job slip: http:\/\/[^\s]+\/JobSlip\?jb=/);
  // Every mail queued so far is sent once the queues are drained: a wrongly queued third alert would be here.
  await drainQueues();
  const alerts = (await messagesTo(MAIL))
    .slice(mailsBefore)
    .filter((m) => m.subject.startsWith(`Job ${job.JMSNumber} `));
  expect(alerts.map((m) => m.subject).sort()).toEqual([
    `Job ${job.JMSNumber} is now Delivered`,
    `Job ${job.JMSNumber} is now Started`,
  ]);

  // The client: the list shows Delivered; the slip shows the status and the client-visible comments only.
  const clientCtx = await browser.newContext();
  const client = await clientCtx.newPage();
  await signIn(client, USER);
  await settleNotice(client);
  await client.goto(`/JobClient?jms=${job.JMSNumber}`);
  const row = client.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1);
  await expect(row).toContainText(job.JMSNumber);
  await expect(row).toContainText('Delivered');
  const slipHref = await row.getByRole('link', { name: job.JMSNumber }).getAttribute('href');
  await client.goto(slipHref ?? '/JobSlip');
  await expect(client.getByRole('heading', { level: 1 })).toHaveText(`Job ${job.JMSNumber}`);
  await expect(client.getByRole('article')).toContainText('Delivered');
  await expect(client.getByText('Printing has started.', { exact: true })).toBeVisible();
  await expect(client.getByText('Delivered to reception at Bridge Street.', { exact: true })).toBeVisible();
  await expect(client.getByText('Bound copies checked by QA.')).toHaveCount(0);
  await expect(client.getByText('Status last modified by')).toBeVisible();
  // The slip's status history (issue 26): every change, oldest first; and a way back to the list.
  const changes = client.getByRole('list', { name: 'Status history' }).getByRole('listitem');
  await expect(changes).toHaveCount(3);
  await expect(changes.first()).toContainText('Started');
  await expect(changes.last()).toContainText('Delivered');
  await expect(client.getByRole('link', { name: 'Back to jobs' })).toHaveAttribute('href', '/JobClient');
  await clientCtx.close();
});
