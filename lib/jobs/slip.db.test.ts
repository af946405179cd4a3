import { describe, expect, it } from 'vitest';
import { commentHistory, documents } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser, signedIn } from '@/test/factories';
import type { Actor } from '@/lib/auth/actor';
import { commentHistoryOf } from './comments';
import { getJobForClient, jobSlip } from './queries';

async function staffActor(): Promise<Actor> {
  const u = await makeUser({ role: 1, clientId: null });
  return { userId: u.id, clientId: null, role: 1, userName: u.userName, timeZone: 'Australia/Sydney', sessionId: 's' };
}

describe('getJobForClient and jobSlip', () => {
  const t = useTestDatabase();

  it('reads a job of the actor’s client with its block and documents; another client’s job is null like a missing one', async () => {
    const me = await signedIn(3);
    const other = await makeClient();
    const job = await makeJob({ clientId: me.clientId, orderType: 5, instructionBlock: { kind: 'print', paperSize: 1 }, lioNumber: 'LIO-1', matterType: 'Litigation', internalInstructions: 'Call the registry first', requestKey: 'k-1' });
    const theirs = await makeJob({ clientId: other.id });
    await t.db().insert(documents).values({ clientId: me.clientId, jobId: job.id, storageKey: 'ab/00000000-0000-0000-0000-000000000001', fileName: 'brief.pdf', size: 10 });

    const mine = await getJobForClient(me.actor, job.id);
    expect(mine?.jmsNumber).toBe(job.jmsNumber);
    expect(mine?.instructionBlock).toEqual({ kind: 'print', paperSize: 1 });
    expect(mine?.documents.map((d) => d.fileName)).toEqual(['brief.pdf']);
    expect(mine && 'requestKey' in mine).toBe(false);
    // A client user never gets internal instructions.
    expect(mine?.internalInstructions).toBeNull();

    expect(await getJobForClient(me.actor, theirs.id)).toBeNull();
    expect(await getJobForClient(me.actor, 2_000_000_000)).toBeNull();
    expect(await jobSlip(me.actor, theirs.id)).toBeNull();
  });

  it('slip: every field, names, LIONumber, MatterType, documents; no internal instructions for client users', async () => {
    const me = await signedIn(4);
    const job = await makeJob({ clientId: me.clientId, orderType: 2, status: 8, createdById: me.user.id, lioNumber: 'LIO-7', matterType: 'Family', internalInstructions: 'Secret' });
    const slip = await jobSlip(me.actor, job.id);
    expect(slip).toMatchObject({ id: job.id, statusLabel: 'Delivered', orderTypeName: 'Court Copy', lioNumber: 'LIO-7', matterType: 'Family', createdByName: 'Test User', internalInstructions: null });
    expect(slip?.clientName).toMatch(/^Client /);
  });

  it('internal instructions show to non-client users, and only when present', async () => {
    const staff = await staffActor();
    const client = await makeClient();
    const withNote = await makeJob({ clientId: client.id, internalInstructions: 'Cloned by client from job 100001' });
    const blank = await makeJob({ clientId: client.id, internalInstructions: '   ' });
    expect((await jobSlip(staff, withNote.id))?.internalInstructions).toBe('Cloned by client from job 100001');
    expect((await jobSlip(staff, blank.id))?.internalInstructions).toBeNull();
    // Staff have no client: the clone read is for client users only.
    expect(await getJobForClient(staff, withNote.id)).toBeNull();
  });

  it('comment history: the job’s comments oldest first; another client’s job is null', async () => {
    const me = await signedIn(3);
    const other = await makeClient();
    const job = await makeJob({ clientId: me.clientId });
    const theirs = await makeJob({ clientId: other.id });
    await t.db().insert(commentHistory).values([
      { jobId: job.id, clientId: me.clientId, comment: 'Booked in', statusId: 12, createdByName: 'Ops', createdAt: new Date('2026-01-01T00:00:00Z') },
      { jobId: job.id, clientId: me.clientId, comment: 'Started', statusId: 2, createdByName: 'Ops', createdAt: new Date('2026-01-02T00:00:00Z') },
      { jobId: theirs.id, clientId: other.id, comment: 'Theirs', statusId: 2, createdByName: 'Ops' },
    ]);
    expect((await commentHistoryOf(me.actor, job.id))?.map((c) => c.comment)).toEqual(['Booked in', 'Started']);
    expect(await commentHistoryOf(me.actor, theirs.id)).toBeNull();
  });
});
