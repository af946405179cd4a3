import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '@/db/schema';
import { jobThread, postMessage } from '@/lib/jobs/messages';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, signedInStaff } from '@/test/factories';
import { attachDocument } from './job-files';
import { uploadStaffMessageFile } from './message-files';
import { currentJobDocument, deleteDocument, DOCUMENT_MSG, openDocument, uploadDocument } from './service';
import { LocalDirectoryStorage, setFileStorage } from './storage';

async function* text(s: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(s);
}

async function bytesOf(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('who may delete or attach a file: a message keeps its files; a pending upload is its uploader’s', () => {
  const { db } = useTestDatabase();
  beforeAll(() => setFileStorage(new LocalDirectoryStorage(mkdtempSync(path.join(tmpdir(), 'jms-ownership-')))));
  afterAll(() => setFileStorage(undefined));

  const notAvailable = { status: 400, fields: { DocumentModel: [DOCUMENT_MSG.notAvailable] } };

  async function jobIdOf(id: number): Promise<number | null | undefined> {
    const [row] = await db().select({ jobId: documents.jobId }).from(documents).where(eq(documents.id, id));
    return row?.jobId;
  }

  it('a client user cannot delete the provider’s file sent on a message: refused, the bytes kept, staff and client still download it', async () => {
    const client = await signedIn(4);
    const staff = await signedInStaff(2);
    const job = await makeJob({ clientId: client.clientId, createdById: client.user.id });
    const file = await uploadStaffMessageFile(staff.actor, job.id, { fileName: 'proof.pdf', body: text('%PDF proof') });
    await postMessage(staff.actor, job.id, { body: 'Here is the proof.', documentIds: [file.id] });

    await expect(deleteDocument(client.actor, file.id)).rejects.toMatchObject({
      status: 409,
      message: DOCUMENT_MSG.onMessage,
    });
    expect(await bytesOf((await openDocument(staff.actor, file.id)).stream)).toBe('%PDF proof');
    expect(await bytesOf((await openDocument(client.actor, file.id)).stream)).toBe('%PDF proof');
    expect((await jobThread(client.actor, job.id))[0]?.files.map((f) => f.id)).toEqual([file.id]);
  });

  it('the client’s own file sent on a message cannot be deleted by its uploader either', async () => {
    const client = await signedIn(6);
    const job = await makeJob({ clientId: client.clientId, createdById: client.user.id });
    const file = await uploadDocument(client.actor, { fileName: 'index.pdf', body: text('index') });
    await postMessage(client.actor, job.id, { body: 'The index.', documentIds: [file.id] });
    await expect(deleteDocument(client.actor, file.id)).rejects.toMatchObject({ status: 409 });
    expect(await bytesOf((await openDocument(client.actor, file.id)).stream)).toBe('index');
  });

  it('an administrator cannot move a colleague’s message attachment onto another job: refused, the slip shows nothing, the message keeps it', async () => {
    const colleague = await signedIn(6);
    const admin = await signedIn(4, colleague.clientId);
    const job = await makeJob({ clientId: colleague.clientId, createdById: colleague.user.id });
    const other = await makeJob({ clientId: colleague.clientId, createdById: admin.user.id });
    const file = await uploadDocument(colleague.actor, { fileName: 'index.pdf', body: text('index') });
    await postMessage(colleague.actor, job.id, { body: 'The index.', documentIds: [file.id] });

    await expect(db().transaction((tx) => attachDocument(tx, admin.actor, file.id, other.id))).rejects.toMatchObject(
      notAvailable,
    );
    // Not even its uploader may move it.
    await expect(
      db().transaction((tx) => attachDocument(tx, colleague.actor, file.id, other.id)),
    ).rejects.toMatchObject(notAvailable);
    expect(await jobIdOf(file.id)).toBeNull();
    expect(await currentJobDocument(admin.actor, other.id)).toBeNull();
    expect((await jobThread(admin.actor, job.id))[0]?.files.map((f) => f.id)).toEqual([file.id]);
  });

  it('an administrator can neither move nor delete a colleague’s pending upload; the uploader can do both', async () => {
    const colleague = await signedIn(6);
    const admin = await signedIn(4, colleague.clientId);
    const job = await makeJob({ clientId: colleague.clientId, createdById: admin.user.id });
    const pending = await uploadDocument(colleague.actor, { fileName: 'draft.pdf', body: text('draft') });

    await expect(db().transaction((tx) => attachDocument(tx, admin.actor, pending.id, job.id))).rejects.toMatchObject(
      notAvailable,
    );
    expect(await jobIdOf(pending.id)).toBeNull();
    await expect(deleteDocument(admin.actor, pending.id)).rejects.toMatchObject({ status: 404 });
    expect(await bytesOf((await openDocument(colleague.actor, pending.id)).stream)).toBe('draft');

    // The uploader attaches it (again for the same job: a no-op) ...
    const mine = await makeJob({ clientId: colleague.clientId, createdById: colleague.user.id });
    await db().transaction((tx) => attachDocument(tx, colleague.actor, pending.id, mine.id));
    await db().transaction((tx) => attachDocument(tx, colleague.actor, pending.id, mine.id));
    expect(await currentJobDocument(colleague.actor, mine.id)).toMatchObject({ id: pending.id });
    // ... and deletes another pending upload of theirs.
    const another = await uploadDocument(colleague.actor, { fileName: 'b.pdf', body: text('b') });
    await expect(deleteDocument(colleague.actor, another.id)).resolves.toMatchObject({});
    await expect(openDocument(colleague.actor, another.id)).rejects.toMatchObject({ status: 404 });
  });
});
