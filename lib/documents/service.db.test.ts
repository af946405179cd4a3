import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, logEntries } from '@/db/schema';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeUser, signedIn } from '@/test/factories';
import { repeatedBytes } from '@/test/multipart-body';
import { deleteDocument, DOCUMENT_MSG, openDocument, uploadDocument } from './service';
import { LocalDirectoryStorage, setFileStorage } from './storage';

const MAX = 52_428_800;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('documents service', () => {
  const { db } = useTestDatabase();
  const root = mkdtempSync(path.join(tmpdir(), 'jms-docs-'));

  beforeAll(() => setFileStorage(new LocalDirectoryStorage(root)));
  afterAll(() => setFileStorage(undefined));

  function storedFiles(): string[] {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  }

  async function* text(s: string): AsyncGenerator<Uint8Array> {
    yield Buffer.from(s);
  }

  /** A source that counts how many bytes were taken from it. */
  function counted(total: number) {
    const c = { pulled: 0 };
    async function* gen(): AsyncGenerator<Uint8Array> {
      for (const chunk of repeatedBytes(total)) {
        c.pulled += chunk.length;
        yield chunk;
      }
    }
    return { body: gen(), counter: c };
  }

  async function lastLog(userId: number) {
    const [row] = await db()
      .select()
      .from(logEntries)
      .where(eq(logEntries.userId, userId))
      .orderBy(desc(logEntries.id))
      .limit(1);
    return row;
  }

  describe('uploadDocument: size limit while streaming', () => {
    it('stores a file of exactly 52,428,800 bytes and logs the upload', async () => {
      const { actor } = await signedIn();
      const doc = await uploadDocument(actor, {
        fileName: 'exactly-50mb.pdf',
        contentType: 'application/pdf',
        body: counted(MAX).body,
        userAgent: CHROME,
      });
      expect(doc).toMatchObject({
        fileName: 'exactly-50mb.pdf',
        size: MAX,
        jobId: null,
        clientId: actor.clientId,
        uploadType: 5,
        contentType: 'application/pdf',
      });
      const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
      expect(row && statSync(path.join(root, row.storageKey)).size).toBe(MAX);
      expect(await lastLog(actor.userId)).toMatchObject({
        area: 15,
        action: 10,
        success: true,
        clientId: actor.clientId,
        os: 'Windows 10',
        browser: 'Chrome 120',
      });
    });

    it('refuses 52,428,801 bytes: nothing left on disk, nothing stored, failure logged', async () => {
      const { actor, clientId } = await signedIn();
      const before = storedFiles();
      await expect(
        uploadDocument(actor, { fileName: 'too-big.pdf', body: counted(MAX + 1).body }),
      ).rejects.toMatchObject({
        status: 400,
        message: MSG.fileTooLarge,
        fields: { File: [MSG.fileTooLarge] },
      });
      expect(storedFiles()).toEqual(before);
      expect(await db().select().from(documents).where(eq(documents.clientId, clientId))).toEqual([]);
      expect(await lastLog(actor.userId)).toMatchObject({
        area: 15,
        action: 10,
        success: false,
        details: { fileName: 'too-big.pdf', reason: 'too_large' },
      });
    });

    it('stops reading as soon as the limit is passed', async () => {
      const { actor } = await signedIn();
      const src = counted(MAX + 20 * 1024 * 1024);
      await expect(uploadDocument(actor, { fileName: 'huge.bin', body: src.body })).rejects.toMatchObject({
        message: MSG.fileTooLarge,
      });
      expect(src.counter.pulled).toBeLessThanOrEqual(MAX + 64 * 1024);
    });
  });

  describe('uploadDocument: names', () => {
    it.each([
      ['virus.exe'],
      ['invoice.pdf.exe'],
      ['a.exe.'],
      ['a.exe%00.pdf'],
      ['a.bat\u0000.txt'],
      ['../../run.ps1'],
      ['x.JS  '],
    ])('%j is refused', async (name) => {
      const { actor } = await signedIn();
      const before = storedFiles();
      await expect(uploadDocument(actor, { fileName: name, body: text('MZ') })).rejects.toMatchObject({
        status: 400,
        message: MSG.fileExtensionBlocked,
      });
      expect(storedFiles()).toEqual(before);
      expect(await lastLog(actor.userId)).toMatchObject({
        action: 10,
        success: false,
        details: { reason: 'blocked_extension' },
      });
    });

    it('a traversal name is only a label: stored under a generated key inside the storage root', async () => {
      const { actor } = await signedIn();
      const doc = await uploadDocument(actor, { fileName: '../../../etc/passwd.txt', body: text('hello') });
      expect(doc.fileName).toBe('passwd.txt');
      const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
      expect(row?.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(readFileSync(path.join(root, row?.storageKey ?? ''), 'utf8')).toBe('hello');
    });

    it('a name that is no name is refused', async () => {
      const { actor } = await signedIn();
      await expect(uploadDocument(actor, { fileName: '../', body: text('x') })).rejects.toMatchObject({
        status: 400,
        message: DOCUMENT_MSG.noName,
      });
    });

    it('internal staff (no client) cannot upload', async () => {
      const staff = await makeUser({ clientId: null, role: 1 });
      const actor = {
        userId: staff.id,
        clientId: null,
        role: 1 as const,
        userName: staff.userName,
        timeZone: staff.timeZone,
        sessionId: 'x',
      };
      await expect(uploadDocument(actor, { fileName: 'a.pdf', body: text('x') })).rejects.toMatchObject({
        status: 403,
      });
    });
  });

  async function readStream(s: AsyncIterable<Uint8Array>): Promise<string> {
    const parts: Buffer[] = [];
    for await (const c of s) parts.push(Buffer.from(c));
    return Buffer.concat(parts).toString('utf8');
  }

  describe('download and delete: only within the client', () => {
    it('any user of the owning client can download; another client gets a 404', async () => {
      const owner = await signedIn();
      const colleague = await signedIn(4, owner.clientId);
      const stranger = await signedIn();
      const doc = await uploadDocument(owner.actor, { fileName: 'brief.txt', body: text('the brief') });
      const opened = await openDocument(colleague.actor, doc.id);
      expect(opened.document).toMatchObject({ fileName: 'brief.txt', size: 9 });
      expect(await readStream(opened.stream)).toBe('the brief');
      await expect(openDocument(stranger.actor, doc.id)).rejects.toMatchObject({ status: 404 });
      await expect(openDocument(owner.actor, 2_000_000_000)).rejects.toMatchObject({ status: 404 });
    });

    it('delete: another client gets a 404 and the file stays; the owner deletes it; then it is gone', async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const doc = await uploadDocument(owner.actor, { fileName: 'draft.docx', body: text('draft') });
      const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
      const file = path.join(root, row?.storageKey ?? '');
      await expect(deleteDocument(stranger.actor, doc.id)).rejects.toMatchObject({ status: 404 });
      expect(statSync(file).size).toBe(5);
      expect(await deleteDocument(owner.actor, doc.id)).toEqual({ message: MSG.fileDeleted });
      expect(() => statSync(file)).toThrow();
      const [after] = await db().select().from(documents).where(eq(documents.id, doc.id));
      expect(after?.deletedAt).toBeInstanceOf(Date);
      await expect(deleteDocument(owner.actor, doc.id)).rejects.toMatchObject({ status: 404 });
      await expect(openDocument(owner.actor, doc.id)).rejects.toMatchObject({ status: 404 });
    });
  });
});
