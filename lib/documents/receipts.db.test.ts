/**
 * Files on S3 (a real s3rver through the AWS SDK): SHA-256 receipts, verified and audited downloads,
 * presigned downloads, half-failed uploads, the orphan sweep, and deliverables.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, emailOutbox, logEntries } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { jobSlip } from '@/lib/jobs/slip';
import { makeJob, makeUser, signedIn } from '@/test/factories';
import { startTestS3, type TestS3 } from '@/test/s3';
import { attachDeliverable, listDeliverables, removeDeliverable, staffUploader } from './deliverables';
import { attachDocument } from './job-files';
import { toLegacyDocument } from '@/lib/legacy/documents';
import type { S3Storage } from './s3-storage';
import { openDocument, prepareDownload, uploadDocument } from './service';
import { newStorageKey, setFileStorage } from './storage';
import { sweepOrphans } from './sweep';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

async function readAll(s: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
}

async function* chunks(b: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function bucketKeys(storage: S3Storage): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list()) out.push(o.key);
  return out;
}

describe('files on S3', () => {
  const { db } = useTestDatabase();
  let s3: TestS3;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startTestS3('jms-receipts');
    storage = s3.storage();
    setFileStorage(storage);
  });
  afterAll(async () => {
    setFileStorage(undefined);
    await s3.stop();
  });
  afterEach(() => {
    delete process.env.S3_PRESIGNED_DOWNLOADS;
    delete process.env.S3_BUCKET;
    resetConfigForTests();
  });

  async function storageKey(id: number): Promise<string> {
    const [row] = await db().select({ key: documents.storageKey }).from(documents).where(eq(documents.id, id));
    return row?.key ?? '';
  }

  describe('SHA-256 receipt', () => {
    it('is computed while the file streams (7 MB, multipart) and stored with size, time and uploader; the upload answer carries it', async () => {
      const { actor } = await signedIn();
      const bytes = randomBytes(7 * 1024 * 1024 + 3);
      const clock = fixedClock('2026-03-02T10:00:00Z');
      const restore = setClock(clock);
      let doc;
      try {
        doc = await uploadDocument(actor, {
          fileName: 'evidence.pdf',
          contentType: 'application/pdf',
          body: chunks(bytes),
        });
      } finally {
        restore();
      }
      expect(doc).toMatchObject({
        sha256: sha(bytes),
        size: bytes.length,
        uploadedById: actor.userId,
        createdAt: new Date('2026-03-02T10:00:00Z'),
        kind: 'source',
      });
      expect(toLegacyDocument(doc)).toMatchObject({
        Sha256: sha(bytes),
        Size: bytes.length,
        UploadedById: actor.userId,
        CreatedDate: '2026-03-02T10:00:00.000Z',
      });
      const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
      expect(row).toMatchObject({ sha256: sha(bytes), size: bytes.length, uploadedById: actor.userId });
      // The bytes are in the bucket, not on a local disk.
      expect((await readAll(await storage.open(row?.storageKey ?? ''))).equals(bytes)).toBe(true);
    });

    it('with the size declared (as the portal’s pages send it) the file is one streamed PutObject and gets the same receipt', async () => {
      const { actor } = await signedIn();
      const bytes = randomBytes(7 * 1024 * 1024 + 3);
      const doc = await uploadDocument(actor, {
        fileName: 'declared.pdf',
        contentType: 'application/pdf',
        body: chunks(bytes),
        declaredSize: bytes.length,
      });
      expect(doc).toMatchObject({ sha256: sha(bytes), size: bytes.length });
      const key = await storageKey(doc.id);
      expect((await storage.stat(key)).size).toBe(bytes.length);
      // One PutObject: a multipart upload's ETag ends in "-<parts>".
      expect((await storage.stat(key)).version).not.toMatch(/-\d+"?$/);
      expect((await readAll(await storage.open(key))).equals(bytes)).toBe(true);
    });

    it('a download streams the verified bytes and is audited: who, when, which file', async () => {
      const { actor, clientId } = await signedIn();
      const colleague = await signedIn(4, clientId);
      const doc = await uploadDocument(actor, { fileName: 'brief.txt', body: chunks(Buffer.from('the brief')) });
      const opened = await openDocument(colleague.actor, doc.id);
      expect((await readAll(opened.stream)).toString()).toBe('the brief');
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.downloaded'), eq(auditLog.targetId, String(doc.id))));
      expect(audit).toMatchObject({ actorUserId: colleague.actor.userId, clientId, targetType: 'document' });
      expect(audit?.details).toMatchObject({
        fileName: 'brief.txt',
        kind: 'source',
        sha256: sha('the brief'),
        via: 'stream',
      });
      expect(audit?.createdAt).toBeInstanceOf(Date);
    });

    it('stored bytes that no longer match are refused (never served), audited, marked, and mailed to support once', async () => {
      const { actor } = await signedIn();
      const doc = await uploadDocument(actor, {
        fileName: 'contract.pdf',
        body: chunks(Buffer.from('signed contract v1')),
      });
      const key = await storageKey(doc.id);
      await storage.remove(key);
      await storage.put(key, Buffer.from('signed contract v2 (altered)'));
      for (let i = 0; i < 2; i++) {
        await expect(prepareDownload(actor, doc.id)).rejects.toMatchObject({ status: 409, message: MSG.fileDamaged });
      }
      const refusals = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.integrity_failed'), eq(auditLog.targetId, String(doc.id))));
      expect(refusals).toHaveLength(2);
      expect(refusals[0]?.details).toMatchObject({
        expected: sha('signed contract v1'),
        found: sha('signed contract v2 (altered)'),
      });
      const downloads = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.downloaded'), eq(auditLog.targetId, String(doc.id))));
      expect(downloads).toHaveLength(0);
      const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'integrity'));
      expect(mails.filter((m) => m.subject.includes(`stored file ${doc.id} `))).toHaveLength(1);
      const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
      expect(row?.integrityFailedAt).toBeInstanceOf(Date);
    });

    it('with S3_PRESIGNED_DOWNLOADS the download is a presigned URL of 60 seconds that serves the file as an attachment', async () => {
      process.env.S3_BUCKET = 'jms-receipts';
      process.env.S3_PRESIGNED_DOWNLOADS = 'true';
      resetConfigForTests();
      const { actor } = await signedIn();
      const stranger = await signedIn();
      const doc = await uploadDocument(actor, {
        fileName: 'Zürich brief.pdf',
        body: chunks(Buffer.from('presigned content')),
      });
      const answer = await prepareDownload(actor, doc.id, { allowRedirect: true });
      if (answer.kind !== 'redirect') throw new Error('expected a redirect');
      expect(new URL(answer.url).searchParams.get('X-Amz-Expires')).toBe('60');
      const res = await fetch(answer.url);
      expect(await res.text()).toBe('presigned content');
      expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''Z%C3%BCrich%20brief.pdf`);
      // Authorization still comes first: another client gets no URL.
      await expect(prepareDownload(stranger.actor, doc.id, { allowRedirect: true })).rejects.toMatchObject({
        status: 404,
      });
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.downloaded'), eq(auditLog.targetId, String(doc.id))));
      expect(audit?.details).toMatchObject({ via: 'presigned' });
    });
  });

  describe('an upload that fails half-way', () => {
    it('leaves no row, nothing attached and no object in the bucket (the multipart upload is aborted); the failure is logged', async () => {
      const { actor } = await signedIn();
      const before = await bucketKeys(storage);
      const [{ n: rowsBefore } = { n: 0 }] = await db()
        .select({ n: documents.id })
        .from(documents)
        .orderBy(desc(documents.id))
        .limit(1);
      async function* brokenAfter(bytes: number): AsyncGenerator<Uint8Array> {
        let sent = 0;
        while (sent < bytes) {
          const c = randomBytes(256 * 1024);
          sent += c.length;
          yield c;
        }
        throw new Error('connection reset by the browser');
      }
      await expect(uploadDocument(actor, { fileName: 'big.pdf', body: brokenAfter(12 * 1024 * 1024) })).rejects.toThrow(
        'connection reset',
      );
      expect(await bucketKeys(storage)).toEqual(before);
      const [{ n: rowsAfter } = { n: 0 }] = await db()
        .select({ n: documents.id })
        .from(documents)
        .orderBy(desc(documents.id))
        .limit(1);
      expect(rowsAfter).toBe(rowsBefore);
      const [entry] = await db()
        .select()
        .from(logEntries)
        .where(eq(logEntries.userId, actor.userId))
        .orderBy(desc(logEntries.id))
        .limit(1);
      expect(entry).toMatchObject({ success: false, details: { fileName: 'big.pdf', reason: 'storage' } });
    });

    it('with the size declared: a body that breaks off, or is not the size declared, leaves nothing either', async () => {
      const { actor } = await signedIn();
      const before = await bucketKeys(storage);
      const [{ n: rowsBefore } = { n: 0 }] = await db()
        .select({ n: documents.id })
        .from(documents)
        .orderBy(desc(documents.id))
        .limit(1);
      async function* brokenAfter(bytes: number): AsyncGenerator<Uint8Array> {
        yield* chunks(randomBytes(bytes));
        throw new Error('connection reset by the browser');
      }
      await expect(
        uploadDocument(actor, {
          fileName: 'broken.pdf',
          body: brokenAfter(3 * 1024 * 1024),
          declaredSize: 8 * 1024 * 1024,
        }),
      ).rejects.toThrow('connection reset');
      const bytes = randomBytes(2 * 1024 * 1024);
      await expect(
        uploadDocument(actor, { fileName: 'short.pdf', body: chunks(bytes), declaredSize: bytes.length + 1 }),
      ).rejects.toMatchObject({ status: 400, message: MSG.fileSizeMismatch });
      await expect(
        uploadDocument(actor, { fileName: 'long.pdf', body: chunks(bytes), declaredSize: bytes.length - 1 }),
      ).rejects.toMatchObject({ status: 400, message: MSG.fileSizeMismatch });
      // S3 stores nothing of an aborted PutObject; s3rver may write the aborted body after the portal's first
      // delete, and the portal deletes once more a second later (ABORTED_PUT_GRACE_MS).
      await expect.poll(() => bucketKeys(storage), { timeout: 5000, interval: 250 }).toEqual(before);
      const [{ n: rowsAfter } = { n: 0 }] = await db()
        .select({ n: documents.id })
        .from(documents)
        .orderBy(desc(documents.id))
        .limit(1);
      expect(rowsAfter).toBe(rowsBefore);
      const entries = await db()
        .select()
        .from(logEntries)
        .where(eq(logEntries.userId, actor.userId))
        .orderBy(desc(logEntries.id))
        .limit(3);
      expect(entries.map((e) => e.details)).toEqual([
        { fileName: 'long.pdf', reason: 'invalid' },
        { fileName: 'short.pdf', reason: 'invalid' },
        { fileName: 'broken.pdf', reason: 'storage' },
      ]);
    });

    it('a declared size over the limit is refused before a byte is read', async () => {
      const { actor } = await signedIn();
      let read = 0;
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const c of chunks(randomBytes(1024 * 1024))) {
          read += c.length;
          yield c;
        }
      }
      await expect(
        uploadDocument(actor, { fileName: 'huge.pdf', body: counted(), declaredSize: 52_428_801 }),
      ).rejects.toMatchObject({ status: 400, message: MSG.fileTooLarge });
      expect(read).toBe(0);
    });

    it('a file over the limit leaves nothing either', async () => {
      process.env.MAX_UPLOAD_BYTES = String(6 * 1024 * 1024);
      resetConfigForTests();
      try {
        const { actor } = await signedIn();
        const before = await bucketKeys(storage);
        await expect(
          uploadDocument(actor, { fileName: 'huge.pdf', body: chunks(randomBytes(7 * 1024 * 1024)) }),
        ).rejects.toMatchObject({ status: 400, message: MSG.fileTooLarge });
        expect(await bucketKeys(storage)).toEqual(before);
      } finally {
        delete process.env.MAX_UPLOAD_BYTES;
        resetConfigForTests();
      }
    });
  });

  describe('orphan sweep', () => {
    it('removes objects no live row names and uploads never attached, once older than a day; keeps everything else', async () => {
      const { actor, clientId } = await signedIn();
      const job = await makeJob({ clientId });
      const attached = await uploadDocument(actor, { fileName: 'kept.pdf', body: chunks(Buffer.from('attached')) });
      await db().transaction((tx) => attachDocument(tx, actor, attached.id, job.id));
      const abandoned = await uploadDocument(actor, {
        fileName: 'abandoned.pdf',
        body: chunks(Buffer.from('never attached')),
      });
      const orphan = newStorageKey();
      await storage.put(orphan, Buffer.from('bytes of an instance that died before writing the row'));

      // Less than a day old: nothing is touched (an upload may be in progress, a form still open).
      await sweepOrphans();
      expect(await storage.exists(orphan)).toBe(true);
      expect(await storage.exists(await storageKey(abandoned.id))).toBe(true);
      const [fresh] = await db().select().from(documents).where(eq(documents.id, abandoned.id));
      expect(fresh?.deletedAt).toBeNull();

      const restore = setClock(fixedClock(new Date(Date.now() + 25 * 3600 * 1000)));
      try {
        const result = await sweepOrphans();
        expect(result.abandonedUploads).toBeGreaterThanOrEqual(1);
        expect(result.orphanObjects).toBeGreaterThanOrEqual(2);
      } finally {
        restore();
      }
      expect(await storage.exists(orphan)).toBe(false);
      expect(await storage.exists(await storageKey(abandoned.id))).toBe(false);
      const [gone] = await db().select().from(documents).where(eq(documents.id, abandoned.id));
      expect(gone?.deletedAt).toBeInstanceOf(Date);
      expect((await readAll((await openDocument(actor, attached.id)).stream)).toString()).toBe('attached');
    });
  });

  describe('deliverables', () => {
    async function staffActor(): Promise<Actor> {
      const u = await makeUser({ clientId: null, role: 1 });
      return { userId: u.id, clientId: null, role: 1, userName: u.userName, timeZone: u.timeZone, sessionId: 's' };
    }

    it('staff attach a finished file; the client’s users list and download it; every download is audited; other clients get 404', async () => {
      const staff = await staffActor();
      const owner = await signedIn();
      const stranger = await signedIn();
      const job = await makeJob({ clientId: owner.clientId });
      const bytes = randomBytes(6 * 1024 * 1024);
      const doc = await attachDeliverable(staffUploader(staff), job.id, {
        fileName: 'scan-output.pdf',
        contentType: 'application/pdf',
        body: chunks(bytes),
      });
      expect(doc).toMatchObject({
        kind: 'deliverable',
        jobId: job.id,
        clientId: owner.clientId,
        sha256: sha(bytes),
        size: bytes.length,
        uploadedById: staff.userId,
      });

      const slip = await jobSlip(owner.actor, job.id);
      expect(slip?.deliverables).toEqual([
        expect.objectContaining({
          id: doc.id,
          fileName: 'scan-output.pdf',
          sha256: sha(bytes),
          size: bytes.length,
          uploadedByName: staff.userName,
        }),
      ]);
      expect(slip?.documents).toEqual([]);
      const listed = await listDeliverables(owner.actor, job.id);
      expect(listed).toEqual([
        expect.objectContaining({
          id: doc.id,
          fileName: 'scan-output.pdf',
          uploadedByName: staff.userName,
          sha256: sha(bytes),
        }),
      ]);
      expect(await listDeliverables(stranger.actor, job.id)).toEqual([]);

      for (let i = 0; i < 2; i++)
        expect((await readAll((await openDocument(owner.actor, doc.id)).stream)).equals(bytes)).toBe(true);
      await expect(openDocument(stranger.actor, doc.id)).rejects.toMatchObject({ status: 404 });
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.downloaded'), eq(auditLog.targetId, String(doc.id))));
      expect(audits).toHaveLength(2);
      expect(audits.every((a) => a.actorUserId === owner.actor.userId && a.clientId === owner.clientId)).toBe(true);
      const [attachedAudit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'document.deliverable_attached'), eq(auditLog.targetId, String(doc.id))));
      expect(attachedAudit).toMatchObject({ actorUserId: staff.userId, clientId: owner.clientId });

      // A deliverable is not the job's source file and cannot be re-attached or deleted by the client.
      await expect(db().transaction((tx) => attachDocument(tx, owner.actor, doc.id, job.id))).rejects.toMatchObject({
        status: 400,
      });

      await removeDeliverable(staffUploader(staff), job.id, doc.id);
      expect(await listDeliverables(owner.actor, job.id)).toEqual([]);
      await expect(openDocument(owner.actor, doc.id)).rejects.toMatchObject({ status: 404 });
    });

    it('client users cannot attach (403); a missing job is 404; a blocked extension is refused and nothing is stored', async () => {
      const owner = await signedIn(4);
      const staff = await staffActor();
      const job = await makeJob({ clientId: owner.clientId });
      expect(() => staffUploader(owner.actor)).toThrow(expect.objectContaining({ status: 403 }));
      await expect(
        attachDeliverable(staffUploader(staff), 2_000_000_000, { fileName: 'a.pdf', body: chunks(Buffer.from('x')) }),
      ).rejects.toMatchObject({ status: 404 });
      const before = await bucketKeys(storage);
      await expect(
        attachDeliverable(staffUploader(staff), job.id, {
          fileName: 'tool.exe',
          body: Readable.from([Buffer.from('MZ')]),
        }),
      ).rejects.toMatchObject({ status: 400, message: MSG.fileExtensionBlocked });
      expect(await bucketKeys(storage)).toEqual(before);
    });
  });
});
