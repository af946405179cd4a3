/**
 * News as it happens (issue 28 item 3), on the e2e portal: a client user has the job list open; staff change the
 * status of one of the user's jobs in another browser context; within 5 s the row shows the new status, without
 * a reload (the page's own marker survives); the bell's name counts it, the live region reads it out, the
 * notification centre lists it with a link to the slip and marks it read; an open slip and the job's matter page
 * follow the next change;
 * another firm's user hears nothing. The bell and its list are axe-clean and fit 1280, 1024 and 390 px.
 * A firm's user cancelling a job is news too: a colleague who follows the firm's jobs sees it in the bell and the
 * open list without a reload; the canceller's own bell does not ring.
 * Users consumed (e2e/support/fixtures.ts): e2e.live and e2e.live.colleague (Heron Legal), e2e.live.other (Ibis
 * Legal), staff.operator (signed in only).
 */
import { expect, test, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { expectNoSidewaysScroll, expectNoViolations, WIDTHS } from './support/ops';

test.describe.configure({ mode: 'serial' });

async function changeStatus(page: Page, to: string, comment: string) {
  const form = page.getByRole('form', { name: 'Change status' });
  await form.getByLabel('New status').selectOption({ label: to });
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByLabel('The client and staff').check();
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText(`Status changed to ${to}.`)).toBeVisible();
}

/** Leaves a mark in the page's memory: still there later means the page was never reloaded. */
async function mark(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __liveMark?: string }).__liveMark = 'not reloaded';
  });
}
const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __liveMark?: string }).__liveMark ?? 'reloaded');

test('a status change by staff shows on the open job list and slip within 5 s, without a reload; the bell tells only this firm’s user', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const clientCtx = await browser.newContext();
  const client = await clientCtx.newPage();
  await signIn(client, 'e2e.live');
  await settleNotice(client);
  await client.goto('/JobClient');
  const row = client.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: 'HL7007-LIVE-1' });
  await expect(row).toContainText('Submitted');
  const jmsNumber = ((await row.getByRole('link').first().textContent()) ?? '').trim();
  const slipHref = (await row.getByRole('link', { name: jmsNumber }).getAttribute('href')) ?? '';
  expect(slipHref).toMatch(/^\/JobSlip\?jb=/);
  const bell = client.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, none unread');
  await mark(client);

  // Another firm's user, with the same page open.
  const otherCtx = await browser.newContext();
  const other = await otherCtx.newPage();
  await signIn(other, 'e2e.live.other');
  await settleNotice(other);
  await other.goto('/JobClient');
  await mark(other);

  // Staff, in a browser of their own, move the job Submitted → Started.
  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto(slipHref.replace('/JobSlip', '/Ops/Job'));
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Job ${jmsNumber}`);
  await changeStatus(staff, 'Started', 'Scanning has begun.');

  // Within 5 s: the row, in place.
  await expect(row).toContainText('Started', { timeout: 5000 });
  expect(await marked(client)).toBe('not reloaded');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5000 });
  await expect(client.getByTestId('notification-announcer')).toHaveText(
    `Job ${jmsNumber} is now Started: Scanning has begun.`,
  );

  // The notification centre: the event, linking to the job's slip; axe-clean and within the window at each width.
  for (const width of WIDTHS) {
    await client.setViewportSize({ width, height: 800 });
    await bell.click();
    const centre = client.getByRole('dialog', { name: 'Notifications' });
    const line = centre.getByRole('link', { name: new RegExp(`Job ${jmsNumber} is now Started`) });
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('href', slipHref);
    await expectNoViolations(client, `the notification centre at ${width} px`);
    await expectNoSidewaysScroll(client, `the notification centre at ${width} px`);
    const box = await centre.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await client.keyboard.press('Escape');
    await expect(centre).toBeHidden();
  }
  await client.setViewportSize({ width: 1280, height: 800 });
  await bell.click();
  await client.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications, none unread');
  await client.keyboard.press('Escape');

  // News while a modal dialog is open (issue 32): the dialog hides the rest of the page from assistive technology
  // (aria-hidden), all but the live regions, so the bell's region still says it.
  await client.getByRole('button', { name: 'About', exact: true }).first().click();
  const about = client.getByRole('dialog', { name: /About/ });
  await expect(about).toBeVisible();
  await changeStatus(staff, 'On Hold', 'Waiting for the index.');
  const announcer = client.getByTestId('notification-announcer');
  await expect(announcer).toHaveText(`Job ${jmsNumber} is now On Hold: Waiting for the index.`, { timeout: 5000 });
  await expect(client.locator('[data-aria-hidden="true"]').first()).toBeAttached();
  expect(await announcer.evaluate((el) => el.closest('[aria-hidden="true"]') === null)).toBe(true);
  await client.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await changeStatus(staff, 'Started', 'Resumed.');
  await expect(row).toContainText('Started', { timeout: 5000 });

  // The slip, open in another tab, follows the next change.
  const slip = await clientCtx.newPage();
  await slip.goto(slipHref);
  await expect(slip.getByRole('heading', { level: 1 })).toHaveText(`Job ${jmsNumber}`);
  await mark(slip);
  // The matter's page, open in a third tab, follows it too.
  const matter = await clientCtx.newPage();
  await matter.goto(slipHref);
  await matter.getByRole('link', { name: 'HL7007-LIVE-1' }).first().click();
  await expect(matter).toHaveURL(/\/Matter\?ref=/);
  const matterRow = matter.getByRole('row').filter({ hasText: jmsNumber });
  await expect(matterRow).toContainText('Started');
  await mark(matter);
  await changeStatus(staff, 'QA Started', 'Checking the scans.');
  await expect(slip.getByRole('article')).toContainText('QA Started', { timeout: 5000 });
  await expect(slip.getByText('Checking the scans.', { exact: true })).toBeVisible();
  expect(await marked(slip)).toBe('not reloaded');
  await expect(row).toContainText('QA Started', { timeout: 5000 });
  await expect(matterRow).toContainText('QA Started', { timeout: 5000 });
  expect(await marked(matter)).toBe('not reloaded');

  // Another firm heard nothing: its bell is quiet and its page was left alone.
  await expect(other.getByRole('button', { name: /^Notifications, / })).toHaveAccessibleName(
    'Notifications, none unread',
  );
  await expect(other.getByRole('table', { name: 'Jobs' })).not.toContainText(jmsNumber);
  const theirs = await other.request.get('/api/Notification/List');
  expect(((await theirs.json()) as { items: unknown[] }).items).toEqual([]);
  expect(await marked(other)).toBe('not reloaded');

  await Promise.all([clientCtx.close(), otherCtx.close(), staffCtx.close()]);
});

test('a job cancelled by a firm’s user rings the bell of a colleague who follows the firm’s jobs, without a reload; not the canceller’s', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The colleague has the job list open.
  const colleagueCtx = await browser.newContext();
  const colleague = await colleagueCtx.newPage();
  await signIn(colleague, 'e2e.live.colleague');
  await settleNotice(colleague);
  await colleague.goto('/JobClient');
  const row = colleague.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: 'HL7007-LIVE-3' });
  await expect(row).toContainText('Submitted');
  const jmsNumber = ((await row.getByRole('link').first().textContent()) ?? '').trim();
  const slipHref = (await row.getByRole('link', { name: jmsNumber }).getAttribute('href')) ?? '';
  // The colleague follows the firm's jobs, so the staff changes above are in their bell too: read them first.
  const bell = colleague.getByRole('button', { name: /^Notifications, / });
  await bell.click();
  const markAll = colleague
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: 'Mark all read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell).toHaveAccessibleName('Notifications, none unread');
  await colleague.keyboard.press('Escape');
  await mark(colleague);

  // The job's orderer cancels it on its slip, in a browser of their own.
  const ownerCtx = await browser.newContext();
  const owner = await ownerCtx.newPage();
  await signIn(owner, 'e2e.live');
  await settleNotice(owner);
  const before = ((await (await owner.request.get('/api/Notification/List')).json()) as { items: { title: string }[] })
    .items;
  await owner.goto(slipHref);
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText(`Job ${jmsNumber}`);
  await owner.getByRole('region', { name: 'Change this job' }).getByRole('button', { name: 'Cancel job' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Cancel job' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The matter settled.');
  await dialog.getByRole('button', { name: 'Cancel job' }).click();
  await expect(owner.getByText('The job has been cancelled.')).toBeVisible();

  // Within 5 s, without a reload: the colleague's bell counts it, reads it out, lists it; the row shows it.
  const title = `Job ${jmsNumber} is now Cancelled: The matter settled.`;
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5000 });
  await expect(colleague.getByTestId('notification-announcer')).toHaveText(title);
  await expect(row).toContainText('Cancelled', { timeout: 5000 });
  expect(await marked(colleague)).toBe('not reloaded');
  await bell.click();
  const line = colleague.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: new RegExp(title) });
  await expect(line).toHaveAttribute('href', slipHref);

  // The canceller is not told of their own act: their bell lists nothing new.
  const after = ((await (await owner.request.get('/api/Notification/List')).json()) as { items: { title: string }[] })
    .items;
  expect(after.map((i) => i.title)).toEqual(before.map((i) => i.title));

  await Promise.all([colleagueCtx.close(), ownerCtx.close()]);
});
