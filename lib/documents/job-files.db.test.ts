import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, logEntries } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { attachDocument, cloneDocument, cloneJobDocument } from './job-files';
import { ConflictError } from '@/lib/core/errors';
import { currentJobDocument, deleteDocument, DOCUMENT_MSG, uploadDocument } from './service';
import { LocalDirectoryStorage, setFileStorage } from './storage';

describe('documents of jobs', () => {
  const { db } = useTestDatabase();
  const root = mkdtempSync(path.join(tmpdir(), 'jms-jobfiles-'));
  beforeAll(() => setFileStorage(new LocalDirectoryStorage(root)));
  afterAll(() => setFileStorage(undefined));

  async function* text(s: string): AsyncGenerator<Uint8Array> {
    yield Buffer.from(s);
  }

  async function storageKey(id: number): Promise<string> {
    const [row] = await db().select({ key: documents.storageKey }).from(documents).where(eq(documents.id, id));
    return row?.key ?? '';
  }

  /** A job of the actor's client with an attached source file. */
  async function jobWithFile({ actor, clientId }: { actor: Actor; clientId: number }, content = 'source bytes') {
    const job = await makeJob({ clientId });
    const doc = await uploadDocument(actor, {
      fileName: 'source.pdf',
      contentType: 'application/pdf',
      body: text(content),
    });
    await db().transaction((tx) => attachDocument(tx, actor, doc.id, job.id));
    return { job, doc };
  }

  describe('attachDocument', () => {
    it('attaches an upload to a job of the client; again for the same job is a no-op', async () => {
      const { actor, clientId } = await signedIn();
      const job = await makeJob({ clientId });
      const doc = await uploadDocument(actor, { fileName: 'a.pdf', body: text('a') });
      const attached = await db().transaction((tx) => attachDocument(tx, actor, doc.id, job.id));
      expect(attached).toMatchObject({ id: doc.id, jobId: job.id });
      await db().transaction((tx) => attachDocument(tx, actor, doc.id, job.id));
      expect(await currentJobDocument(actor, job.id)).toMatchObject({ id: doc.id, fileName: 'a.pdf' });
    });

    it('refuses another client’s upload, a deleted one, one of another job, and another client’s job', async () => {
      const { actor, clientId } = await signedIn();
      const stranger = await signedIn();
      const job = await makeJob({ clientId });
      const otherJob = await makeJob({ clientId });
      const theirs = await uploadDocument(stranger.actor, { fileName: 'b.pdf', body: text('b') });
      const notAvailable = { status: 400, fields: { DocumentModel: [DOCUMENT_MSG.notAvailable] } };
      await expect(db().transaction((tx) => attachDocument(tx, actor, theirs.id, job.id))).rejects.toMatchObject(
        notAvailable,
      );

      const deleted = await uploadDocument(actor, { fileName: 'c.pdf', body: text('c') });
      await deleteDocument(actor, deleted.id);
      await expect(db().transaction((tx) => attachDocument(tx, actor, deleted.id, job.id))).rejects.toMatchObject(
        notAvailable,
      );

      const used = await uploadDocument(actor, { fileName: 'd.pdf', body: text('d') });
      await db().transaction((tx) => attachDocument(tx, actor, used.id, otherJob.id));
      await expect(db().transaction((tx) => attachDocument(tx, actor, used.id, job.id))).rejects.toMatchObject(
        notAvailable,
      );

      const strangersJob = await makeJob({ clientId: stranger.clientId });
      const mine = await uploadDocument(actor, { fileName: 'e.pdf', body: text('e') });
      await expect(db().transaction((tx) => attachDocument(tx, actor, mine.id, strangersJob.id))).rejects.toMatchObject(
        { status: 404 },
      );
    });

    it('a file of a saved job cannot be deleted as an upload', async () => {
      const me = await signedIn();
      const { doc } = await jobWithFile(me);
      const { actor } = me;
      await expect(deleteDocument(actor, doc.id)).rejects.toBeInstanceOf(ConflictError);
    });
  });

  describe('cloneDocument', () => {
    it('copies the source job’s file to the new job under a new key and logs action 11', async () => {
      const { actor, clientId } = await signedIn();
      const { job: source, doc } = await jobWithFile({ actor, clientId }, 'original content');
      const target = await makeJob({ clientId, sourceJobId: source.id });
      const copy = await db().transaction((tx) => cloneDocument(tx, actor, source.id, target.id, { userAgent: null }));
      expect(copy).toMatchObject({
        jobId: target.id,
        fileName: 'source.pdf',
        contentType: 'application/pdf',
        size: 16,
        clientId,
      });
      expect(copy?.id).not.toBe(doc.id);
      const [srcKey, copyKey] = [await storageKey(doc.id), await storageKey(copy?.id ?? 0)];
      expect(copyKey).not.toBe(srcKey);
      expect(readFileSync(path.join(root, copyKey), 'utf8')).toBe('original content');
      const [log] = await db()
        .select()
        .from(logEntries)
        .where(and(eq(logEntries.userId, actor.userId), eq(logEntries.action, 11)));
      expect(log).toMatchObject({ area: 15, action: 11, success: true, jobId: target.id, clientId });
      // The source keeps its own file.
      expect(await currentJobDocument(actor, source.id)).toMatchObject({ id: doc.id });
    });

    it('is idempotent: a target that has a file keeps it', async () => {
      const { actor, clientId } = await signedIn();
      const { job: source } = await jobWithFile({ actor, clientId });
      const target = await makeJob({ clientId });
      const first = await cloneJobDocument(actor, source.id, target.id);
      const second = await cloneJobDocument(actor, source.id, target.id);
      expect(second?.id).toBe(first?.id);
      expect(await db().select().from(documents).where(eq(documents.jobId, target.id))).toHaveLength(1);
    });

    it('answers null when the source job has no file', async () => {
      const { actor, clientId } = await signedIn();
      const source = await makeJob({ clientId });
      const target = await makeJob({ clientId });
      expect(await cloneJobDocument(actor, source.id, target.id)).toBeNull();
    });

    it('another client’s source or target job answers like a missing one', async () => {
      const { actor, clientId } = await signedIn();
      const stranger = await signedIn();
      const theirs = await jobWithFile(stranger);
      const mine = await makeJob({ clientId });
      await expect(cloneJobDocument(actor, theirs.job.id, mine.id)).rejects.toMatchObject({ status: 404 });
      await expect(cloneJobDocument(stranger.actor, theirs.job.id, mine.id)).rejects.toMatchObject({ status: 404 });
      await expect(cloneJobDocument(actor, 2_000_000_000, mine.id)).rejects.toMatchObject({ status: 404 });
      expect(await db().select().from(documents).where(eq(documents.jobId, mine.id))).toEqual([]);
    });

    it('a source file missing from storage: no copy, the failure is logged and the save goes on', async () => {
      const { actor, clientId } = await signedIn();
      const { job: source, doc } = await jobWithFile({ actor, clientId });
      rmSync(path.join(root, await storageKey(doc.id)));
      const target = await makeJob({ clientId });
      expect(await cloneJobDocument(actor, source.id, target.id)).toBeNull();
      const [log] = await db()
        .select()
        .from(logEntries)
        .where(eq(logEntries.userId, actor.userId))
        .orderBy(desc(logEntries.id))
        .limit(1);
      expect(log).toMatchObject({ action: 11, success: false, jobId: target.id });
    });

    it('rolls back with the caller’s transaction', async () => {
      const { actor, clientId } = await signedIn();
      const { job: source } = await jobWithFile({ actor, clientId });
      const target = await makeJob({ clientId });
      await expect(
        db().transaction(async (tx) => {
          await cloneDocument(tx, actor, source.id, target.id);
          throw new Error('job save failed later');
        }),
      ).rejects.toThrow('job save failed later');
      expect(await db().select().from(documents).where(eq(documents.jobId, target.id))).toEqual([]);
      expect(
        await db()
          .select()
          .from(logEntries)
          .where(and(eq(logEntries.userId, actor.userId), eq(logEntries.action, 11))),
      ).toEqual([]);
    });
  });
});
