import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commentHistory, documents, locations } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser, signedIn } from '@/test/factories';
import type { Actor } from '@/lib/auth/actor';
import { commentHistoryOf } from './comments';
import { toLegacyJobSlip } from '@/lib/legacy/jobs';
import { presentJobSlip } from './present';
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
    const job = await makeJob({
      clientId: me.clientId,
      orderType: 5,
      instructionBlock: { kind: 'print', paperSize: 1 },
      lioNumber: 'LIO-1',
      matterType: 'Litigation',
      internalInstructions: 'Call the registry first',
      requestKey: 'k-1',
    });
    const theirs = await makeJob({ clientId: other.id });
    await t.db().insert(documents).values({
      clientId: me.clientId,
      jobId: job.id,
      storageKey: 'ab/00000000-0000-0000-0000-000000000001',
      fileName: 'brief.pdf',
      size: 10,
    });

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
    const job = await makeJob({
      clientId: me.clientId,
      orderType: 2,
      status: 8,
      createdById: me.user.id,
      lioNumber: 'LIO-7',
      matterType: 'Family',
      internalInstructions: 'Secret',
    });
    const slip = await jobSlip(me.actor, job.id);
    expect(slip).toMatchObject({
      id: job.id,
      statusLabel: 'Delivered',
      orderTypeName: 'Court Copy',
      lioNumber: 'LIO-7',
      matterType: 'Family',
      createdByName: 'Test User',
      internalInstructions: null,
    });
    expect(slip?.clientName).toMatch(/^Client /);
  });

  it('slip: the block’s location, court (per job type and location) and physical media come out as names', async () => {
    const me = await signedIn(3);
    const locationId = async (kind: string, text: string) => {
      const [row] = await t
        .db()
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.kind, kind), eq(locations.text, text)));
      if (!row) throw new Error(`no location ${text}`);
      return row.id;
    };
    const parramatta = await locationId('court_copy', 'Parramatta');
    const melbourne = await locationId('appeal_book', 'Melbourne');
    const courtBlock = {
      kind: 'courtCopy',
      CopyMethod: 2,
      Location: parramatta,
      CourtNew: 11,
      AccessOrdersForWCC: false,
      ActingFor: 1,
      FileNumber: '1 of 2026',
      MatterName: 'A vs B',
    };
    const courtCopy = await makeJob({ clientId: me.clientId, orderType: 2, instructionBlock: courtBlock });
    const appeal = await makeJob({
      clientId: me.clientId,
      orderType: 1,
      instructionBlock: { kind: 'appealBook', prepare: 1, location: melbourne, appealBookCourt: 3, AppealBookType: 1 },
    });
    const other = await makeJob({
      clientId: me.clientId,
      orderType: 1,
      instructionBlock: {
        kind: 'appealBook',
        prepare: 1,
        location: melbourne,
        appealBookCourt: 6,
        OtherAppealCourt: 'Federal Court Sydney',
      },
    });
    const scanBlock = {
      kind: 'scan',
      HasAdvancedInstructions: true,
      deliverFiles: [{ deliverType: 2, SelectedValue: true }],
      physicalMediaType: 3,
    };
    const scan = await makeJob({ clientId: me.clientId, orderType: 6, instructionBlock: scanBlock });
    const unknown = await makeJob({
      clientId: me.clientId,
      orderType: 2,
      instructionBlock: { ...courtBlock, Location: 999_999 },
    });

    const rows = async (id: number, title: string) => {
      const s = await jobSlip(me.actor, id);
      if (!s) throw new Error('no slip');
      return presentJobSlip(s, [], 'Australia/Sydney').sections.find((x) => x.title === title)?.rows ?? [];
    };
    const courtSlip = await jobSlip(me.actor, courtCopy.id);
    expect(courtSlip?.blockNames).toEqual({
      location: 'Parramatta',
      court: 'Workers Compensation Commission (WCC)',
      physicalMedia: null,
    });
    expect((await rows(courtCopy.id, 'Court Copy instructions')).slice(0, 3)).toEqual([
      { label: 'Location', value: 'Parramatta' },
      { label: 'Court', value: 'Workers Compensation Commission (WCC)' },
      { label: 'Access orders have been made by the Workers Compensation Commission', value: 'No' },
    ]);
    // Appeal book code 3 is the appeal court of that code, not the court copy court 3 (District Court).
    expect((await rows(appeal.id, 'Appeal Book instructions')).slice(1, 3)).toEqual([
      { label: 'Location', value: 'Melbourne' },
      { label: 'Court', value: 'Full Court of the Federal Court' },
    ]);
    expect(await rows(other.id, 'Appeal Book instructions')).toContainEqual({
      label: 'Court',
      value: 'Other: Federal Court Sydney',
    });
    expect(await rows(scan.id, 'Scan instructions')).toContainEqual({
      label: 'Physical media type',
      value: 'USB Hard Drive',
    });
    // A location that does not exist shows its number, and its court is not found there either.
    expect((await rows(unknown.id, 'Court Copy instructions')).slice(0, 2)).toEqual([
      { label: 'Location', value: '999999' },
      { label: 'Court', value: '11' },
    ]);

    // The legacy answer keeps its shape: the stored block with ids, no names.
    const legacy = courtSlip && toLegacyJobSlip(courtSlip);
    expect(legacy && 'blockNames' in legacy).toBe(false);
    expect(legacy).toHaveProperty('CourtCopy', {
      CopyMethod: 2,
      Location: parramatta,
      CourtNew: 11,
      AccessOrdersForWCC: false,
      ActingFor: 1,
      FileNumber: '1 of 2026',
      MatterName: 'A vs B',
    });
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
    await t
      .db()
      .insert(commentHistory)
      .values([
        {
          jobId: job.id,
          clientId: me.clientId,
          comment: 'Booked in',
          statusId: 12,
          createdByName: 'Ops',
          createdAt: new Date('2026-01-01T00:00:00Z'),
        },
        {
          jobId: job.id,
          clientId: me.clientId,
          comment: 'Started',
          statusId: 2,
          createdByName: 'Ops',
          createdAt: new Date('2026-01-02T00:00:00Z'),
        },
        { jobId: theirs.id, clientId: other.id, comment: 'Theirs', statusId: 2, createdByName: 'Ops' },
      ]);
    expect((await commentHistoryOf(me.actor, job.id))?.map((c) => c.comment)).toEqual(['Booked in', 'Started']);
    expect(await commentHistoryOf(me.actor, theirs.id)).toBeNull();
  });
});
