/** HTTP-level behaviour of the document and log routes, called in-process with a legacy bearer token. */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as deleteRoute } from '@/app/api/Document/[id]/route';
import { POST as cloneRoute } from '@/app/api/Document/Clone/[targetJob]/[sourceJob]/[type]/route';
import { GET as downloadRoute } from '@/app/api/Document/Download/[id]/route';
import { POST as uploadRoute } from '@/app/api/Document/UploadJob/[type]/route';
import { POST as logAddRoute } from '@/app/api/Log/Add/route';
import { exceptionReports, logEntries } from '@/db/schema';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { multipartBody, repeatedBytes, webStreamOf, type MultipartSpec } from '@/test/multipart-body';
import { MULTIPART_MSG } from './multipart';
import { LocalDirectoryStorage, setFileStorage } from './storage';

const MAX = 52_428_800;
describe('document and log routes', () => {
  const { db } = useTestDatabase();
  const root = mkdtempSync(path.join(tmpdir(), 'jms-routes-'));
  beforeAll(() => setFileStorage(new LocalDirectoryStorage(root)));
  afterAll(() => setFileStorage(undefined));

  const fileCount = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

  function uploadRequest(
    token: string | undefined,
    spec: MultipartSpec,
    headers: Record<string, string> = {},
  ): Request {
    const m = multipartBody(spec);
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: {
        ...auth(token),
        'content-type': m.contentType,
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
        ...headers,
      },
      body: webStreamOf(m.body),
      duplex: 'half',
    };
    return new Request('http://localhost/api/Document/UploadJob/5', init);
  }

  async function upload(
    token: string | undefined,
    spec: MultipartSpec,
    type = '5',
    headers: Record<string, string> = {},
  ) {
    const res = await uploadRoute(uploadRequest(token, spec, headers), ctx({ type }));
    return { status: res.status, body: await res.json() };
  }

  const json = (token: string | undefined, method: string, body?: unknown, raw?: string) =>
    new Request('http://localhost/api', {
      method,
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });

  describe('POST api/Document/UploadJob/5', () => {
    it('answers the document model', async () => {
      const { token } = await signedIn();
      const r = await upload(token, {
        fields: { note: 'x' },
        files: [{ fileName: 'C:\\fakepath\\Brief.pdf', contentType: 'application/pdf', content: '%PDF-1.7' }],
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        FileName: 'Brief.pdf',
        Size: 8,
        ContentType: 'application/pdf',
        UploadType: 5,
        JobId: null,
      });
      expect(r.body.DocumentId).toBeGreaterThan(0);
    });

    it('a browser that goes away half-way (cancel) gets a quiet 400: nothing stored, no exception report', async () => {
      const { token } = await signedIn();
      const before = fileCount();
      const [{ n: reportsBefore } = { n: 0 }] = await db().select({ n: count() }).from(exceptionReports);
      async function* cancelled(): AsyncGenerator<Uint8Array> {
        yield* repeatedBytes(2 * 1024 * 1024);
        throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      }
      const r = await upload(token, { files: [{ fileName: 'big.pdf', content: cancelled() }] });
      expect(r).toEqual({ status: 400, body: { error: { status: 400, message: 'The upload was cancelled.' } } });
      expect(fileCount()).toBe(before);
      const [{ n: reportsAfter } = { n: 0 }] = await db().select({ n: count() }).from(exceptionReports);
      expect(reportsAfter).toBe(reportsBefore);
    });

    it('X-File-Size (sent by the portal’s pages): the right size stores the file; another size is a 400 and nothing is stored', async () => {
      const { token } = await signedIn();
      const ok = await upload(token, { files: [{ fileName: 'Brief.pdf', content: '%PDF-1.7' }] }, '5', {
        'x-file-size': '8',
      });
      expect(ok).toMatchObject({ status: 200, body: { FileName: 'Brief.pdf', Size: 8 } });
      const before = fileCount();
      for (const declared of ['7', '9']) {
        const r = await upload(token, { files: [{ fileName: 'Brief.pdf', content: '%PDF-1.7' }] }, '5', {
          'x-file-size': declared,
        });
        expect(r).toEqual({
          status: 400,
          body: { error: { status: 400, message: MSG.fileSizeMismatch, fields: { File: [MSG.fileSizeMismatch] } } },
        });
      }
      const bad = await upload(token, { files: [{ fileName: 'Brief.pdf', content: '%PDF-1.7' }] }, '5', {
        'x-file-size': '8 bytes',
      });
      expect(bad).toEqual({
        status: 400,
        body: { error: { status: 400, message: MSG.fileSizeInvalid, fields: { File: [MSG.fileSizeInvalid] } } },
      });
      const large = await upload(token, { files: [{ fileName: 'Brief.pdf', content: '%PDF-1.7' }] }, '5', {
        'x-file-size': String(MAX + 1),
      });
      expect(large).toMatchObject({ status: 400, body: { error: { message: MSG.fileTooLarge } } });
      expect(fileCount()).toBe(before);
    });

    it.each([
      ['no session', undefined, '5', 401],
      ['another upload type', 'token', '4', 400],
      ['a non-numeric upload type', 'token', 'x', 400],
    ])('%s: %i', async (_label, withToken, type, status) => {
      const { token } = await signedIn();
      const r = await upload(withToken ? token : undefined, { files: [{ fileName: 'a.pdf', content: 'a' }] }, type);
      expect(r.status).toBe(status);
      expect(r.body.error.status).toBe(status);
    });

    it('a body that is not multipart/form-data: 400', async () => {
      const { token } = await signedIn();
      const res = await uploadRoute(json(token, 'POST', { File: 'a.pdf' }), ctx({ type: '5' }));
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(MULTIPART_MSG.invalid);
    });

    it('no file: 400 and the failure is logged', async () => {
      const { token, actor } = await signedIn();
      const r = await upload(token, { fields: { a: '1' } });
      expect(r).toMatchObject({
        status: 400,
        body: { error: { message: MULTIPART_MSG.noFile, fields: { File: [MULTIPART_MSG.noFile] } } },
      });
      const [log] = await db().select().from(logEntries).where(eq(logEntries.userId, actor.userId));
      expect(log).toMatchObject({ action: 10, success: false, os: 'Mac OS 10.15.7', browser: 'Safari 17' });
    });

    it.each([
      [
        'a truncated body',
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 and then nothing',
        MULTIPART_MSG.invalid,
      ],
      [
        'two files',
        '--b\r\nContent-Disposition: form-data; name="f"; filename="a.pdf"\r\n\r\na\r\n--b\r\nContent-Disposition: form-data; name="g"; filename="b.pdf"\r\n\r\nb\r\n--b--\r\n',
        MULTIPART_MSG.oneFile,
      ],
    ])('%s: 400, nothing stored', async (_label, raw, message) => {
      const { token, actor } = await signedIn();
      const before = fileCount();
      const req = new Request('http://localhost/api/Document/UploadJob/5', {
        method: 'POST',
        headers: { ...auth(token), 'content-type': 'multipart/form-data; boundary=b' },
        body: raw,
      });
      const res = await uploadRoute(req, ctx({ type: '5' }));
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
      expect(fileCount()).toBe(before);
      const [log] = await db().select().from(logEntries).where(eq(logEntries.userId, actor.userId));
      expect(log).toMatchObject({ success: false, details: { reason: 'invalid' } });
    });

    it('a blocked extension: 400 with the spec message', async () => {
      const { token } = await signedIn();
      const r = await upload(token, { files: [{ fileName: 'payload.pdf.exe', content: 'MZ' }] });
      expect(r).toMatchObject({
        status: 400,
        body: { error: { message: MSG.fileExtensionBlocked, fields: { File: [MSG.fileExtensionBlocked] } } },
      });
    });

    it('52,428,801 bytes streamed: 400, nothing left on disk', async () => {
      const { token } = await signedIn();
      const before = fileCount();
      const r = await upload(token, { files: [{ fileName: 'big.bin', content: repeatedBytes(MAX + 1) }] });
      expect(r).toMatchObject({ status: 400, body: { error: { message: MSG.fileTooLarge } } });
      expect(fileCount()).toBe(before);
    });

    it('a Content-Length beyond the limit is refused before the body is read', async () => {
      const { token } = await signedIn();
      const r = await upload(token, { files: [{ fileName: 'a.pdf', content: 'a' }] }, '5', {
        'content-length': String(MAX + 1024 * 1024),
      });
      expect(r).toMatchObject({ status: 400, body: { error: { message: MSG.fileTooLarge } } });
    });
  });

  describe('download, delete and clone routes', () => {
    it('download: an attachment with nosniff for the owner client; 404 for another; 400 for a malformed id', async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const up = await upload(owner.token, {
        files: [{ fileName: 'Zürich "plan".txt', contentType: 'text/html', content: '<script>alert(1)</script>' }],
      });
      const id = String(up.body.DocumentId);
      const res = await downloadRoute(json(owner.token, 'GET'), ctx({ id }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Z_rich _plan_.txt"; filename*=UTF-8''Z%C3%BCrich%20_plan_.txt`,
      );
      expect(await res.text()).toBe('<script>alert(1)</script>');
      expect((await downloadRoute(json(stranger.token, 'GET'), ctx({ id }))).status).toBe(404);
      expect((await downloadRoute(json(undefined, 'GET'), ctx({ id }))).status).toBe(401);
      for (const bad of ['abc', '0', '-1', '1e3', '99999999999'])
        expect((await downloadRoute(json(owner.token, 'GET'), ctx({ id: bad }))).status).toBe(400);
    });

    it('delete: 404 for another client, then the owner’s message, then 404', async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const up = await upload(owner.token, { files: [{ fileName: 'a.txt', content: 'a' }] });
      const id = String(up.body.DocumentId);
      expect((await deleteRoute(json(stranger.token, 'DELETE'), ctx({ id }))).status).toBe(404);
      const res = await deleteRoute(json(owner.token, 'DELETE'), ctx({ id }));
      expect(await res.json()).toEqual({ Success: true, Message: MSG.fileDeleted });
      expect((await deleteRoute(json(owner.token, 'DELETE'), ctx({ id }))).status).toBe(404);
    });

    it('clone: type 5 only; jobs of the client only', async () => {
      const { token, clientId } = await signedIn();
      const stranger = await signedIn();
      const source = await makeJob({ clientId });
      const target = await makeJob({ clientId });
      const params = (type: string, s = source.id, t = target.id) =>
        ctx({ targetJob: String(t), sourceJob: String(s), type });
      expect((await cloneRoute(json(token, 'POST'), params('4'))).status).toBe(400);
      const none = await cloneRoute(json(token, 'POST'), params('5'));
      expect(await none.json()).toBeNull();
      expect((await cloneRoute(json(stranger.token, 'POST'), params('5'))).status).toBe(404);
    });
  });

  describe('POST api/Log/Add', () => {
    it('writes the entry for the session’s user and client, whatever the body says', async () => {
      const { token, actor } = await signedIn();
      const other = await signedIn();
      const res = await logAddRoute(
        json(token, 'POST', {
          LoggingId: 99,
          UserId: other.actor.userId,
          ClientId: other.clientId,
          Area: 15,
          Action: 10,
          Success: false,
          OS: 'Windows',
          Browser: 'Edge',
          JobModel: { JobId: 0, FileName: 'big.pdf' },
        }),
        ctx({}),
      );
      expect(res.status).toBe(200);
      const { LoggingId } = await res.json();
      const [row] = await db().select().from(logEntries).where(eq(logEntries.id, LoggingId));
      expect(row).toMatchObject({
        userId: actor.userId,
        clientId: actor.clientId,
        area: 15,
        action: 10,
        success: false,
        os: 'Windows',
        browser: 'Edge',
        jobId: null,
        details: { source: 'client', fileName: 'big.pdf' },
      });
    });

    it('a clone entry may name a job of the client; another client’s job is a 404', async () => {
      const { token, clientId } = await signedIn();
      const stranger = await signedIn();
      const job = await makeJob({ clientId });
      const theirs = await makeJob({ clientId: stranger.clientId });
      const ok = await logAddRoute(
        json(token, 'POST', { Area: 15, Action: 11, Success: true, JobModel: { JobId: job.id } }),
        ctx({}),
      );
      expect(ok.status).toBe(200);
      const [row] = await db().select().from(logEntries).orderBy(desc(logEntries.id)).limit(1);
      expect(row).toMatchObject({ action: 11, jobId: job.id, success: true });
      expect(
        (
          await logAddRoute(
            json(token, 'POST', { Area: 15, Action: 11, Success: true, JobModel: { JobId: theirs.id } }),
            ctx({}),
          )
        ).status,
      ).toBe(404);
    });

    it.each([
      ['no body', undefined, undefined],
      ['malformed JSON', undefined, '{"Area":15,'],
      ['another area', { Area: 14, Action: 10, Success: true }, undefined],
      ['another action', { Area: 15, Action: 12, Success: true }, undefined],
      ['Success not a boolean', { Area: 15, Action: 10, Success: 'maybe' }, undefined],
      ['a huge OS string', { Area: 15, Action: 10, Success: true, OS: 'x'.repeat(5000) }, undefined],
      ['a body that is a list', [1, 2], undefined],
    ])('%s: 400', async (_label, body, raw) => {
      const { token } = await signedIn();
      const res = await logAddRoute(json(token, 'POST', body, raw), ctx({}));
      expect(res.status).toBe(400);
      expect((await res.json()).error.status).toBe(400);
    });

    it('no session: 401', async () => {
      expect(
        (await logAddRoute(json(undefined, 'POST', { Area: 15, Action: 10, Success: true }), ctx({}))).status,
      ).toBe(401);
    });
  });
});
