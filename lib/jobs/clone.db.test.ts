import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documents, jobs, locations, logEntries } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { fixedClock, setClock } from '@/lib/clock';
import { JOB_FILES_MSG } from '@/lib/documents/job-files';
import { DOCUMENT_MSG, openDocument, uploadDocument } from '@/lib/documents/service';
import { fileStorage } from '@/lib/documents/storage';
import { encodeParam } from '@/lib/encoding';
import { MSG } from '@/lib/messages';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, firstBranchOf } from '@/test/factories';
import { loadCloneSource } from './clone';
import { saveJob } from './save';
import type { JobOrderInput } from './schema';

let restore: () => void = () => undefined;
beforeEach(() => {
  restore = setClock(fixedClock('2025-03-04T00:00:00Z')); // Tuesday 11:00 in Sydney
});
afterEach(() => restore());

function copyOrder(branchId: number): JobOrderInput {
  return {
    orderType: 3,
    contactName: 'Morgan Patel',
    email: 'morgan@example.com',
    contactPhone: '(02)9000-1234',
    costEstimateNumber: '7002',
    matterReference: 'HV-77',
    clientBranchAddressId: branchId,
    alternatePickupDelivery: 'Loading dock, Level B1',
    dateReadyInput: '04/03/2025',
    timeReadyInput: '11:30 AM',
    dateDueInput: '05/03/2025',
    timeDueInput: '10:00 AM',
    instructions: 'Two sets, tabbed.',
    numberOfCopies: 2,
    whatToCollect: 'Three lever arch folders',
    copyAsOriginal: true,
    copyInstructions: {
      accordionOpen: true,
      originalContainsAnyColor: 1,
      originalPaper: 1,
      singleOrDoubleSided: 1,
      paperSize: 1,
      foldersNBinding: 1,
      holePunch: 3,
      staplesClipsCopies: 1,
      staplesClipsOriginals: 1,
      dividers: 1,
      documentOrder: 1,
      applyPageNumbers: 0,
    },
  };
}

async function upload(actor: Actor, fileName: string, content = '%PDF-1.4 source bundle') {
  async function* body(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(content);
  }
  return uploadDocument(actor, { fileName, contentType: 'application/pdf', body: body() });
}

describe('cloning a job', () => {
  const { db } = useTestDatabase();

  const branchOf = async (clientId: number): Promise<number> => (await firstBranchOf(clientId)).id;

  it('pre-fills every field from the earlier job, with fresh ready and due defaults', async () => {
    const { actor, clientId } = await signedIn(6);
    const branchId = await branchOf(clientId);
    const source = await saveJob(actor, copyOrder(branchId), { documentId: (await upload(actor, 'bundle.pdf')).id });
    const clone = await loadCloneSource(actor, encodeParam(source.jobId));
    expect(clone).toMatchObject({
      sourceJobId: source.jobId,
      jmsNumber: source.jmsNumber,
      files: [{ fileName: 'bundle.pdf' }],
    });
    const { dateReadyInput: _r, timeReadyInput: _t, dateDueInput: _d, timeDueInput: _u, ...rest } = copyOrder(branchId);
    expect(clone?.values).toMatchObject({
      ...rest,
      sourceJobId: source.jobId,
      copyInstructions: { ...rest.copyInstructions, excludeFromNumbering: expect.any(Array) },
    });
    expect(clone?.values).toMatchObject({
      dateReadyInput: '04/03/2025',
      timeReadyInput: '11:00 AM',
      dateDueInput: '04/03/2025',
      timeDueInput: '12:00 PM',
    });
  });

  it('saves the clone with the internal instructions and a copy of the source file (log action 11)', async () => {
    const { actor, clientId } = await signedIn(6);
    const source = await saveJob(actor, copyOrder(await branchOf(clientId)), {
      documentId: (await upload(actor, 'bundle.pdf')).id,
    });
    const clone = await loadCloneSource(actor, encodeParam(source.jobId));
    if (!clone) throw new Error('clone source not found');
    const saved = await saveJob(
      actor,
      { ...clone.values, timeReadyInput: '11:30 AM' },
      { requestKey: 'clone-request-1' },
    );
    const [row] = await db().select().from(jobs).where(eq(jobs.id, saved.jobId));
    const [original] = await db().select().from(jobs).where(eq(jobs.id, source.jobId));
    expect(row).toMatchObject({
      internalInstructions: MSG.clonedInternalInstructions(source.jmsNumber),
      sourceJobId: source.jobId,
      orderType: 3,
      copyAsOriginal: true,
      matterReference: 'HV-77',
      costEstimateNumber: '7002',
      instructionBlock: original?.instructionBlock,
    });
    const docs = await db().select().from(documents).where(eq(documents.jobId, saved.jobId));
    const [sourceDoc] = await db().select().from(documents).where(eq(documents.jobId, source.jobId));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ fileName: 'bundle.pdf', size: sourceDoc?.size, clientId });
    expect(docs[0]?.storageKey).not.toBe(sourceDoc?.storageKey);
    const logs = await db()
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.jobId, saved.jobId), eq(logEntries.action, 11)));
    expect(logs).toMatchObject([{ area: 15, success: true }]);
  });

  it('keeps a new upload instead of the source file, and can drop the source file', async () => {
    const { actor, clientId } = await signedIn(6);
    const source = await saveJob(actor, copyOrder(await branchOf(clientId)), {
      documentId: (await upload(actor, 'old.pdf')).id,
    });
    const clone = await loadCloneSource(actor, encodeParam(source.jobId));
    if (!clone) throw new Error('clone source not found');
    const replaced = await saveJob(actor, clone.values, { documentId: (await upload(actor, 'new.pdf')).id });
    expect(
      (await db().select().from(documents).where(eq(documents.jobId, replaced.jobId))).map((d) => d.fileName),
    ).toEqual(['new.pdf']);
    const dropped = await saveJob(actor, clone.values, { cloneSourceFile: false });
    expect(await db().select().from(documents).where(eq(documents.jobId, dropped.jobId))).toEqual([]);
  });

  it('Copy job: lists every source file, copies exactly the chosen ones as new objects with the same SHA-256; the original survives the copy’s deletion', async () => {
    const { actor, clientId } = await signedIn(6);
    const ids = [
      (await upload(actor, 'a.pdf', 'first file')).id,
      (await upload(actor, 'b.pdf', 'second file')).id,
      (await upload(actor, 'c.pdf', 'third file')).id,
    ];
    const source = await saveJob(actor, copyOrder(await branchOf(clientId)), { documentIds: ids });
    const clone = await loadCloneSource(actor, encodeParam(source.jobId));
    if (!clone) throw new Error('no clone');
    expect(clone.files.map((f) => f.fileName)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    const chosen = [clone.files[0]!.id, clone.files[2]!.id];
    const saved = await saveJob(actor, clone.values, { cloneSourceFile: false, cloneDocumentIds: chosen });
    const copies = await db().select().from(documents).where(eq(documents.jobId, saved.jobId)).orderBy(documents.id);
    const originals = await db()
      .select()
      .from(documents)
      .where(eq(documents.jobId, source.jobId))
      .orderBy(documents.id);
    expect(copies.map((d) => d.fileName)).toEqual(['a.pdf', 'c.pdf']);
    expect(copies.map((d) => d.sha256)).toEqual([originals[0]!.sha256, originals[2]!.sha256]);
    expect(copies.map((d) => d.storageKey)).not.toContain(originals[0]!.storageKey);
    const logged = await db()
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.jobId, saved.jobId), eq(logEntries.action, 11)));
    expect(logged).toHaveLength(2);
    // The copy's bytes are its own: removing the copy's object leaves the original readable, byte for byte.
    await fileStorage().remove(copies[0]!.storageKey);
    const opened = await openDocument(actor, originals[0]!.id);
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('first file');
    // Nothing chosen: nothing copied.
    const none = await saveJob(actor, clone.values, { cloneSourceFile: false, cloneDocumentIds: [] });
    expect(await db().select().from(documents).where(eq(documents.jobId, none.jobId))).toEqual([]);
  });

  it('Copy job refuses a file that is not the earlier job’s, and keeps the 20-file limit with new uploads: nothing saved', async () => {
    const { actor, clientId } = await signedIn(6);
    const other = await signedIn(6);
    const source = await saveJob(actor, copyOrder(await branchOf(clientId)), {
      documentIds: [(await upload(actor, 'a.pdf')).id],
    });
    const clone = await loadCloneSource(actor, encodeParam(source.jobId));
    if (!clone) throw new Error('no clone');
    const stray = await upload(actor, 'stray.pdf');
    const theirs = await upload(other.actor, 'theirs.pdf');
    const before = await db().select().from(jobs).where(eq(jobs.clientId, clientId));
    for (const id of [stray.id, theirs.id]) {
      await expect(saveJob(actor, clone.values, { cloneDocumentIds: [id] })).rejects.toMatchObject({
        status: 400,
        fields: { DocumentModel: [DOCUMENT_MSG.notAvailable] },
      });
    }
    const twenty = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(actor, `new-${i}.pdf`)));
    await expect(
      saveJob(actor, clone.values, { documentIds: twenty.map((d) => d.id), cloneDocumentIds: [clone.files[0]!.id] }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { DocumentModel: [JOB_FILES_MSG.tooMany] },
    });
    expect(await db().select().from(jobs).where(eq(jobs.clientId, clientId))).toHaveLength(before.length);
  });

  it('answers null for another client’s job, a missing one and a malformed jb', async () => {
    const mine = await signedIn(6);
    const theirs = await signedIn(3);
    const theirJob = await makeJob({ clientId: theirs.clientId });
    expect(await loadCloneSource(mine.actor, encodeParam(theirJob.id))).toBeNull();
    expect(await loadCloneSource(mine.actor, encodeParam(999_999_999))).toBeNull();
    expect(await loadCloneSource(mine.actor, 'not-base64!')).toBeNull();
    expect(await loadCloneSource(mine.actor, undefined)).toBeNull();
    expect(await loadCloneSource(theirs.actor, encodeParam(theirJob.id))).toMatchObject({
      sourceJobId: theirJob.id,
      files: [],
    });
  });

  it('gives a cloned court copy the selected court’s flags', async () => {
    const { actor, clientId } = await signedIn(6);
    const [loc] = await db()
      .select()
      .from(locations)
      .where(eq(locations.kind, 'court_copy'))
      .orderBy(locations.id)
      .limit(1);
    const order = {
      ...copyOrder(await branchOf(clientId)),
      orderType: 2,
      copyInstructions: undefined,
      courtCopy: {
        location: loc?.id,
        courtNew: 1,
        copyMethod: 1,
        actingFor: 1,
        fileNumberA: '1',
        fileNumberB: '2025',
        matterNameA: 'A',
        matterNameB: 'B',
        practiceNoteAgreement: true,
        solicitorFullName: 'Sam Poe',
        solicitorFor: 2,
      },
    };
    const source = await saveJob(actor, order);
    const clone = await loadCloneSource(actor, encodeParam(source.jobId));
    expect(clone?.values.courtCopy).toMatchObject({
      location: loc?.id,
      courtNew: 1,
      copyMethod: 1,
      courtMethods: [1, 2, 3],
      courtNeedsSolicitor: true,
      solicitorFullName: 'Sam Poe',
      fileNumberA: '1',
      fileNumberB: '2025',
    });
  });
});
