import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, jobs } from '@/db/schema';
import { openDocument, uploadDocument } from '@/lib/documents/service';
import { LocalDirectoryStorage, setFileStorage } from '@/lib/documents/storage';
import { sweepOrphans } from '@/lib/documents/sweep';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, signedInStaff } from '@/test/factories';
import { commentHistoryOf } from './comments';
import { jobThread, MESSAGE_MSG, postMessage } from './messages';
import { bellOf } from './news';
import { changeJobStatus } from './workflow';
import { userPrincipal } from '@/lib/core/principal';
import { jobSlipUrl, messageAnchor, opsJobUrl } from '@/lib/mail/links';

async function* text(s: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(s);
}

describe('the conversation on a job', () => {
  const { db } = useTestDatabase();
  beforeAll(() => setFileStorage(new LocalDirectoryStorage(mkdtempSync(path.join(tmpdir(), 'jms-messages-')))));
  afterAll(() => setFileStorage(undefined));

  it('the client writes with an attachment, staff answer; both read the thread in order; followers are mailed; the activity log has both', async () => {
    const client = await signedIn(6);
    const job = await makeJob({ clientId: client.clientId, createdById: client.user.id, email: 'contact@example.com' });
    const staff = await signedInStaff(2);
    await expect(postMessage(client.actor, job.id, { body: '   ' })).rejects.toMatchObject({
      status: 400,
      fields: { body: [MESSAGE_MSG.empty] },
    });
    const file = await uploadDocument(client.actor, { fileName: 'index.pdf', body: text('index') });
    await postMessage(client.actor, job.id, { body: 'Is tab 3 & 4 needed?', documentIds: [file.id] });
    await postMessage(staff.actor, job.id, { body: 'Yes, please send it.' });
    const seenByClient = await jobThread(client.actor, job.id);
    const seenByStaff = await jobThread(staff.actor, job.id);
    expect(seenByClient.map((m) => [m.side, m.body])).toEqual([
      ['client', 'Is tab 3 & 4 needed?'],
      ['staff', 'Yes, please send it.'],
    ]);
    expect(seenByStaff).toEqual(seenByClient);
    expect(seenByClient[0]?.files.map((f) => f.fileName)).toEqual(['index.pdf']);
    // Staff can download the client's attachment; the sweep keeps it.
    expect((await openDocument(staff.actor, file.id)).document.fileName).toBe('index.pdf');
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'job-message'));
    const toClientSide = mails
      .filter((m) => m.textBody.includes('Yes, please send it.'))
      .map((m) => m.toAddress)
      .sort();
    expect(toClientSide).toEqual(['contact@example.com', client.user.email.toLowerCase()].sort());
    expect(mails.some((m) => m.textBody.includes('tab 3') && m.toAddress === 'support@jms.example.com')).toBe(true);
    // Each links to the message in its thread: the firm to it on the job's slip, staff to it on the job's staff
    // page; never to a list.
    const [asked, answered] = seenByClient;
    for (const m of mails.filter((m) => m.textBody.includes('Yes, please send it.')))
      expect(m.textBody).toContain(
        `Read and answer it on the job slip: ${jobSlipUrl(job.id)}${messageAnchor(answered!.id)}`,
      );
    const toStaff = mails.find((m) => m.textBody.includes('tab 3'));
    expect(toStaff?.textBody).toContain(`Open the job: ${opsJobUrl(job.id)}${messageAnchor(asked!.id)}`);
    expect(toStaff?.htmlBody).toContain(`href="${opsJobUrl(job.id)}${messageAnchor(asked!.id)}"`);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'job'), eq(auditLog.targetId, String(job.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['job.message', 'ops.job.message']);
  });

  it('a message from the provider rings the bell of the firm’s users whose job it is; the firm’s own messages ring no bell', async () => {
    const client = await signedIn(6);
    const colleague = await signedIn(3, client.clientId);
    const staff = await signedInStaff(2);
    const job = await makeJob({ clientId: client.clientId, createdById: client.user.id });
    await postMessage(client.actor, job.id, { body: 'From the firm' });
    expect((await bellOf(client.actor)).items.filter((i) => i.kind === 'job.message')).toEqual([]);
    expect((await bellOf(colleague.actor)).items.filter((i) => i.kind === 'job.message')).toEqual([]);
    await postMessage(staff.actor, job.id, { body: 'From the provider' });
    const lines = (await bellOf(client.actor)).items.filter((i) => i.kind === 'job.message');
    expect(lines.map((i) => i.title)).toEqual([
      `New message on job ${job.jmsNumber} from ${staff.user.firstName} ${staff.user.lastName}`,
    ]);
    expect(lines[0]?.href).toMatch(/^\/JobSlip\?jb=/);
  });

  it('a client message goes to the staff member who owns the job, and to the operations inbox while nobody does', async () => {
    const client = await signedIn(6);
    const staff = await signedInStaff(2);
    const owned = await makeJob({ clientId: client.clientId, createdById: client.user.id });
    const unowned = await makeJob({ clientId: client.clientId, createdById: client.user.id });
    await db().update(jobs).set({ assignedToId: staff.user.id }).where(eq(jobs.id, owned.id));
    await postMessage(client.actor, owned.id, { body: 'For the owner' });
    await postMessage(client.actor, unowned.id, { body: 'For whoever is on duty' });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'job-message'));
    expect(mails.filter((m) => m.textBody.includes('For the owner')).map((m) => m.toAddress)).toEqual([
      staff.user.email.toLowerCase(),
    ]);
    expect(mails.filter((m) => m.textBody.includes('For whoever is on duty')).map((m) => m.toAddress)).toEqual([
      'support@jms.example.com',
    ]);
  });

  it('nobody is mailed their own message: staff who are also the job’s contact address are not sent their answer', async () => {
    const client = await signedIn(6);
    const staff = await signedInStaff(2);
    // The firm named the staff member's own address as the job's contact (a shared desk, say).
    const job = await makeJob({ clientId: client.clientId, createdById: client.user.id, email: staff.user.email });
    await postMessage(staff.actor, job.id, { body: 'Answer from the desk' });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'job-message'));
    expect(mails.filter((m) => m.textBody.includes('Answer from the desk')).map((m) => m.toAddress)).toEqual([
      client.user.email.toLowerCase(),
    ]);
  });

  it('staff internal notes never reach the client: not in the thread, not in the comment history', async () => {
    const client = await signedIn(6);
    const job = await makeJob({ clientId: client.clientId, status: 12 });
    const staff = await signedInStaff(2);
    await changeJobStatus(userPrincipal(staff.actor), job.id, {
      toStatus: 1,
      comment: 'Staff only: client is slow to pay',
      visibility: 'internal',
    });
    await postMessage(staff.actor, job.id, { body: 'We have started.' });
    const thread = await jobThread(client.actor, job.id);
    expect(JSON.stringify(thread)).not.toContain('slow to pay');
    expect(JSON.stringify(await commentHistoryOf(client.actor, job.id))).not.toContain('slow to pay');
    expect(JSON.stringify(await commentHistoryOf(staff.actor, job.id))).toContain('slow to pay');
  });

  it('another firm’s thread and files are never reachable: 404 by id or by guessing; another firm’s upload cannot be attached', async () => {
    const mine = await signedIn(6);
    const theirs = await signedIn(6);
    const theirJob = await makeJob({ clientId: theirs.clientId });
    await postMessage(theirs.actor, theirJob.id, { body: 'private' });
    await expect(jobThread(mine.actor, theirJob.id)).rejects.toMatchObject({ status: 404 });
    await expect(jobThread(mine.actor, theirJob.id + 5000)).rejects.toMatchObject({ status: 404 });
    await expect(postMessage(mine.actor, theirJob.id, { body: 'hello' })).rejects.toMatchObject({ status: 404 });
    const myJob = await makeJob({ clientId: mine.clientId });
    const theirFile = await uploadDocument(theirs.actor, { fileName: 'secret.pdf', body: text('s') });
    await expect(
      postMessage(mine.actor, myJob.id, { body: 'see file', documentIds: [theirFile.id] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(openDocument(mine.actor, theirFile.id)).rejects.toMatchObject({ status: 404 });
    const [kept] = await jobThread(theirs.actor, theirJob.id);
    expect(kept?.body).toBe('private');
    await sweepOrphans(0);
  });
});
