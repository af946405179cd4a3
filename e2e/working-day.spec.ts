/**
 * The working day without friction, as its users see it, on the fixture firm Wayfarer Legal
 * (e2e/support/fixtures-working-day.ts), each test ordering or changing only what it needs:
 *  - staff's reason for On Hold reaches the client in the bell's line and in the job's conversation;
 *  - a client's amendment reads in words on the slip (the order form's field names, no status line) and in the
 *    activity export (an exported list's sort is not a filter);
 *  - the matter page: the parties as heading, no matter or client-name boxes, a timeline of status changes and
 *    deliveries, and "New job for this matter" opening the order form with the matter filled in;
 *  - the activity trail: a user created and one reactivated, a job amended and one cancelled, a message, a view
 *    shared;
 *  - words: a capped total "of more than 30", locked and unlock (never blocked), Cancel before the named confirming
 *    button, and a deactivated user told so when their session next asks. (Inviting is the default for a new user:
 *    e2e/users.spec.ts.)
 * Runs in both projects (PGlite and PostgreSQL). staff.operator is signed in only.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiToken, settleNotice, signIn, submitCredentials } from './support/auth';
import { apiOrderer, slipPath, staffJobPath, type OrderedJob } from './support/api-order';
import { csvFile } from './support/csv';
import { DAY_CAPPED, DAY_MATTER, DAY_USERS } from './support/fixtures-working-day';

const ZONE = 'Australia/Sydney';
const HOLD_REASON = 'Need the practice note signed, please.';

/** A Print job of Wayfarer Legal, ordered over the legacy API by `userName`, ready tomorrow 10 AM, due 3 PM. */
async function orderPrint(request: APIRequestContext, userName: string, matter: string): Promise<OrderedJob> {
  const order = await apiOrderer(request, userName);
  return order({
    matter,
    copies: 3,
    contactName: 'Wade Wayfarer',
    email: `${userName}@example.com`,
    instructions: 'Three bound copies, please.',
  });
}

async function signedIn(browser: Browser, userName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, userName);
  await settleNotice(page);
  return page;
}

/** On the slip: Amend job, 5 copies instead of 3, due at 4 PM instead of 3 PM, saved; the slip says so. */
async function amendCopiesAndDueTime(page: Page, job: OrderedJob): Promise<void> {
  await page.goto(slipPath(job.JobId));
  const panel = page.getByRole('region', { name: 'Change this job' });
  await expect(panel).toContainText('Until work starts you can amend or cancel this job yourself.');
  await panel.getByRole('link', { name: 'Amend job' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Amend job ${job.JMSNumber}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Number of copies', exact: true })).toHaveValue('3');
  await page.getByRole('textbox', { name: 'Number of copies', exact: true }).fill('5');
  await page.getByRole('combobox', { name: 'Requested due time', exact: true }).selectOption('04:00 PM');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobSlip\?jb=.*changed=amended/);
  await expect(page.getByText('The job has been amended.')).toBeVisible();
}

test('staff’s reason for On Hold reaches the client in the bell’s line and in the job’s conversation', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const job = await orderPrint(request, DAY_USERS.user, `WD-HOLD-${Date.now()}`);

  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto(staffJobPath(job.JobId));
  const form = staff.getByRole('form', { name: 'Change status' });
  await form.getByLabel('New status').selectOption({ label: 'On Hold' });
  await form.getByRole('textbox', { name: 'Comment' }).fill(HOLD_REASON);
  await form.getByLabel('The client and staff').check();
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(staff.getByText('Status changed to On Hold.')).toBeVisible();
  await staffCtx.close();

  const client = await signedIn(browser, DAY_USERS.user);
  const bell = client.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const centre = client.getByRole('dialog', { name: 'Notifications' });
  const line = centre.getByRole('link', { name: `Job ${job.JMSNumber} is now On Hold: ${HOLD_REASON}` });
  await expect(line).toBeVisible();
  await line.click();
  await expect(client).toHaveURL(/\/JobSlip\?jb=/);
  await expect(client.getByRole('heading', { level: 1 })).toHaveText(`Job ${job.JMSNumber}`);
  // The conversation, where the client answers staff: the reason, from staff, with the status it came with.
  const thread = client.getByRole('region', { name: 'Messages' });
  const said = thread.getByTestId('thread-message').filter({ hasText: `On Hold: ${HOLD_REASON}` });
  await expect(said).toHaveCount(1);
  await expect(said).toContainText('Oakley Operator');
  await client.context().close();
});

test('an amendment before work starts reads in words on the slip and in the activity export, with no status line', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const job = await orderPrint(request, DAY_USERS.admin, `WD-AMEND-${Date.now()}`);
  const page = await signedIn(browser, DAY_USERS.admin);
  await amendCopiesAndDueTime(page, job);

  // The slip's history: the fields by the order form's names, never the columns'; the status did not move.
  const amended = page.getByText(/^Amended: /);
  await expect(amended).toHaveCount(1);
  const words = (await amended.innerText()).trim();
  expect(words).toMatch(/^Amended: .*\bdue time\b/);
  expect(words).toMatch(/\bnumber of copies\b/);
  const article = page.getByRole('article');
  for (const code of ['dueAt', 'numberOfCopies', 'instructionBlock', 'readyAt'])
    await expect(article).not.toContainText(code);
  await expect(article).not.toContainText(/Submitted\s*→\s*Submitted/);

  // A sorted list exported: its row in the activity says the filters in words and leaves the sort out.
  await page.goto('/JobClient?sort=6&dir=1');
  const [jobsCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(jobsCsv.suggestedFilename()).toBe('Jobs.csv');
  await jobsCsv.path();
  await page.goto('/user/activity?size=100');
  const [activityCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(activityCsv.suggestedFilename()).toBe('Activity.csv');
  const lines = (await csvFile(await activityCsv.path())).split('\r\n');
  const amendLine = lines.find((l) => l.includes('Job amended') && l.includes(`Job ${job.JMSNumber}`)) ?? '';
  expect(amendLine).toMatch(/changed .*due time/);
  expect(amendLine).toContain('number of copies');
  // The newest export first: the one just made.
  const exportLine = lines.find((l) => l.includes('Exported Jobs.csv')) ?? '';
  expect(exportLine).toMatch(/Jobs list; filters: no filters; \d+ rows?/);
  expect(exportLine).not.toMatch(/sort/i);
  const text = lines.join('\n');
  for (const code of ['sortBy', 'sortOrder', 'dueAt', 'numberOfCopies', 'instructionBlock'])
    expect(text).not.toContain(code);
  await page.context().close();
});

test('the matter page: the parties as heading, no matter or client-name box, a timeline beyond Ordered, and a new job for the matter', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, DAY_USERS.admin);
  await page.goto(`/JobClient?matter=${DAY_MATTER.reference}`);
  await page.getByRole('table', { name: 'Jobs' }).getByRole('link', { name: DAY_MATTER.reference }).first().click();
  await expect(page).toHaveURL(/\/Matter\?ref=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DAY_MATTER.parties);
  await expect(page.getByTestId('matter-reference')).toHaveText(DAY_MATTER.reference);

  const filters = page.getByRole('search', { name: 'Job filters' });
  await expect(filters.getByLabel('JMS number')).toBeVisible();
  await expect(filters.getByLabel('Matter/Ref')).toHaveCount(0);
  await expect(filters.getByLabel('Client name')).toHaveCount(0);

  const timeline = page.getByTestId('matter-timeline');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Ordered' })).toHaveCount(2);
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Submitted → Started' })).toContainText(
    'by Oakley Operator',
  );
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Delivered' }).filter({ hasNotText: '→' })).toHaveCount(
    1,
  );

  await page.getByRole('link', { name: 'New job for this matter' }).click();
  await expect(page).toHaveURL(
    (u) => u.pathname === '/SaveJob' && u.searchParams.get('matter') === DAY_MATTER.reference,
  );
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Matter reference' })).toHaveValue(DAY_MATTER.reference);
  await page.context().close();
});

test('the activity trail shows a user created and one reactivated, a job amended and one cancelled, a message and a shared view', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const created = `e2e.day.new.${stamp}`;
  const view = `Capstan ${stamp}`;
  const message = `Is tab 3 needed? ${stamp}`;
  const reason = 'The matter settled this morning.';

  const token = await apiToken(request, DAY_USERS.admin);
  const saved = await request.post('/api/User/SaveUser', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      FirstName: 'Nell',
      LastName: 'Newcomer',
      EmailId: `${created}@example.com`,
      Phone: '0290005555',
      UserName: created,
      Role: 3,
      TimeZoneId: ZONE,
      NewPassword: 'Tomato#Kiwi40',
      ConfirmPassword: 'Tomato#Kiwi40',
    },
  });
  expect(await saved.json()).toBe(1);
  const toAmend = await orderPrint(request, DAY_USERS.admin, `WD-ACT-A-${stamp}`);
  const toCancel = await orderPrint(request, DAY_USERS.admin, `WD-ACT-C-${stamp}`);

  const page = await signedIn(browser, DAY_USERS.admin);

  // Reactivating a user.
  await page.goto(`/user?status=deactivated&name=${DAY_USERS.back}`);
  const row = page
    .getByRole('table', { name: 'Users' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: DAY_USERS.back }) });
  await row.getByRole('button', { name: /Reactivate/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reactivate user' });
  await dialog.getByRole('button', { name: 'Reactivate user' }).click();
  await expect(page.getByText(`User ${DAY_USERS.back} reactivated successfully.`)).toBeVisible();

  // A job amended, another cancelled, a message written.
  await amendCopiesAndDueTime(page, toAmend);
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByRole('textbox', { name: 'New message' }).fill(message);
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByTestId('thread-message').filter({ hasText: message })).toHaveCount(1);
  await page.goto(slipPath(toCancel.JobId));
  await page.getByRole('region', { name: 'Change this job' }).getByRole('button', { name: 'Cancel job' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel job' });
  await cancel.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await cancel.getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByText('The job has been cancelled.')).toBeVisible();

  // A view shared with the firm.
  await page.goto('/JobClient');
  const filters = page.getByRole('search', { name: 'Job filters' });
  await filters.getByLabel('Matter/Ref').fill(DAY_CAPPED.matter);
  await expect(page).toHaveURL(/matter=WD-CAP/);
  await page.getByRole('button', { name: 'Save view' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByLabel('Name').fill(view);
  await save.getByLabel('Share with my firm').check();
  await save.getByRole('button', { name: 'Save view' }).click();
  await expect(save).toBeHidden();

  // The trail, newest first, each in words.
  await page.goto('/user/activity?size=100');
  const table = page.getByRole('table', { name: 'Activity' });
  const event = (name: string, details: string | RegExp) =>
    table.locator('tbody tr').filter({ hasText: name }).filter({ hasText: details });
  await expect(event('User created', created)).toHaveCount(1);
  await expect(event('User reactivated', DAY_USERS.back)).toHaveCount(1);
  await expect(event('Job amended', `Job ${toAmend.JMSNumber}`)).toContainText('number of copies');
  await expect(event('Job cancelled', `Job ${toCancel.JMSNumber}`)).toContainText(`reason: ${reason}`);
  await expect(event('Message sent', `Job ${toAmend.JMSNumber}`)).toContainText(message);
  await expect(event('View shared', view)).toContainText('now seen by everyone in the firm');
  await page.context().close();
});

test('words: a capped total in words, locked and unlock, Cancel before the named button, and a deactivated user told so', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, DAY_USERS.admin);

  // A 'contains' filter matching more than the list counts ahead: the total says so in words.
  await page.goto(`/JobClient?matter=${DAY_CAPPED.matter}`);
  await expect(page.getByText('Showing 1 to 10 of more than 30', { exact: true })).toBeVisible();
  await expect(page.getByText('30+')).toHaveCount(0);

  // Inviting the person is the default of a new user (also walked in e2e/users.spec.ts).
  await page.goto('/saveuser');
  await expect(page.getByRole('form', { name: 'Create New User' }).getByLabel(/Invite the person/)).toBeChecked();

  // Accounts are locked and unlocked, never blocked: the users' page, the activity's kinds and the help.
  for (const url of ['/user?status=all', '/user/activity', '/Help']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/\b(un)?block(ed)?\b/i);
  }
  await expect(page.locator('main')).toContainText('your account is locked');

  // The user to deactivate is signed in elsewhere.
  const gone = await signedIn(browser, DAY_USERS.gone);

  await page.goto(`/user?name=${DAY_USERS.gone}`);
  await page
    .getByRole('table', { name: 'Users' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: DAY_USERS.gone }) })
    .getByRole('button', { name: /Deactivate/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Deactivate user: Gale Going (${DAY_USERS.gone})`, exact: true });
  await expect(dialog.getByText('Are you sure you want to deactivate this user ?', { exact: true })).toBeVisible();
  // Cancel first, with the focus, then the button named by what it does.
  const names = (await dialog.getByRole('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  expect(names.filter((n) => n === 'Cancel' || n === 'Deactivate user')).toEqual(['Cancel', 'Deactivate user']);
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Deactivate user', exact: true }).click();
  await expect(page.getByText('User deactivated successfully.')).toBeVisible();

  // Their next page: the sign-in, saying the account was deactivated, not that the session expired.
  await gone.goto('/JobClient');
  await expect(gone).toHaveURL((u) => u.pathname === '/SignIn');
  await expect(
    gone.getByText('Your account has been deactivated. Please ask your administrator if you need access again.'),
  ).toBeVisible();
  await expect(gone.getByText('Your session has expired.')).toHaveCount(0);
  // Their password no longer signs in (the spec's answer to its holder); no passcode is sent.
  await submitCredentials(gone, DAY_USERS.gone);
  await expect(gone.getByText('Credential does not exist.')).toBeVisible();
  await expect(gone.getByRole('dialog', { name: 'Enter OTP' })).toHaveCount(0);
  await gone.context().close();
  await page.context().close();
});
