/**
 * The job slip of a delivered job as a firm's user finds it: the portal's header (navigation, the bell) like every
 * client page, printed without it; the delivered files first, within a phone's first screen; and "How did we do?",
 * the job list's Feedback dialog, by mouse and by keyboard alone, focus ending on the confirmation.
 *
 * Users consumed (e2e/support/fixtures.ts): e2e.slip of Wren Legal, whose delivered jobs 980001 (read only),
 * 980002 (feedback by mouse) and 980003 (feedback by keyboard) have long instructions, five source documents, two
 * delivered files and no feedback; staff.operator (demo data) for the staff side.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { settleNotice, signIn } from './support/auth';
import { tabTo } from './support/keyboard';
import { expectNoSidewaysScroll, expectNoViolations, WIDTHS } from './support/ops';

test.describe.configure({ timeout: 120_000 });

const JOBS = { read: '980001', mouse: '980002', keyboard: '980003' } as const;

/** The slip's address, as the job list's row links to it. */
async function slipHref(page: Page, jms: string): Promise<string> {
  await page.goto('/JobClient');
  const link = page.getByRole('table', { name: 'Jobs' }).getByRole('link', { name: jms, exact: true });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/JobSlip\?jb=/);
  return href ?? '';
}

/** Does `a` come before `b` in the document? */
async function precedes(a: Locator, b: Locator): Promise<boolean> {
  const other = await b.elementHandle();
  return a.evaluate(
    (x, y) => y !== null && (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    other,
  );
}

const prompt = (page: Page) => page.getByRole('region', { name: 'How did we do?' });
const deliveredFiles = (page: Page) => page.getByRole('list', { name: 'Delivered files' });
const feedbackGiven = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Feedback', exact: true }) });

test.describe('a delivered job’s slip (e2e.slip)', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signIn(page, 'e2e.slip');
    await settleNotice(page);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('has the portal header with the navigation and the bell; its delivered files come first, on a phone in the first screen; it prints alone', async () => {
    const href = await slipHref(page, JOBS.read);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: `Job ${JOBS.read}` })).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Jobs', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(banner.getByRole('button', { name: /^Notifications, / })).toBeVisible();
    await expect(banner.getByTestId('signed-in-user')).toContainText('Sasha Slip');

    // Delivered files, then the prompt, before the job's fields, instructions and source documents.
    const files = deliveredFiles(page);
    await expect(files.getByTestId('slip-file')).toHaveCount(2);
    await expect(prompt(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Documents' }).getByTestId('slip-file')).toHaveCount(5);
    for (const later of [
      page.getByRole('heading', { name: 'Job', exact: true }),
      page.getByRole('heading', { name: 'Job instructions' }),
      page.getByRole('list', { name: 'Documents' }),
    ]) {
      expect(await precedes(files, later)).toBe(true);
      expect(await precedes(prompt(page), later)).toBe(true);
    }

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(href);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Notifications, / })).toBeVisible();
      await expectNoSidewaysScroll(page, `the slip at ${width} px`);
      await expectNoViolations(page, `the slip at ${width} px`);
    }
    // At 390 × 844 (the last width): both delivered files and the prompt show without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const what of [files, prompt(page)]) {
      const box = await what.boundingBox();
      expect(box, 'laid out').not.toBeNull();
      expect(box!.y + box!.height, 'within the first screen').toBeLessThanOrEqual(844);
    }
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 720 });

    // On paper: the slip alone, without the header, the footer or the prompt.
    const header = page.locator('header').filter({ has: page.locator('nav[aria-label="Main"]') });
    await expect(header).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    try {
      await expect(header).toBeHidden();
      await expect(page.locator('footer')).toBeHidden();
      await expect(page.locator('section').filter({ hasText: 'How did we do?' })).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: `Job ${JOBS.read}` })).toBeVisible();
      await expect(files).toBeVisible();
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  test('"How did we do?" leads to saved feedback: the confirmation takes the focus, the feedback given replaces the prompt, and the slip and the job list show it after a reload', async () => {
    const href = await slipHref(page, JOBS.mouse);
    await page.goto(href);
    await prompt(page).getByRole('button', { name: 'Leave feedback' }).click();
    const dialog = page.getByRole('dialog', { name: `Feedback for job ${JOBS.mouse}` });
    await expect(dialog).toBeVisible();
    // The job list's rules and messages: a rating is required.
    await dialog.getByRole('button', { name: 'Save feedback' }).click();
    await expect(dialog.getByText('Please choose a rating from 1 to 5.')).toBeVisible();
    await dialog.getByLabel('4 – Very good').check();
    await dialog.getByLabel('Comments').fill('Both volumes arrived tabbed.');
    await dialog.getByRole('button', { name: 'Save feedback' }).click();
    await expect(dialog).toHaveCount(0);

    const confirmation = page.getByTestId('feedback-saved');
    await expect(confirmation).toHaveText('Job feedback saved successfully.');
    await expect(confirmation).toBeFocused();
    await expect(prompt(page)).toHaveCount(0);
    await expect(feedbackGiven(page)).toContainText('Rating 4 of 5 — Both volumes arrived tabbed.');
    await expect(confirmation).toBeFocused();
    await expectNoViolations(page, 'the slip after feedback');

    await page.reload();
    await expect(feedbackGiven(page)).toContainText('Rating 4 of 5 — Both volumes arrived tabbed.');
    await expect(prompt(page)).toHaveCount(0);
    expect(await precedes(feedbackGiven(page), page.getByRole('heading', { name: 'Job instructions' }))).toBe(true);

    // The job list offers to view it, no longer to leave it.
    await page.goto('/JobClient');
    const row = page.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: JOBS.mouse });
    await row.getByRole('button', { name: /^Actions for job/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Leave feedback' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'View feedback' }).click();
    const shown = page.getByRole('dialog', { name: `Feedback for job ${JOBS.mouse}` });
    await expect(shown.getByTestId('feedback-rating')).toContainText('4 – Very good');
    await expect(shown.getByText('Both volumes arrived tabbed.')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('by keyboard alone: Escape goes back to the prompt, a saved rating focuses the confirmation, and focus stays there as the slip updates', async () => {
    const href = await slipHref(page, JOBS.keyboard);
    await page.goto(href);
    await expect(page.locator('h1')).toBeVisible();
    const leave = prompt(page).getByRole('button', { name: 'Leave feedback' });
    await tabTo(page, leave);
    const dialog = page.getByRole('dialog', { name: `Feedback for job ${JOBS.keyboard}` });

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(leave).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save feedback' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    const first = dialog.getByRole('radiogroup', { name: 'Rating' }).getByRole('radio').first();
    await expect(first).toBeFocused();
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    const five = dialog.getByLabel('5 – Excellent');
    await expect(five).toBeChecked();
    await expect(five).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Comments')).toBeFocused();
    await page.keyboard.type('Ordered and collected without a call.');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);

    const confirmation = page.getByTestId('feedback-saved');
    await expect(confirmation).toBeFocused();
    await expect(feedbackGiven(page)).toContainText('Rating 5 of 5 — Ordered and collected without a call.');
    // The slip re-rendered with the feedback given; focus did not drop to the top of the page.
    await expect(confirmation).toBeFocused();
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    // It is where the prompt was: the previous stop is the last delivered file.
    await page.keyboard.press('Shift+Tab');
    await expect(deliveredFiles(page).getByRole('link', { name: `delivered-${JOBS.keyboard}-2.txt` })).toBeFocused();
  });
});

test('staff read the same job on the staff job page, under the staff header; the clients’ slip sends them to Access denied', async ({
  browser,
}) => {
  const clientCtx = await browser.newContext();
  const client = await clientCtx.newPage();
  await signIn(client, 'e2e.slip');
  await settleNotice(client);
  const href = await slipHref(client, JOBS.read);
  await clientCtx.close();

  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto(href);
  await staff.waitForURL(/\/AccessDenied/);
  await staff.goto(href.replace('/JobSlip', '/Ops/Job'));
  await expect(staff.getByRole('heading', { level: 1, name: `Job ${JOBS.read}` })).toBeVisible();
  await expect(staff.getByRole('banner').getByRole('navigation', { name: 'Staff' })).toBeVisible();
  await expect(staff.getByRole('button', { name: /^Notifications, / })).toHaveCount(0);
  await expect(staff.getByRole('region', { name: 'How did we do?' })).toHaveCount(0);
  await expect(deliveredFiles(staff).getByTestId('slip-file')).toHaveCount(2);
  await staffCtx.close();
});
