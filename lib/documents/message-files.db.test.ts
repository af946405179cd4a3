import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { resetConfigForTests } from '@/lib/config';
import { jobThread, postMessage } from '@/lib/jobs/messages';
import { bellOf } from '@/lib/jobs/news';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, signedInStaff } from '@/test/factories';
import { startTestS3, type TestS3 } from '@/test/s3';
import {
  completeStaffMessageUpload,
  deleteStaffMessageFile,
  startStaffMessageUpload,
  uploadStaffMessageFile,
} from './message-files';
import { deleteDocument, openDocument } from './service';
import { LocalDirectoryStorage, setFileStorage } from './storage';
import { sweepOrphans } from './sweep';

async function* text(s: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(s);
}

async function bytesOf(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

describe('staff message files', () => {
  const { db } = useTestDatabase();
  beforeAll(() => setFileStorage(new LocalDirectoryStorage(mkdtempSync(path.join(tmpdir(), 'jms-message-files-')))));
  afterAll(() => setFileStorage(undefined));

  it('staff answer with an attachment: held back until sent, then the client lists and downloads it (same bytes); the mail names it', async () => {
    const client = await signedIn(6);
    const staff = await signedInStaff(2);
    const job = await makeJob({ clientId: client.clientId, createdById: client.user.id });
    const file = await uploadStaffMessageFile(staff.actor, job.id, {
      fileName: 'proof.pdf',
      contentType: 'application/pdf',
      body: text('%PDF proof'),
    });
    expect(file).toMatchObject({ clientId: client.clientId, jobId: null, sha256: sha('%PDF proof'), size: 10 });
    // Before a message carries it, the firm cannot reach it (nor delete it).
    await expect(openDocument(client.actor, file.id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteDocument(client.actor, file.id)).rejects.toMatchObject({ status: 404 });
    await postMessage(staff.actor, job.id, { body: 'Here is the proof.', documentIds: [file.id] });
    const [m] = await jobThread(client.actor, job.id);
    expect(m).toMatchObject({
      side: 'staff',
      internal: false,
      files: [{ id: file.id, fileName: 'proof.pdf', size: 10 }],
    });
    expect(await bytesOf((await openDocument(client.actor, file.id)).stream)).toBe('%PDF proof');
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'job-message'));
    expect(mails.find((x) => x.textBody.includes('Here is the proof.'))?.textBody).toContain('Attached: proof.pdf');
    // The file travels with one message only.
    await expect(postMessage(staff.actor, job.id, { body: 'again', documentIds: [file.id] })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('an internal note and its files stay with staff: not in the client’s thread, 404 to download, never mailed nor rung', async () => {
    const client = await signedIn(6);
    const staff = await signedInStaff(2);
    const job = await makeJob({ clientId: client.clientId, createdById: client.user.id });
    const file = await uploadStaffMessageFile(staff.actor, job.id, {
      fileName: 'credit-check.pdf',
      body: text('private'),
    });
    await postMessage(staff.actor, job.id, { body: 'Client is slow to pay', documentIds: [file.id], internal: true });
    expect(await jobThread(client.actor, job.id)).toEqual([]);
    const [note] = await jobThread(staff.actor, job.id);
    expect(note).toMatchObject({ internal: true, files: [{ fileName: 'credit-check.pdf' }] });
    await expect(openDocument(client.actor, file.id)).rejects.toMatchObject({ status: 404 });
    expect(await bytesOf((await openDocument(staff.actor, file.id)).stream)).toBe('private');
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'job-message'));
    expect(mails.some((x) => x.textBody.includes('slow to pay'))).toBe(false);
    expect((await bellOf(client.actor)).items.filter((i) => i.kind === 'job.message')).toEqual([]);
    // A client cannot write an internal note, nor attach the staff file.
    await expect(postMessage(client.actor, job.id, { body: 'x', internal: true })).rejects.toMatchObject({
      status: 400,
    });
    await expect(postMessage(client.actor, job.id, { body: 'x', documentIds: [file.id] })).rejects.toMatchObject({
      status: 400,
    });
    // The sweep keeps a note's file.
    await sweepOrphans(0);
    expect(await bytesOf((await openDocument(staff.actor, file.id)).stream)).toBe('private');
  });

  it('another firm gets 404; a client user cannot upload a staff file; staff remove only their own unsent file', async () => {
    const client = await signedIn(6);
    const other = await signedIn(6);
    const staff = await signedInStaff(2);
    const colleague = await signedInStaff(2);
    const job = await makeJob({ clientId: client.clientId });
    const sent = await uploadStaffMessageFile(staff.actor, job.id, { fileName: 'sent.pdf', body: text('s') });
    await postMessage(staff.actor, job.id, { body: 'For you', documentIds: [sent.id] });
    await expect(openDocument(other.actor, sent.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      uploadStaffMessageFile(client.actor, job.id, { fileName: 'x.pdf', body: text('x') }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      uploadStaffMessageFile(staff.actor, job.id + 100_000, { fileName: 'x.pdf', body: text('x') }),
    ).rejects.toMatchObject({ status: 404 });
    const unsent = await uploadStaffMessageFile(staff.actor, job.id, { fileName: 'draft.pdf', body: text('d') });
    await expect(deleteStaffMessageFile(colleague.actor, job.id, unsent.id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteStaffMessageFile(staff.actor, job.id, sent.id)).rejects.toMatchObject({ status: 404 });
    await deleteStaffMessageFile(staff.actor, job.id, unsent.id);
    await expect(openDocument(staff.actor, unsent.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('staff message files straight to the bucket (s3rver)', () => {
  useTestDatabase();
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

  it('a presigned PUT, then the check: a held-back message file with its receipt; another staff member’s intent is a 404', async () => {
    const client = await signedIn(6);
    const staff = await signedInStaff(2);
    const colleague = await signedInStaff(2);
    const job = await makeJob({ clientId: client.clientId });
    const bytes = Buffer.from('%PDF direct staff file');
    const t = await startStaffMessageUpload(staff.actor, job.id, {
      fileName: 'scan.pdf',
      size: bytes.length,
      contentType: 'application/pdf',
      sha256: sha(bytes),
    });
    expect((await fetch(t.url, { method: 'PUT', headers: t.headers, body: bytes })).status).toBe(200);
    await expect(completeStaffMessageUpload(colleague.actor, job.id, t.uploadId)).rejects.toMatchObject({
      status: 404,
    });
    const doc = await completeStaffMessageUpload(staff.actor, job.id, t.uploadId);
    expect(doc).toMatchObject({ fileName: 'scan.pdf', clientId: client.clientId, jobId: null, sha256: sha(bytes) });
    await expect(openDocument(client.actor, doc.id)).rejects.toMatchObject({ status: 404 });
    await postMessage(staff.actor, job.id, { body: 'Scanned', documentIds: [doc.id] });
    expect(await bytesOf((await openDocument(client.actor, doc.id)).stream)).toBe(bytes.toString());
  });
});
