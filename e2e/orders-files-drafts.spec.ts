/**
 * Orders as firms make them (issue 29), in the browser against the local-directory store: three files dropped on
 * the form at once, one cancelled mid-upload and retried, every file with its SHA-256 receipt on the slip and in
 * GET api/Job/{id}; a file added on the slip before work starts; a draft that survives signing out and in and is
 * offered back; Copy job's ticked files counted with new ones against the 20 a job takes before sending; the pages
 * axe-clean at 390, 1024 and 1280 px. Signed in as e2e.drafts of Coastline Legal (its own user: a job ordered on the
 * form as it ends its draft).
 */
import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { settleNotice, signIn } from './support/auth';

const ZONE = 'Australia/Sydney';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function decodeJb(jb: string): number {
  let s = jb;
  for (let i = 0; i < 4; i++) s = Buffer.from(s, 'base64').toString('utf8');
  return Number(s);
}

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

async function openForm(page: Page, url = '/SaveJob'): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'New Job' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toBeEnabled({ timeout: 30_000 });
}

async function stepOne(page: Page, matter: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Order type', exact: true }).selectOption({ label: 'Consulting' });
  await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412345678');
  await page.getByRole('combobox', { name: 'Matter reference' }).fill(matter);
  await page.getByRole('textbox', { name: 'Instructions', exact: true }).fill('Several files, one order.');
  const tomorrow = formatInTimeZone(new Date(Date.now() + 86_400_000), ZONE, 'dd/MM/yyyy');
  await page.getByRole('textbox', { name: 'Ready date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Ready time', exact: true }).selectOption('10:00 AM');
  await page.getByRole('textbox', { name: 'Requested due date', exact: true }).fill(tomorrow);
  await page.getByRole('combobox', { name: 'Requested due time', exact: true }).selectOption('12:00 PM');
}

/** Drops files on an element as the browser does for a drag from the desktop (one drop, several files). */
async function dropFiles(
  page: Page,
  selector: string,
  files: { name: string; size: number; fill: number }[],
): Promise<void> {
  const dt = await page.evaluateHandle((list) => {
    const d = new DataTransfer();
    for (const f of list)
      d.items.add(new File([new Uint8Array(f.size).fill(f.fill)], f.name, { type: 'application/pdf' }));
    return d;
  }, files);
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: dt });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: dt });
}

test('three files dropped at once: one cancelled mid-upload and retried; the slip and api/Job list all three with receipts; a file added before work starts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'e2e.drafts');
  await settleNotice(page);
  // Leaving with a change not yet in the draft asks first; this test accepts whenever asked.
  page.on('dialog', (d) => void d.accept());
  await openForm(page);
  await stepOne(page, `FILES-${Date.now()}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Consulting details' })).toBeVisible();
  await expect(page.locator('input[type="file"]')).toHaveAttribute('multiple', '');

  // A slow uplink so the large file can be cancelled half-way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  const files = [
    { name: 'brief.pdf', size: 40_000, fill: 1 },
    { name: 'bundle.pdf', size: 4 * 1024 * 1024, fill: 2 },
    { name: 'index.pdf', size: 30_000, fill: 3 },
  ];
  // Dropped on the form, not on the file input: anywhere on the form takes them.
  await dropFiles(page, 'form:has(input[type="file"])', files);
  const row = (name: string) => page.getByTestId('source-file').filter({ hasText: name });
  await expect(page.getByTestId('source-file')).toHaveCount(3);
  const big = row('bundle.pdf');
  await expect(big.getByRole('progressbar', { name: 'Uploading bundle.pdf' })).toBeVisible();
  await expect
    .poll(async () => Number(await big.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await big.getByRole('button', { name: 'Cancel upload of bundle.pdf' }).click();
  await expect(big).toContainText('The upload was cancelled. Nothing was attached.');
  await expect(row('brief.pdf')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(row('index.pdf')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await big.getByRole('button', { name: 'Retry upload of bundle.pdf' }).click();
  await expect(big).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const bytes = (f: (typeof files)[number]) => Buffer.alloc(f.size, f.fill);
  for (const f of files)
    await expect(row(f.name).getByTestId('source-file-sha256')).toHaveText(`SHA-256 ${sha(bytes(f))}`);
  await axeClean(page);

  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobClient\?messageType=1&jb=/);
  const jb = new URL(page.url()).searchParams.get('jb') ?? '';
  const job = await (await page.request.get(`/api/Job/${decodeJb(jb)}`)).json();
  expect(job.DocumentModel.map((d: { FileName: string }) => d.FileName).sort()).toEqual([
    'brief.pdf',
    'bundle.pdf',
    'index.pdf',
  ]);
  for (const f of files)
    expect(job.DocumentModel.find((d: { FileName: string }) => d.FileName === f.name).Sha256).toBe(sha(bytes(f)));
  // The legacy single-file fields name the first file.
  expect(job.SourceFileId).toBe(job.DocumentModel[0].DocumentId);

  // The slip lists every file, and takes one more while the job is Submitted.
  await page.goto(`/JobSlip?jb=${encodeURIComponent(jb)}`);
  await expect(page.getByRole('list', { name: 'Documents' }).getByTestId('slip-file')).toHaveCount(3);
  const add = page.getByRole('region', { name: 'Add files' });
  await add
    .locator('input[type="file"]')
    .setInputFiles({ name: 'late.pdf', mimeType: 'application/pdf', buffer: Buffer.from('added after ordering') });
  await expect(add.getByTestId('source-file')).toHaveAttribute('data-status', 'done');
  await axeClean(page);
  await add.getByRole('button', { name: 'Add to job' }).click();
  await expect(add.getByText('1 file was added to the job.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Documents' }).getByTestId('slip-file')).toHaveCount(4);
  await expect(page.getByRole('list', { name: 'Documents' })).toContainText('late.pdf');
});

test('a draft survives signing out and in, is offered back with its time and files, and can be discarded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'e2e.drafts');
  await settleNotice(page);
  page.on('dialog', (d) => void d.accept());
  await openForm(page);
  const matter = `DRAFT-${Date.now()}`;
  await stepOne(page, matter);
  await page.getByRole('button', { name: 'Next' }).click();
  // The draft save that carries the uploaded file (a server action naming its document id), not an earlier one
  // of the typing: leaving before it lands would leave the file out of the draft.
  const savedWithFile = page.waitForRequest(
    (r) =>
      r.method() === 'POST' &&
      r.headers()['next-action'] !== undefined &&
      /"documentIds":\[\d/.test(r.postData() ?? ''),
    { timeout: 30_000 },
  );
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'draft-file.pdf', mimeType: 'application/pdf', buffer: Buffer.from('kept with the draft') });
  await expect(page.getByTestId('source-file')).toHaveAttribute('data-status', 'done');
  expect((await (await savedWithFile).response())?.ok()).toBe(true);
  await expect(page.getByTestId('draft-saved')).toBeVisible({ timeout: 10_000 });
  const savedAt = formatInTimeZone(new Date(), ZONE, 'HH:mm');

  // Sign out and back in: the draft is on the server, not in this browser.
  await page.goto('/SignOut');
  await page.waitForURL(/\/SignIn|\/$/);
  await page.context().clearCookies();
  await signIn(page, 'e2e.drafts');
  await settleNotice(page);
  await openForm(page);
  const offer = page.getByTestId('draft-offer');
  await expect(offer).toContainText(/Resume your order from \d\d:\d\d/);
  expect(
    Math.abs(Number((await offer.innerText()).match(/(\d\d):(\d\d)/)?.[2]) - Number(savedAt.slice(3))),
  ).toBeLessThanOrEqual(2);
  await axeClean(page);
  await offer.getByRole('link', { name: 'Resume' }).click();
  await expect(page.getByRole('combobox', { name: 'Matter reference' })).toHaveValue(matter);
  await expect(page.getByRole('combobox', { name: 'Order type', exact: true })).toHaveValue('7');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('source-file')).toContainText('draft-file.pdf');

  // Discard: a new order no longer offers it.
  await openForm(page);
  await page.getByTestId('draft-offer').getByRole('button', { name: 'Discard' }).press('Enter');
  await expect(page.getByText('The draft was discarded.')).toBeVisible();
  // The Discard button is gone: focus is on the line saying so, not at the top of the page.
  await expect(page.getByTestId('draft-discarded')).toBeFocused();
  await openForm(page);
  await expect(page.getByTestId('draft-offer')).toHaveCount(0);
});

test('the form’s own ready and due times, gone stale while the form stayed open, are moved forward and said; Next goes on without retyping', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await signIn(page, 'e2e.drafts');
  await settleNotice(page);
  await openForm(page);
  await page.getByRole('combobox', { name: 'Order type', exact: true }).selectOption({ label: 'Consulting' });
  await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412 345 678');
  await page.getByRole('combobox', { name: 'Matter reference' }).fill(`STALE-${Date.now()}`);
  await page.getByRole('textbox', { name: 'Instructions', exact: true }).fill('Left open over lunch.');
  const readyBefore = await page.getByRole('combobox', { name: 'Ready time', exact: true }).inputValue();

  // Past the ready time the form filled in (at most 15 minutes ahead), well inside the idle time-out.
  await page.clock.fastForward('20:00');
  await page.getByRole('button', { name: 'Next' }).click();
  const note = page.getByTestId('times-moved');
  await expect(note).toContainText('The ready and due times had passed, so they were moved to ready');
  await expect(page.getByRole('heading', { name: /Step 2 of 2/ })).toBeVisible();
  await expect(page.getByText('Ready time cannot be earlier than the current time.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back' }).click();
  expect(await page.getByRole('combobox', { name: 'Ready time', exact: true }).inputValue()).not.toBe(readyBefore);
});

test('leaving a form with a change not yet saved asks with the browser’s own prompt; once the draft has it, nothing is asked', async ({
  page,
}) => {
  await signIn(page, 'e2e.drafts');
  await settleNotice(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await openForm(page);
  await page.getByRole('textbox', { name: 'Instructions', exact: true }).fill('typed just now');
  // Leaving by the browser (here a reload), not by the form's Cancel, which asks in its own dialog.
  await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.location.reload())]);
  expect(dialogs).toEqual(['beforeunload']);

  await openForm(page);
  await page.getByRole('textbox', { name: 'Instructions', exact: true }).fill('typed and kept');
  await expect(page.getByTestId('draft-saved')).toBeVisible({ timeout: 10_000 });
  dialogs.length = 0;
  // Leaving by the browser (here a reload), not by the form's Cancel, which asks in its own dialog.
  await Promise.all([page.waitForEvent('load'), page.evaluate(() => window.location.reload())]);
  expect(dialogs).toEqual([]);
});

test('Cancel asks before deleting the order and its uploaded file: Keep editing keeps both (focus back on Cancel); Delete the order leaves and the draft is gone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'e2e.drafts');
  await settleNotice(page);
  await openForm(page);
  await stepOne(page, `CANCEL-${Date.now()}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cancel-me.pdf', mimeType: 'application/pdf', buffer: Buffer.from('about to go') });
  await expect(page.getByTestId('source-file')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('draft-saved')).toBeVisible({ timeout: 10_000 });

  const cancel = page.getByRole('link', { name: 'Cancel' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(ask).toContainText('The order you started and its uploaded file will be deleted.');
  // Cancel first, Confirm second; focus starts on the safe choice.
  await expect(ask.getByRole('button')).toHaveText(['Keep editing', 'Delete the order']);
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(cancel).toBeFocused();
  expect(page.url()).toMatch(/\/SaveJob/);
  await expect(page.getByTestId('source-file')).toContainText('cancel-me.pdf');

  await cancel.click();
  await ask.getByRole('button', { name: 'Delete the order' }).click();
  await page.waitForURL(/\/JobClient/);
  await openForm(page);
  await expect(page.getByTestId('draft-offer')).toHaveCount(0);
});

test('Copy job with three files asks which to copy: ticked copies count with new files against the 20 a job takes, said before sending; the two chosen are copied with the same SHA-256, the third is not', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'e2e.drafts');
  await settleNotice(page);
  page.on('dialog', (d) => void d.accept());
  await openForm(page);
  await stepOne(page, `COPY-${Date.now()}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Consulting details' })).toBeVisible();
  const files = ['one.pdf', 'two.pdf', 'three.pdf'].map((name, i) => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4 file ${i + 1} ${Date.now()}`),
  }));
  await page.locator('input[type="file"]').setInputFiles(files);
  for (const f of files)
    await expect(page.getByTestId('source-file').filter({ hasText: f.name })).toHaveAttribute('data-status', 'done', {
      timeout: 20_000,
    });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobClient\?messageType=1&jb=/);
  const jb = new URL(page.url()).searchParams.get('jb') ?? '';
  const source = await (await page.request.get(`/api/Job/${decodeJb(jb)}`)).json();
  expect(source.DocumentModel).toHaveLength(3);

  // The copy lists every file of the earlier job and copies none unless asked.
  await openForm(page, `/SaveJob?jb=${encodeURIComponent(jb)}`);
  await page.getByRole('textbox', { name: 'After-hours contact number', exact: true }).fill('0412345678');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Consulting details' })).toBeVisible();
  const asked = page.getByRole('group', { name: `Files of job ${source.JMSNumber}` });
  const box = (name: string) =>
    asked.getByRole('checkbox', {
      name: new RegExp(`^Copy ${name.replace('.', '\\.')} \\(\\d+ bytes\\) from job ${source.JMSNumber}`),
    });
  for (const f of files) await expect(box(f.name)).not.toBeChecked();
  // 18 new files and the ticked copies count together against the 20 a job takes, before anything is sent.
  const fresh = Array.from({ length: 18 }, (_, i) => ({
    name: `new-${i + 1}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4 new ${i + 1} ${Date.now()}`),
  }));
  await page.locator('input[type="file"]').setInputFiles(fresh);
  await expect(page.getByTestId('source-file').and(page.locator('[data-status="done"]'))).toHaveCount(18, {
    timeout: 60_000,
  });
  await box('one.pdf').check();
  await box('three.pdf').check();
  const tooMany = page.getByText('A job takes at most 20 files.');
  await expect(tooMany).toHaveCount(0);
  await box('two.pdf').check();
  await expect(tooMany).toBeVisible();
  let saves = 0;
  page.on('request', (r) => {
    if (
      r.method() === 'POST' &&
      r.headers()['next-action'] !== undefined &&
      (r.postData() ?? '').includes('"requestKey"')
    )
      saves++;
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please correct the highlighted fields.')).toBeVisible();
  await expect(page.locator('input[type="file"]')).toBeFocused();
  expect(page.url()).toContain('/SaveJob');
  expect(saves).toBe(0);
  await box('two.pdf').uncheck();
  await expect(tooMany).toHaveCount(0);
  await axeClean(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/JobClient\?messageType=1&jb=/);
  const copyJb = new URL(page.url()).searchParams.get('jb') ?? '';
  const copy = await (await page.request.get(`/api/Job/${decodeJb(copyJb)}`)).json();
  expect(copy.SourceJobId).toBe(source.JobId);
  // The two copies and the 18 new files: 20 in all.
  expect(copy.DocumentModel).toHaveLength(20);
  const copies = (copy.DocumentModel as { FileName: string; Sha256: string; DocumentId: number }[]).filter(
    (d) => !d.FileName.startsWith('new-'),
  );
  // The copies keep the order the earlier job lists its files in (the order their uploads were registered, which
  // three uploads running side by side may not give as one, two, three).
  const chosen = new Map([
    ['one.pdf', sha(files[0]!.buffer)],
    ['three.pdf', sha(files[2]!.buffer)],
  ]);
  const inSourceOrder = (source.DocumentModel as { FileName: string }[])
    .map((d) => d.FileName)
    .filter((n) => chosen.has(n));
  expect(copies.map((d) => [d.FileName, d.Sha256])).toEqual(inSourceOrder.map((n) => [n, chosen.get(n)]));
  expect(inSourceOrder).toHaveLength(2);
  // Each copy is its own file with the same bytes.
  for (const d of copies) {
    expect(source.DocumentModel.map((s: { DocumentId: number }) => s.DocumentId)).not.toContain(d.DocumentId);
    expect(sha(await (await page.request.get(`/api/Document/Download/${d.DocumentId}`)).body())).toBe(d.Sha256);
  }
});
