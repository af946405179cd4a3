/**
 * Ordering in the browser (issue 4): one job of each of the eight types through step one, the type's detail
 * step and Save (landing on /JobClient with the banner); print and scan with full instructions and the first
 * invalid section opened on Save; upload and delete of the source file; a blocked file; a clone with its file;
 * the due-time warning. Signed in once as e2e.orderer of the e2e client Coastline Legal
 * (e2e/support/fixtures.ts), so the demo clients' job counts stay fixed; each test opens its own page.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { closeNoticeWhenShown, settleNotice, signIn } from './support/auth';
import { soonDue } from './support/due-soon';
import { holdScripts } from './support/slow-scripts';

const ZONE = 'Australia/Sydney';
const MESSAGES = {
  saved: 'New Job is saved successfully.',
  tooLarge: 'Files greater than 50 mb can not be uploaded.',
  blocked: 'Files with this extension can not be uploaded.',
  deleteConfirm: 'Are you sure you want to delete this file ?',
  deleted: 'File has been deleted successfully.',
  cloned: (n: string) => `The details below have been cloned from job ${n}`,
};

let storageState = '';
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, 'e2e.orderer');
  await settleNotice(page);
  storageState = path.join(tmpdir(), `jms-order-${process.pid}-${Date.now()}.json`);
  await context.storageState({ path: storageState });
  await context.close();
});

async function openForm(browser: Browser, url = '/SaveJob'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState });
  contexts.push(context);
  const page = await context.newPage();
  await closeNoticeWhenShown(page);
  // Leaving with a change the draft does not have yet asks first (issue 29): these tests always leave.
  page.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : undefined));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'New Job' })).toBeVisible();
  // The fields are enabled once React has taken the form over (components/ui/FormFields.tsx).
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toBeEnabled({ timeout: 30_000 });
  return page;
}

/** Step one with what every type needs; the after-hours number is given so the test passes at any hour. */
async function stepOne(
  page: Page,
  type: string,
  extra: { whatToCollect?: string; copies?: string } = {},
): Promise<void> {
  await page.getByRole('combobox', { name: 'Order type', exact: true }).selectOption({ label: type });
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('e2e.orderer@example.com');
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Contact name', exact: true })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412345678');
  await page.getByRole('combobox', { name: 'Matter reference' }).fill(`E2E-${type.replace(/\s/g, '')}-${Date.now()}`);
  await expect(page.getByRole('combobox', { name: 'Client branch address', exact: true })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Instructions', exact: true }).fill(`Ordered by the ${type} e2e test.`);
  // Ready and due tomorrow: the default ready time (the next quarter-hour) must not slip into the
  // past while a slow run fills the form.
  const tomorrow = formatInTimeZone(new Date(Date.now() + 86_400_000), ZONE, 'dd/MM/yyyy');
  await page.getByRole('textbox', { name: 'Ready date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Ready time', exact: true }).selectOption('10:00 AM');
  await page.getByRole('textbox', { name: 'Requested due date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Requested due time', exact: true }).selectOption('12:00 PM');
  if (extra.whatToCollect)
    await page.getByRole('textbox', { name: 'What to collect', exact: true }).fill(extra.whatToCollect);
  if (extra.copies) await page.getByRole('textbox', { name: 'Number of copies', exact: true }).fill(extra.copies);
}

async function next(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: `Step 2 of 2: ${type} details` })).toBeVisible();
}

/** Saves and lands on the job list with the banner; answers the encoded jb of the new job. */
async function save(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobClient\?messageType=1&jb=/);
  await expect(page.getByText(MESSAGES.saved)).toBeVisible();
  // The message names the new job's number, a link to its slip.
  await expect(
    page.getByRole('status').filter({ hasText: MESSAGES.saved }).getByRole('link', { name: /^\S+$/ }),
  ).toHaveAttribute('href', /^\/JobSlip\?jb=/);
  return new URL(page.url()).searchParams.get('jb') ?? '';
}

/** Focus is on (or inside) the first visible invalid control of the form, and it is on the screen. */
async function expectFocusOnFirstInvalid(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const first = [...document.querySelectorAll<HTMLElement>('form [aria-invalid="true"]')].find(
          (e) => e.getClientRects().length > 0,
        );
        const active = document.activeElement;
        return first !== undefined && active !== null && (first === active || first.contains(active));
      }),
    )
    .toBe(true);
  await expect(page.locator(':focus')).toBeInViewport();
}

const radio = (page: Page, group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByLabel(option, { exact: true }).check();
const section = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });

async function openSection(page: Page, title: string): Promise<void> {
  const header = section(page, title);
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

/** Cancel leaves the form; when something was typed or uploaded it first asks, and the order is deleted. */
async function cancelOrder(page: Page): Promise<void> {
  const ask = page.getByRole('dialog', { name: 'Cancel this order?' });
  const left = page.waitForURL(/\/JobClient/).then(() => false);
  await page.getByRole('link', { name: 'Cancel' }).click();
  const asked = ask.waitFor({ timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (await Promise.race([left, asked])) await ask.getByRole('button', { name: 'Delete the order' }).click();
  await left;
}

test('a choice made while the page is still loading is not undone when it is ready', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState });
  contexts.push(context);
  const page = await context.newPage();
  await closeNoticeWhenShown(page);
  const release = await holdScripts(page);
  await page.goto('/SaveJob', { waitUntil: 'commit' });
  const orderType = page.getByRole('combobox', { name: 'Order type', exact: true });
  await expect(orderType).toBeVisible();
  // Before the scripts run the fields wait: a choice made now would be reset when the form takes over.
  await expect(orderType).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  const choosing = orderType.selectOption({ label: 'Scan' });
  release();
  await choosing;
  const instructions = page.getByRole('textbox', { name: 'Instructions', exact: true });
  await instructions.fill('Chosen while the page was loading.');
  await expect(orderType).toHaveValue('6');
  await expect(instructions).toHaveValue('Chosen while the page was loading.');
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('e2e.orderer@example.com');
});

test('an appeal book (draft, other court) is saved', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Appeal Book');
  await next(page, 'Appeal Book');
  await radio(page, 'What should we prepare?', 'Draft appeal book');
  await page.getByRole('combobox', { name: 'Location', exact: true }).selectOption({ label: 'Sydney' });
  await page.getByRole('combobox', { name: 'Court', exact: true }).selectOption({ label: 'Other' });
  await page.getByRole('textbox', { name: 'Other court', exact: true }).fill('Land and Environment Court of NSW');
  await page.getByRole('combobox', { name: 'Appeal book type', exact: true }).selectOption({ label: 'Civil' });
  await page.getByRole('checkbox', { name: 'Index', exact: true }).check();
  await page
    .getByRole('group', { name: 'File number' })
    .getByRole('textbox', { name: 'Number', exact: true })
    .fill('2025/0042');
  await page.getByRole('textbox', { name: 'Year or total', exact: true }).fill('2025');
  await page.getByRole('textbox', { name: 'First party', exact: true }).fill('Harbour Pty Ltd');
  await page.getByRole('textbox', { name: 'Second party', exact: true }).fill('Vale Ltd');
  await save(page);
});

test('a court copy (Supreme Court: methods and solicitor section) is saved', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Court Copy');
  await next(page, 'Court Copy');
  await page.getByRole('combobox', { name: 'Location', exact: true }).selectOption({ label: 'Sydney CBD' });
  await page.getByRole('combobox', { name: 'Court', exact: true }).selectOption({ label: 'Supreme Court' });
  await expect(page.getByRole('heading', { name: 'Solicitor' })).toBeVisible();
  await radio(page, 'Copy method', 'Photocopy');
  await page.getByRole('textbox', { name: 'Number of copies', exact: true }).fill('2');
  await radio(page, 'Acting for', 'Plaintiff / applicant');
  // The file number's two parts sit under one "File number" heading: no box of its own is called that again.
  await expect(page.getByRole('group', { name: 'File number' })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'File number' })).toHaveCount(0);
  await page
    .getByRole('group', { name: 'File number' })
    .getByRole('textbox', { name: 'Number', exact: true })
    .fill('2024/1234');
  await page.getByRole('textbox', { name: 'Year or total', exact: true }).fill('2024');
  await page.getByRole('textbox', { name: 'First party', exact: true }).fill('R');
  await page.getByRole('textbox', { name: 'Second party', exact: true }).fill('Nguyen');
  await page.getByRole('checkbox', { name: 'I agree to the practice note', exact: true }).check();
  await page.getByRole('textbox', { name: 'Solicitor’s full name', exact: true }).fill('Morgan Patel');
  await radio(page, 'Solicitor for', 'Other');
  await page.getByRole('textbox', { name: 'Solicitor for (other)', exact: true }).fill('Intervener');
  await save(page);
});

test('a copy job with Set As Originals is saved', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Copy', { whatToCollect: 'Two lever arch folders at reception', copies: '3' });
  await next(page, 'Copy');
  await page.getByRole('button', { name: 'Set As Originals' }).click();
  // The presets leave the staples questions: their section opens.
  await expect(section(page, 'Folders, binding and staples')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Hole punch', exact: true })).toHaveValue('3');
  await page
    .getByRole('combobox', { name: 'Staples and clips on the originals', exact: true })
    .selectOption({ label: 'Replace as found' });
  await page
    .getByRole('combobox', { name: 'Staples and clips on the copies', exact: true })
    .selectOption({ label: 'As originals' });
  await openSection(page, 'Page numbering');
  await radio(page, 'Page numbers', 'Number every page');
  for (const option of ['Indexes', 'Separator sheets', 'Dividers', 'Blank pages'])
    await expect(page.getByRole('checkbox', { name: option, exact: true })).toBeChecked();
  await page.getByRole('combobox', { name: 'Number location', exact: true }).selectOption({ label: 'Bottom right' });
  await page.getByRole('textbox', { name: 'Starting number', exact: true }).fill('1');
  await page.getByRole('combobox', { name: 'Numbering sequence', exact: true }).selectOption({ label: '1, 2, 3 …' });
  await save(page);
});

test('phone numbers written as people write them are saved without spaces, as the slip shows', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Consulting');
  await page.getByRole('textbox', { name: 'Contact phone', exact: true }).fill('(02) 9000 1234');
  await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412 345 678');
  await next(page, 'Consulting');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Phones as people write them.');
  const jb = await save(page);
  await page.goto(`/JobSlip?jb=${jb}`);
  await expect(page.getByText('0412345678', { exact: true })).toBeVisible();
  await expect(page.getByText('(02)90001234', { exact: true })).toBeVisible();
  await expect(page.getByText('0412 345 678')).toHaveCount(0);
});

for (const type of ['Data Processing', 'Consulting', 'Court']) {
  test(`a ${type.toLowerCase()} job is saved`, async ({ browser }) => {
    const page = await openForm(browser);
    await stepOne(page, type);
    await next(page, type);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(`What the ${type} job is about.`);
    // Back keeps everything.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Instructions', exact: true })).toHaveValue(
      `Ordered by the ${type} e2e test.`,
    );
    await next(page, type);
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
      `What the ${type} job is about.`,
    );
    await save(page);
  });
}

test('a print job with full instructions: Save opens the first invalid section', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Print', { copies: '2' });
  await next(page, 'Print');
  await page.getByRole('checkbox', { name: 'Give advanced print instructions', exact: true }).check();
  await radio(page, 'Does the file contain any colour?', 'Yes, print colour pages in colour');
  await section(page, 'Colour').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(section(page, 'Sides and paper size')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('radiogroup', { name: 'Single or double-sided' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectFocusOnFirstInvalid(page);
  await expect(page).toHaveURL(/\/SaveJob/);

  await radio(page, 'Single or double-sided', 'Double-sided');
  await radio(page, 'Paper size', 'Other');
  await page.getByRole('textbox', { name: 'Paper size (other)', exact: true }).fill('A3');
  await openSection(page, 'Separator sheets and tabbed dividers');
  await page.getByRole('checkbox', { name: 'Tabbed dividers', exact: true }).check();
  await page.getByRole('combobox', { name: 'Tabbed divider type', exact: true }).selectOption({ label: 'Paper tabs' });
  await page.getByRole('textbox', { name: 'Tabbed divider label', exact: true }).fill('1 to 20');
  await page
    .getByRole('combobox', { name: 'Tabbed divider location', exact: true })
    .selectOption({ label: 'Before each document' });
  await openSection(page, 'Folders and binding');
  await page
    .getByRole('combobox', { name: 'Folders and binding', exact: true })
    .selectOption({ label: 'Lever arch folder' });
  await radio(page, 'Hole punch', '2 holes');
  await radio(page, 'Stapled', 'No');
  await openSection(page, 'Documents');
  await radio(page, 'Duplicate documents', 'Print once');
  await radio(page, 'E-mail attachments', 'Print after their e-mail');
  await page
    .getByRole('combobox', { name: 'Order of the documents', exact: true })
    .selectOption({ label: 'By date, oldest first' });
  await radio(page, 'Undated documents go', 'At the end');
  await radio(page, 'Files that cannot be printed', 'Insert a placeholder sheet');
  await radio(page, 'Excel files', 'Fit each sheet to page width');
  await openSection(page, 'Page numbering');
  await radio(page, 'Apply page numbers', 'Yes');
  await page.getByRole('combobox', { name: 'Number location', exact: true }).selectOption({ label: 'Bottom centre' });
  await page.getByRole('textbox', { name: 'Starting number', exact: true }).fill('100');
  await page.getByRole('combobox', { name: 'Numbering sequence', exact: true }).selectOption({ label: 'Other' });
  await page.getByRole('textbox', { name: 'Numbering sequence (other)', exact: true }).fill('By tab');
  await save(page);
});

test('a scan job with full instructions is saved', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Scan', { whatToCollect: 'One archive box' });
  await next(page, 'Scan');
  await page.getByRole('checkbox', { name: 'Give advanced scan instructions', exact: true }).check();
  await radio(page, 'Do the originals contain any colour?', 'No, scan in black and white');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(section(page, 'Document breaks')).toHaveAttribute('aria-expanded', 'true');
  await page
    .getByRole('combobox', { name: 'How should we decide where documents break?', exact: true })
    .selectOption({ label: 'By staples, clips and folders' });
  await radio(page, 'Keep attachments with their host document?', 'Yes');
  await openSection(page, 'Page numbering');
  await radio(page, 'Apply page numbers', 'Yes');
  await page.getByRole('combobox', { name: 'Number location', exact: true }).selectOption({ label: 'Top right' });
  await page.getByRole('textbox', { name: 'Starting number', exact: true }).fill('1');
  await page.getByRole('combobox', { name: 'Numbering sequence', exact: true }).selectOption({ label: '1, 2, 3 …' });
  await openSection(page, 'Objective coding');
  await radio(page, 'Objectively code the documents?', 'No');
  await openSection(page, 'Indexing');
  await radio(page, 'Create an index', 'Index with bookmarks');
  await radio(page, 'Hyperlink the index to the documents?', 'Yes');
  await openSection(page, 'Image file format');
  await radio(page, 'Image file format', 'Other');
  await page.getByRole('textbox', { name: 'Image file format (other)', exact: true }).fill('PDF/A');
  await openSection(page, 'File naming');
  await page.getByRole('combobox', { name: 'Name the files by', exact: true }).selectOption({ label: 'Other' });
  await page.getByRole('textbox', { name: 'File naming (other)', exact: true }).fill('Matter and date');
  await openSection(page, 'Other files to include');
  await page.getByRole('checkbox', { name: 'OCR', exact: true }).check();
  await openSection(page, 'Delivery');
  await expect(page.getByRole('radio', { name: 'USB Flash Drive' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Physical media', exact: true }).check();
  await radio(page, 'Physical media type', 'USB Flash Drive');
  await save(page);
});

test('a source file is uploaded and deleted after confirmation; a blocked file is refused', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Consulting');
  await next(page, 'Consulting');
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText(MESSAGES.blocked)).toBeVisible();
  await input.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(200_000, 1) });
  await expect(page.getByTestId('source-file').filter({ hasText: 'brief.pdf' })).toHaveAttribute('data-status', 'done');
  await page.getByRole('button', { name: 'Delete file brief.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete file' });
  await expect(dialog).toContainText(MESSAGES.deleteConfirm);
  await dialog.getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByText(MESSAGES.deleted)).toBeVisible();
  await expect(page.locator('input[type="file"]')).toBeVisible();
  await cancelOrder(page);
});

test('the source file upload shows percent and size, can be cancelled (nothing attached) and retried', async ({
  browser,
}) => {
  const page = await openForm(browser);
  await stepOne(page, 'Consulting');
  await next(page, 'Consulting');
  // A slow uplink (256 KB/s) so the progress can be seen and the upload cancelled half-way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const content = Buffer.alloc(3 * 1024 * 1024, 7);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bundle.pdf', mimeType: 'application/pdf', buffer: content });
  const row = page.getByTestId('source-file').filter({ hasText: 'bundle.pdf' });
  await expect(row.getByRole('progressbar', { name: 'Uploading bundle.pdf' })).toBeVisible();
  await expect(row).toContainText(/[\d.]+ (KB|MB|bytes) of 3\.0 MB/);
  await expect
    .poll(async () => Number(await row.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await row.getByRole('button', { name: 'Cancel upload of bundle.pdf' }).click();
  await expect(row).toContainText('The upload was cancelled. Nothing was attached.');
  await expect(row.getByTestId('source-file-sha256')).toHaveCount(0);

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await row.getByRole('button', { name: 'Retry upload of bundle.pdf' }).click();
  await expect(row).toHaveAttribute('data-status', 'done');
  await expect(row.getByTestId('source-file-sha256')).toHaveText(
    `SHA-256 ${createHash('sha256').update(content).digest('hex')}`,
  );
  await cancelOrder(page);
});

test('the matter reference suggests the client’s references as the user types', async ({ browser }) => {
  // A jb naming no job of the client (here: garbage) gives the empty form with a calm notice.
  const page = await openForm(browser, '/SaveJob?jb=bm90LWEtam9i');
  await expect(page.getByText('The job to copy was not found. You can enter a new job below.')).toBeVisible();
  const matter = page.getByRole('combobox', { name: 'Matter reference' });
  await matter.fill('CL-2024-01');
  const options = page.getByRole('listbox', { name: 'Matter reference suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const first = (await options.first().innerText()).trim();
  expect(first.startsWith('CL-2024-01')).toBe(true);
  await matter.press('ArrowDown');
  await matter.press('Enter');
  await expect(matter).toHaveValue(first);
  await expect(page.getByRole('listbox', { name: 'Matter reference suggestions' })).toBeHidden();
});

test('a job is cloned with fresh dates, and its file when the user asks for it', async ({ browser }) => {
  const page = await openForm(browser);
  await stepOne(page, 'Data Processing');
  await next(page, 'Data Processing');
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Load the PST files into the review platform.');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'custodians.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,email\nA,a@example.com\n'),
  });
  await expect(page.getByTestId('source-file')).toContainText('custodians.csv');
  const jb = await save(page);
  const source = await (await page.request.get(`/api/Job/${decodeJb(jb)}`)).json();

  const clone = await openForm(browser, `/SaveJob?jb=${encodeURIComponent(jb)}`);
  await expect(clone.getByText(MESSAGES.cloned(source.JMSNumber))).toBeVisible();
  await expect(clone.getByRole('combobox', { name: 'Order type', exact: true })).toHaveValue('4');
  await expect(clone.getByRole('combobox', { name: 'Matter reference' })).toHaveValue(source.MatterReference);
  await clone.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412345678');
  await next(clone, 'Data Processing');
  await expect(clone.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    'Load the PST files into the review platform.',
  );
  await expect(clone.getByTestId('cloned-file')).toContainText(`custodians.csv`);
  // A copy asks before copying the earlier job's file (issue 29): not copied unless ticked.
  const copyFile = clone.getByRole('checkbox', {
    name: new RegExp(`^Copy custodians\\.csv \\(\\d+ bytes\\) from job ${source.JMSNumber}`),
  });
  await expect(copyFile).not.toBeChecked();
  await copyFile.check();
  const cloneJb = await save(clone);
  const copy = await (await clone.request.get(`/api/Job/${decodeJb(cloneJb)}`)).json();
  expect(copy).toMatchObject({
    SourceJobId: source.JobId,
    FileName: 'custodians.csv',
    MatterReference: source.MatterReference,
    OrderType: 4,
  });
  expect(copy.SourceFileId).not.toBe(source.SourceFileId);
  const file = await clone.request.get(`/api/Document/Download/${copy.SourceFileId}`);
  expect((await file.body()).toString()).toBe('name,email\nA,a@example.com\n');
});

test('a due time within 30 minutes opens the warning the user must accept', async ({ browser }) => {
  // soonDue() waits up to 92 s when the run is close to a quarter-hour (so the times it picks stay 'soon'):
  // more than the default 60 s of a test.
  test.setTimeout(180_000);
  const page = await openForm(browser);
  const { ready, due } = await soonDue();
  await stepOne(page, 'Consulting');
  await page.getByRole('textbox', { name: 'Ready date', exact: true }).fill(ready.date);
  await page.getByRole('combobox', { name: 'Ready time', exact: true }).selectOption(ready.time);
  await page.getByRole('textbox', { name: 'Requested due date', exact: true }).fill(due.date);
  await page.getByRole('combobox', { name: 'Requested due time', exact: true }).selectOption(due.time);
  await page.getByRole('button', { name: 'Next' }).click();
  const warning = page.getByRole('dialog', { name: 'Time due warning' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Change the due time' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Job details' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await warning.getByRole('button', { name: 'Keep this due time' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Consulting details' })).toBeVisible();
  await save(page);
});

test('both steps have no accessibility violations, with errors shown and instructions open', async ({ browser }) => {
  const page = await openForm(browser);
  const axe = async (what: string) => {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      what,
    ).toEqual([]);
  };
  await page.getByRole('combobox', { name: 'Order type' }).selectOption({ label: 'Scan' });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter what to collect.')).toBeVisible();
  // Focus leaves Next (at the bottom) for the first field to fix, scrolled into view.
  await expectFocusOnFirstInvalid(page);
  await axe('step one with errors');
  await stepOne(page, 'Scan', { whatToCollect: 'Boxes' });
  await next(page, 'Scan');
  await page.getByRole('checkbox', { name: 'Give advanced scan instructions', exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(section(page, 'Colour')).toHaveAttribute('aria-expanded', 'true');
  await axe('scan instructions with errors');
});

/** The plain id of an encoded jb (base64 applied four times). */
function decodeJb(jb: string): number {
  let s = jb;
  for (let i = 0; i < 4; i++) s = Buffer.from(s, 'base64').toString('utf8');
  return Number(s);
}
