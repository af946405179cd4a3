import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, jobs, uploadIntents } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { completeDirectUpload, startDirectUpload } from '@/lib/documents/direct';
import { MAX_JOB_FILES } from '@/lib/documents/job-files';
import { uploadDocument } from '@/lib/documents/service';
import { LocalDirectoryStorage, setFileStorage } from '@/lib/documents/storage';
import { jobSlip } from '@/lib/jobs/queries';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, firstBranchOf } from '@/test/factories';
import { startTestS3, type TestS3 } from '@/test/s3';
import { addJobFiles, JOB_FILES_CHANGE_MSG } from './files';
import { getDraft, saveDraft } from './drafts';
import { saveJob } from './save';

async function* text(s: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(s);
}

describe('several source files per job', () => {
  const { db } = useTestDatabase();
  beforeAll(() => setFileStorage(new LocalDirectoryStorage(mkdtempSync(path.join(tmpdir(), 'jms-files-')))));
  afterAll(() => setFileStorage(undefined));

  it('adds files to a Submitted or Not Started job and lists them all; refuses once work started (409)', async () => {
    const { actor, clientId } = await signedIn();
    const job = await makeJob({ clientId, status: 12 });
    const a = await uploadDocument(actor, { fileName: 'a.pdf', body: text('a') });
    const b = await uploadDocument(actor, { fileName: 'b.pdf', body: text('bb') });
    const added = await addJobFiles(actor, job.id, [a.id, b.id]);
    expect(added.map((d) => d.fileName)).toEqual(['a.pdf', 'b.pdf']);
    await db().update(jobs).set({ status: 1 }).where(eq(jobs.id, job.id));
    const c = await uploadDocument(actor, { fileName: 'c.pdf', body: text('ccc') });
    await addJobFiles(actor, job.id, [c.id]);
    const slip = await jobSlip(actor, job.id);
    expect(slip?.documents.map((d) => d.fileName)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);

    const started = await makeJob({ clientId, status: 2 });
    const d = await uploadDocument(actor, { fileName: 'd.pdf', body: text('d') });
    await expect(addJobFiles(actor, started.id, [d.id])).rejects.toMatchObject({
      status: 409,
      message: JOB_FILES_CHANGE_MSG.started,
    });
  });

  it('another firm’s job or upload is never reachable: 404 for the job, 400 for the upload, nothing attached', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const theirJob = await makeJob({ clientId: theirs.clientId, status: 12 });
    const myDoc = await uploadDocument(mine.actor, { fileName: 'm.pdf', body: text('m') });
    await expect(addJobFiles(mine.actor, theirJob.id, [myDoc.id])).rejects.toMatchObject({ status: 404 });
    await expect(addJobFiles(mine.actor, theirJob.id + 100000, [myDoc.id])).rejects.toMatchObject({ status: 404 });
    const myJob = await makeJob({ clientId: mine.clientId, status: 12 });
    const theirDoc = await uploadDocument(theirs.actor, { fileName: 't.pdf', body: text('t') });
    await expect(addJobFiles(mine.actor, myJob.id, [theirDoc.id])).rejects.toMatchObject({ status: 400 });
    const [row] = await db().select().from(documents).where(eq(documents.id, theirDoc.id));
    expect(row?.jobId).toBeNull();
  });

  it(`a job takes at most ${MAX_JOB_FILES} files`, async () => {
    const { actor, clientId } = await signedIn();
    const job = await makeJob({ clientId, status: 12 });
    const ids: number[] = [];
    for (let i = 0; i < MAX_JOB_FILES + 1; i++)
      ids.push((await uploadDocument(actor, { fileName: `f${i}.pdf`, body: text(String(i)) })).id);
    await expect(addJobFiles(actor, job.id, ids)).rejects.toMatchObject({
      status: 400,
      fields: { DocumentModel: [`A job takes at most ${MAX_JOB_FILES} files.`] },
    });
    await addJobFiles(actor, job.id, ids.slice(0, MAX_JOB_FILES));
    expect((await jobSlip(actor, job.id))?.documents).toHaveLength(MAX_JOB_FILES);
  });

  it('a new job saved with several uploads holds them all, and the user’s draft is gone', async () => {
    const restore = setClock(fixedClock('2025-03-04T00:00:00Z'));
    try {
      const { actor, clientId } = await signedIn(6);
      const branch = await firstBranchOf(clientId);
      const a = await uploadDocument(actor, { fileName: 'one.pdf', body: text('1') });
      const b = await uploadDocument(actor, { fileName: 'two.pdf', body: text('2') });
      const values = {
        orderType: 7,
        contactName: 'Morgan Patel',
        email: 'morgan@example.com',
        contactPhone: '(02)9000-1234',
        matterReference: 'HV-1',
        clientBranchAddressId: branch.id,
        dateReadyInput: '04/03/2025',
        timeReadyInput: '11:30 AM',
        dateDueInput: '05/03/2025',
        timeDueInput: '10:00 AM',
        collectionDescription: 'Two files.',
      };
      await saveDraft(actor, { values, documentIds: [a.id, b.id] });
      // As the order form saves (the draft's form): the order is placed and the draft is gone.
      const saved = await saveJob(actor, values, { documentIds: [a.id, b.id], endsDraft: true });
      expect(await getDraft(actor)).toBeNull();
      expect((await jobSlip(actor, saved.jobId))?.documents.map((d) => d.fileName)).toEqual(['one.pdf', 'two.pdf']);
    } finally {
      restore();
    }
  });
});

describe('direct-to-bucket uploads (s3rver)', () => {
  const { db } = useTestDatabase();
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
    setFileStorage(s3.storage());
    process.env.S3_BUCKET = s3.bucket;
    process.env.S3_DIRECT_UPLOADS = 'true';
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.S3_BUCKET;
    delete process.env.S3_DIRECT_UPLOADS;
    resetConfigForTests();
    setFileStorage(undefined);
    await s3.stop();
  });

  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  it('a presigned PUT, then the check: the document carries the receipt and the bytes are the bucket’s', async () => {
    const { actor } = await signedIn();
    const bytes = Buffer.from('%PDF-1.7 direct upload bytes');
    const t = await startDirectUpload(actor, {
      fileName: 'direct.pdf',
      size: bytes.length,
      contentType: 'application/pdf',
      sha256: sha(bytes),
    });
    const put = await fetch(t.url, { method: 'PUT', headers: t.headers, body: bytes });
    expect(put.status).toBe(200);
    const doc = await completeDirectUpload(actor, t.uploadId);
    expect(doc).toMatchObject({ fileName: 'direct.pdf', size: bytes.length, sha256: sha(bytes), jobId: null });
    // Completed once: the intent is gone, a second call is a 404.
    await expect(completeDirectUpload(actor, t.uploadId)).rejects.toMatchObject({ status: 404 });
  });

  it('bytes that are not the announced file are refused and removed; nothing is attached', async () => {
    const { actor } = await signedIn();
    const announced = Buffer.from('the file announced');
    const t = await startDirectUpload(actor, { fileName: 'swap.pdf', size: announced.length, sha256: sha(announced) });
    const [intent] = await db().select().from(uploadIntents).where(eq(uploadIntents.id, t.uploadId));
    // Another body of the same length straight into the key (a store that does not enforce the checksum).
    await s3.storage().put(intent!.storageKey, Buffer.from('the file ANNOUNCED'));
    await expect(completeDirectUpload(actor, t.uploadId)).rejects.toMatchObject({ status: 400 });
    expect(await s3.storage().exists(intent!.storageKey)).toBe(false);
    const rows = await db().select().from(documents).where(eq(documents.storageKey, intent!.storageKey));
    expect(rows).toHaveLength(0);
  });

  it('another user’s or firm’s upload id is a 404; too large and blocked names are refused before any URL', async () => {
    const mine = await signedIn();
    const colleague = await signedIn(3, mine.clientId);
    const stranger = await signedIn();
    const bytes = Buffer.from('x');
    const t = await startDirectUpload(mine.actor, { fileName: 'x.pdf', size: 1, sha256: sha(bytes) });
    await expect(completeDirectUpload(stranger.actor, t.uploadId)).rejects.toMatchObject({ status: 404 });
    await expect(completeDirectUpload(colleague.actor, t.uploadId)).rejects.toMatchObject({ status: 404 });
    await expect(completeDirectUpload(stranger.actor, t.uploadId + 1000)).rejects.toMatchObject({ status: 404 });
    await expect(
      startDirectUpload(mine.actor, { fileName: 'big.pdf', size: 60 * 1024 * 1024, sha256: sha(bytes) }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      startDirectUpload(mine.actor, { fileName: 'run.exe', size: 1, sha256: sha(bytes) }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
