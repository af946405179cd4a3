import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, jobDrafts, jobs } from '@/db/schema';
import { POST as postJobAdd } from '@/app/api/Job/Add/route';
import { fixedClock, setClock } from '@/lib/clock';
import { uploadDocument } from '@/lib/documents/service';
import { LocalDirectoryStorage, setFileStorage } from '@/lib/documents/storage';
import { sweepOrphans } from '@/lib/documents/sweep';
import { useTestDatabase } from '@/test/db';
import { signedIn, firstBranchOf } from '@/test/factories';
import { discardDraft, DRAFT_MSG, getDraft, purgeExpiredDrafts, saveDraft } from './drafts';
import { saveJob } from './save';

async function* text(s: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(s);
}

describe('drafts of an order in progress', () => {
  const { db } = useTestDatabase();
  let restore: () => void = () => undefined;
  beforeAll(() => setFileStorage(new LocalDirectoryStorage(mkdtempSync(path.join(tmpdir(), 'jms-drafts-')))));
  afterAll(() => setFileStorage(undefined));
  afterEach(() => restore());

  it('one per user: a save replaces it; offered back with the time in the user’s zone; discarded on request', async () => {
    // 23:42 UTC on 3 March is 10:42 on 4 March in Sydney.
    restore = setClock(fixedClock('2025-03-03T23:42:00Z'));
    const { actor, user } = await signedIn();
    expect(await getDraft(actor)).toBeNull();
    await saveDraft(actor, { values: { contactName: 'Morgan' }, documentIds: [] });
    await saveDraft(actor, { values: { contactName: 'Morgan Patel', orderType: 7 }, documentIds: [] });
    const [n] = await db().select({ n: count() }).from(jobDrafts).where(eq(jobDrafts.userId, user.id));
    expect(n?.n).toBe(1);
    const draft = await getDraft({ ...actor, timeZone: 'Australia/Sydney' });
    expect(draft?.values).toEqual({ contactName: 'Morgan Patel', orderType: 7 });
    expect(DRAFT_MSG.resume(draft!.savedAtLabel)).toBe('Resume your order from 10:42');
    await discardDraft(actor);
    expect(await getDraft(actor)).toBeNull();
  });

  it('is never a job: no job row, no number, no audit row for staff', async () => {
    const { actor, clientId } = await signedIn();
    const before = await db().select({ n: count() }).from(auditLog);
    await saveDraft(actor, { values: { orderType: 7, matterReference: 'DRAFT-ONLY' }, documentIds: [] });
    const rows = await db().select().from(jobs).where(eq(jobs.clientId, clientId));
    expect(rows).toHaveLength(0);
    const after = await db().select({ n: count() }).from(auditLog);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('belongs to its user: a colleague and another firm see nothing, and cannot name another’s uploads', async () => {
    const mine = await signedIn();
    const colleague = await signedIn(3, mine.clientId);
    const stranger = await signedIn();
    const theirUpload = await uploadDocument(stranger.actor, { fileName: 'theirs.pdf', body: text('t') });
    const myUpload = await uploadDocument(mine.actor, { fileName: 'mine.pdf', body: text('m') });
    await saveDraft(mine.actor, { values: { contactName: 'Mine' }, documentIds: [myUpload.id, theirUpload.id] });
    expect(await getDraft(colleague.actor)).toBeNull();
    expect(await getDraft(stranger.actor)).toBeNull();
    // Another firm's upload named by guessing its id is not carried back.
    expect((await getDraft(mine.actor))?.files.map((f) => f.fileName)).toEqual(['mine.pdf']);
    // Discarding is one's own: the stranger's discard leaves my draft.
    await discardDraft(stranger.actor);
    expect(await getDraft(mine.actor)).not.toBeNull();
  });

  it('expires after 30 days; its uploads outlive the one-day orphan sweep while it lives', async () => {
    restore = setClock(fixedClock('2025-03-01T00:00:00Z'));
    const { actor } = await signedIn();
    const up = await uploadDocument(actor, { fileName: 'kept.pdf', body: text('k') });
    const loose = await uploadDocument(actor, { fileName: 'loose.pdf', body: text('l') });
    await saveDraft(actor, { values: {}, documentIds: [up.id] });
    restore();
    restore = setClock(fixedClock('2025-03-03T00:00:00Z'));
    await sweepOrphans();
    const alive = async (id: number) =>
      (await db().select({ d: documents.deletedAt }).from(documents).where(eq(documents.id, id)))[0]?.d === null;
    expect(await alive(up.id)).toBe(true);
    expect(await alive(loose.id)).toBe(false);
    expect((await getDraft(actor))?.files.map((f) => f.fileName)).toEqual(['kept.pdf']);
    restore();
    restore = setClock(fixedClock('2025-04-01T00:00:00Z'));
    expect(await getDraft(actor)).toBeNull();
    expect(await purgeExpiredDrafts()).toBeGreaterThanOrEqual(1);
    await sweepOrphans();
    expect(await alive(up.id)).toBe(false);
  });

  it('ends with an order placed from the order form, and outlives a job ordered through the API with the same user’s token', async () => {
    restore = setClock(fixedClock('2025-03-04T00:00:00Z')); // Tuesday 11:00 in Sydney
    const { actor, token, clientId } = await signedIn(6);
    const branch = await firstBranchOf(clientId);
    const when = {
      DateReadyInput: '04/03/2025',
      TimeReadyInput: '11:30 AM',
      DateDueInput: '05/03/2025',
      TimeDueInput: '10:00 AM',
    };
    const contact = {
      ContactName: 'Morgan Patel',
      Email: 'morgan@example.com',
      ContactPhone: '(02)9000-1234',
      ClientBranchAddressId: branch.id,
    };
    await saveDraft(actor, { values: { contactName: 'Still typing', matterReference: 'DRAFT-1' }, documentIds: [] });

    const api = await postJobAdd(
      new Request('http://localhost/api/Job/Add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          OrderType: 7,
          MatterReference: 'API-1',
          CollectionDescription: 'From the firm’s system.',
          ...contact,
          ...when,
        }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(api.status).toBe(200);
    // An API save (and any save not from the form) leaves the order the user is typing.
    const form = {
      orderType: 7,
      contactName: contact.ContactName,
      email: contact.Email,
      contactPhone: contact.ContactPhone,
      matterReference: 'FORM-1',
      clientBranchAddressId: branch.id,
      dateReadyInput: when.DateReadyInput,
      timeReadyInput: when.TimeReadyInput,
      dateDueInput: when.DateDueInput,
      timeDueInput: when.TimeDueInput,
      collectionDescription: 'Ordered on the form.',
    };
    await saveJob(actor, { ...form, matterReference: 'OTHER-1' });
    expect((await getDraft(actor))?.values).toEqual({ contactName: 'Still typing', matterReference: 'DRAFT-1' });

    await saveJob(actor, form, { endsDraft: true });
    expect(await getDraft(actor)).toBeNull();
    expect(
      await db().select({ m: jobs.matterReference }).from(jobs).where(eq(jobs.clientId, clientId)).orderBy(jobs.id),
    ).toEqual([{ m: 'API-1' }, { m: 'OTHER-1' }, { m: 'FORM-1' }]);
  });
});
