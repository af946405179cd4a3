/**
 * The operator's day (issue 30): a staff user assigns a job from its page, then ticks Bulkhead Legal's ten jobs in
 * the queue (with the keyboard for one) and moves them to Started in one go: nine move, the Delivered one is
 * refused (409) and the outcome says which and why, in a live region; then assigns them all at once with the
 * keyboard only and finds them under "Mine". The overview's numbers each equal the total of the list they link to. The queue with a
 * selection and the overview are axe-clean and fit 1280, 1024 and 390 px.
 * Users consumed here (e2e/support/fixtures.ts): e2e.ops.day (signs in, owns jobs), e2e.ops.owner (is given a job);
 * the jobs of Bulkhead Legal change status.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { checkOpsPage, expectNoViolations } from './support/ops';
import { holdScripts } from './support/slow-scripts';

async function bulkheadQueue(page: Page) {
  await page.goto('/Ops/Jobs');
  await page.getByLabel('Client').first().selectOption({ label: 'Bulkhead Legal' });
  await expect(page).toHaveURL(/client=\d+/);
  const table = page.getByRole('table', { name: 'Job queue' });
  await expect(table.getByRole('row')).toHaveCount(11);
  return table;
}

test.describe.configure({ mode: 'serial' });

test.describe('the operator’s day', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signIn(page, 'e2e.ops.day', undefined, { landing: /\/Ops$/ });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('staff assign a job, then bulk-move ten jobs: nine move, the refused one is reported with its reason', async () => {
    test.setTimeout(120_000);
    // Assign one job from its page: the owner shows, and the history says so.
    let table = await bulkheadQueue(page);
    await table.getByRole('link', { name: /^\d+$/ }).first().click();
    await expect(page).toHaveURL(/\/Ops\/Job\?jb=/);
    // Opened afresh with its scripts held back: until they run, the owner cannot be picked (a pick made then would
    // be put back by the form's state, and Assign would send the old owner); once they have, it can.
    const release = await holdScripts(page);
    await page.goto(page.url(), { waitUntil: 'domcontentloaded' });
    await expect(page.getByLabel('Owner')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();
    release();
    await expect(page.getByLabel('Owner')).toBeEnabled({ timeout: 30_000 });
    await page.getByLabel('Owner').selectOption({ label: 'Owen Owner' });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText('Assigned to Owen Owner.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Status changes and assignments' })).toContainText(
      'Assigned to Owen Owner',
    );

    // The queue: tick one job with the keyboard, then all on the page (ten), and move them to Started.
    table = await bulkheadQueue(page);
    const status = page.getByRole('status').filter({ hasText: /selected|Moved|Assigned/ });
    const first = table.getByRole('checkbox').first();
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await expect(status).toHaveText('1 job selected.');
    await page.getByLabel('Select all on this page').check();
    await expect(status).toHaveText('10 jobs selected.');
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByLabel('Action').selectOption({ label: 'Change status' });
    await bulk.getByLabel('New status').selectOption({ label: 'Started' });
    await bulk.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(status).toHaveText('Moved to Started: 9 of 10 jobs. 1 job was refused:');
    const refused = bulk.getByRole('list', { name: 'Refused jobs' });
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await expect(refused).toContainText('A job that is Delivered cannot change status.');
    await expectNoViolations(page, '/Ops/Jobs with a bulk outcome');
    // The list shows the new statuses: nine Started, one Delivered.
    await expect(table.getByRole('row').filter({ hasText: 'Started' })).toHaveCount(9);
    await expect(table.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(1);

    // Assign all of them to me at once, with the keyboard only (native controls: Space ticks, typing picks an
    // option, Tab moves on, Enter applies); "Mine" finds them.
    const all = page.getByLabel('Select all on this page');
    await all.focus();
    await page.keyboard.press('Space');
    await expect(all).toBeChecked();
    await bulk.getByLabel('Action').focus();
    await page.keyboard.type('Assign');
    await expect(bulk.getByLabel('Action')).toHaveValue('assign');
    await page.keyboard.press('Tab');
    await expect(bulk.getByLabel('Assign to')).toBeFocused();
    await page.keyboard.type('Dana');
    await expect(bulk.getByLabel('Assign to').locator('option:checked')).toHaveText('Dana Dispatcher');
    await page.keyboard.press('Tab');
    await expect(bulk.getByRole('button', { name: 'Apply to selected' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Assigned: 10 of 10 jobs. None was refused.');
    await page.getByLabel('Owner').first().selectOption({ label: 'Mine' });
    await expect(page).toHaveURL(/owner=mine/);
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(table.getByRole('row').nth(1)).toContainText('Dana Dispatcher');
  });

  test('"all matching" selects across pages with its count', async () => {
    // Every client's jobs: more than one page.
    await page.goto('/Ops/Jobs');
    await page.getByLabel('Select all on this page').check();
    await expect(page.getByRole('status').filter({ hasText: 'selected' })).toHaveText('10 jobs selected.');
    const all = page.getByRole('button', { name: /^Select all (more than )?[\d,]+ matching jobs$/ });
    const n = /([\d,]+) matching/.exec((await all.textContent()) ?? '')?.[1] ?? '';
    expect(Number(n.replace(/,/g, ''))).toBeGreaterThan(10);
    await all.click();
    await expect(page.getByRole('status').filter({ hasText: 'selected' })).toHaveText(
      new RegExp(`^(More than )?${n} jobs selected\\.$`),
    );
    await expectNoViolations(page, '/Ops/Jobs with all matching jobs selected');
    await checkOpsPage(page, '/Ops/Jobs');
  });

  test('each number of the overview equals the total of the list it links to', async () => {
    test.setTimeout(120_000);
    await page.goto('/Ops');
    const ids = await page
      .locator('[data-overview]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-overview') ?? ''));
    expect(ids).toEqual([
      'submitted-today',
      'overdue',
      'due-today',
      'on-hold',
      'ready-for-delivery',
      'unassigned',
      'unpaid-invoices',
      'overdue-invoices',
    ]);
    for (const id of ids) {
      // Other specs may change jobs meanwhile: read the number and the list again until they agree.
      await expect(async () => {
        await page.goto('/Ops');
        const tile = page.locator(`[data-overview="${id}"]`);
        const shown = ((await tile.locator('[data-count]').textContent()) ?? '').trim();
        await tile.click();
        await expect(page).not.toHaveURL(/\/Ops$/);
        const summary = page.getByText(/^Showing \d+ to \d+ of /);
        if (shown === '0') await expect(summary).toHaveCount(0);
        else
          await expect(summary.first()).toHaveText(new RegExp(` of ${shown.replace(/,/g, '').replace('+', '\\+')}$`), {
            timeout: 2000,
          });
      }).toPass({ timeout: 30_000 });
    }
    await checkOpsPage(page, '/Ops');
  });
});
