/**
 * The legacy api/Document/* endpoints over real HTTP with the bearer jwtToken: upload, download, delete,
 * refusals (blocked extension, 50 MB + 1 byte), and another client's file answering like a missing one.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken } from './support/auth';
import { ports } from './support/ports';

const MAX = 52_428_800;
/** Where the e2e server stores uploads (its DATA_DIR, see playwright.config.ts). */
const UPLOADS = path.join(tmpdir(), `jms-e2e-${ports.app}`, 'uploads');
const storedFiles = () =>
  readdirSync(UPLOADS, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

test.describe('api/Document', () => {
  let own: Record<string, string> = {};
  let other: Record<string, string> = {};
  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    own = { Authorization: `Bearer ${await apiToken(request, 'hv.user')}` };
    other = { Authorization: `Bearer ${await apiToken(request, 'ng.user')}` };
    await request.dispose();
  });

  test('upload, download as an attachment, delete; another client sees nothing', async ({ request }) => {
    const up = await request.post('/api/Document/UploadJob/5', {
      headers: own,
      multipart: {
        file: { name: 'Brief "final".pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 test') },
      },
    });
    expect(up.status()).toBe(200);
    const doc = await up.json();
    expect(doc).toMatchObject({ FileName: 'Brief _final_.pdf', Size: 13, UploadType: 5, JobId: null });

    const down = await request.get(`/api/Document/Download/${doc.DocumentId}`, { headers: own });
    expect(down.status()).toBe(200);
    expect(down.headers()['content-disposition']).toMatch(/^attachment; filename="Brief _final_.pdf"/);
    expect(down.headers()['x-content-type-options']).toBe('nosniff');
    expect(down.headers()['content-type']).toBe('application/octet-stream');
    expect((await down.body()).toString()).toBe('%PDF-1.7 test');

    expect((await request.get(`/api/Document/Download/${doc.DocumentId}`, { headers: other })).status()).toBe(404);
    expect((await request.delete(`/api/Document/${doc.DocumentId}`, { headers: other })).status()).toBe(404);
    expect((await request.get(`/api/Document/Download/${doc.DocumentId}`)).status()).toBe(401);

    const del = await request.delete(`/api/Document/${doc.DocumentId}`, { headers: own });
    expect(await del.json()).toEqual({ Success: true, Message: 'File has been deleted successfully.' });
    expect((await request.get(`/api/Document/Download/${doc.DocumentId}`, { headers: own })).status()).toBe(404);
  });

  test('a blocked extension is refused with the spec message', async ({ request }) => {
    const res = await request.post('/api/Document/UploadJob/5', {
      headers: own,
      multipart: { file: { name: 'invoice.pdf.exe', mimeType: 'application/pdf', buffer: Buffer.from('MZ') } },
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).error.message).toBe('Files with this extension can not be uploaded.');
  });

  test('exactly 50 MB is stored; one byte more is refused and leaves no file behind', async ({ request }) => {
    const ok = await request.post('/api/Document/UploadJob/5', {
      headers: own,
      multipart: { file: { name: 'max.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(MAX, 7) } },
    });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).Size).toBe(MAX);
    const before = storedFiles();
    const big = await request.post('/api/Document/UploadJob/5', {
      headers: own,
      multipart: { file: { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(MAX + 1, 7) } },
    });
    expect(big.status()).toBe(400);
    expect((await big.json()).error.message).toBe('Files greater than 50 mb can not be uploaded.');
    expect(storedFiles()).toBe(before);
  });

  test('malformed requests are 4xx, never 5xx', async ({ request }) => {
    expect(
      (
        await request.post('/api/Document/UploadJob/4', {
          headers: own,
          multipart: { file: { name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('a') } },
        })
      ).status(),
    ).toBe(400);
    expect((await request.post('/api/Document/UploadJob/5', { headers: own, data: { File: 'a.pdf' } })).status()).toBe(
      400,
    );
    expect(
      (await request.post('/api/Document/UploadJob/5', { headers: own, multipart: { note: 'no file' } })).status(),
    ).toBe(400);
    expect((await request.get('/api/Document/Download/abc', { headers: own })).status()).toBe(400);
    expect(
      (await request.post('/api/Log/Add', { headers: own, data: { Area: 15, Action: 10, Success: false } })).status(),
    ).toBe(200);
    expect(
      (await request.post('/api/Log/Add', { headers: own, data: { Area: 1, Action: 10, Success: false } })).status(),
    ).toBe(400);
    // An array nested 2,000 deep: a 400, never a stack overflow.
    const nested = `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`;
    expect(
      (
        await request.post('/api/Log/Add', { headers: { ...own, 'content-type': 'application/json' }, data: nested })
      ).status(),
    ).toBe(400);
    expect(
      (
        await request.post('/api/Document/UploadJob/5', {
          headers: { ...own, 'content-type': 'application/json' },
          data: nested,
        })
      ).status(),
    ).toBe(400);
  });
});
