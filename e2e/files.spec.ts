/**
 * Files on the job slip (issue 15): the source file's SHA-256 receipt, and the "Delivered files" the provider
 * attached (demo data: some of Harbour & Vale's delivered jobs) with their receipts, downloaded by the client.
 */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { encodeParam } from '../lib/encoding';
import { apiToken, settleNotice, signIn } from './support/auth';

test('a delivered job’s slip lists its Delivered files with SHA-256 receipts; the client downloads the same bytes', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'hv.user');
  const auth = { authorization: `Bearer ${token}` };
  const list = await request.post('/api/Job/JobsList/CurrentPage/1/PageSize/100', {
    headers: auth,
    data: { JobStatusModel: [{ JobStatusId: 8 }] },
  });
  const jobs = ((await list.json()) as { Jobs: { JobId: number; JMSNumber: string }[] }).Jobs;
  let found: { id: number; jms: string; file: { DocumentId: number; FileName: string; Sha256: string } } | null = null;
  for (const j of jobs) {
    const detail = (await (await request.get(`/api/Job/${j.JobId}`, { headers: auth })).json()) as {
      DeliveredFiles?: { DocumentId: number; FileName: string; Sha256: string }[];
    };
    const file = detail.DeliveredFiles?.[0];
    if (file) {
      found = { id: j.JobId, jms: j.JMSNumber, file };
      break;
    }
  }
  expect(found).not.toBeNull();
  if (!found) return;

  await signIn(page, 'hv.user');
  await settleNotice(page);
  await page.goto(`/JobSlip?jb=${encodeURIComponent(encodeParam(found.id))}`);
  await expect(page.getByRole('heading', { level: 1, name: `Job ${found.jms}` })).toBeVisible();
  const delivered = page.getByRole('list', { name: 'Delivered files' });
  await expect(delivered.getByTestId('slip-file')).toHaveCount(1);
  await expect(delivered).toContainText(found.file.FileName);
  await expect(delivered.getByTestId('slip-file-sha256')).toHaveText(`SHA-256 ${found.file.Sha256}`);
  await expect(delivered).toContainText(/Uploaded .+ by staff\.operator/);
  // Printed too: the receipt is text of the page, not hidden in print.
  await page.emulateMedia({ media: 'print' });
  await expect(delivered.getByTestId('slip-file-sha256')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    delivered.getByRole('link', { name: found.file.FileName }).click(),
  ]);
  const stream = await download.createReadStream();
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  expect(hash.digest('hex')).toBe(found.file.Sha256);
});

test('staff attach a finished file on the staff job page; the client’s job answer lists it with the same SHA-256', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'hv.user');
  const auth = { authorization: `Bearer ${token}` };
  const list = await request.post('/api/Job/JobsList/CurrentPage/1/PageSize/10', { headers: auth, data: {} });
  const job = ((await list.json()) as { Jobs: { JobId: number; JMSNumber: string }[] }).Jobs[0];
  expect(job).toBeTruthy();
  if (!job) return;
  const name = `output-${job.JMSNumber}-${Date.now()}.pdf`;
  const bytes = Buffer.from(`%PDF-1.4\n% finished output of ${name}\n%%EOF\n`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  await signIn(page, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await page.goto(`/Ops/Job?jb=${encodeURIComponent(encodeParam(job.JobId))}`);
  const panel = page.locator(`section[aria-labelledby="deliverables-${job.JobId}"]`);
  await expect(panel.getByRole('heading', { name: 'Delivered files' })).toBeVisible();
  await panel.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await expect(panel.getByText(`${name} was attached.`)).toBeVisible();
  await expect(panel.getByText(`SHA-256 ${sha256}`)).toBeVisible();

  const detail = (await (await request.get(`/api/Job/${job.JobId}`, { headers: auth })).json()) as {
    DeliveredFiles: { FileName: string; Sha256: string }[];
  };
  expect(detail.DeliveredFiles).toContainEqual(expect.objectContaining({ FileName: name, Sha256: sha256 }));
});
