import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, costEstimates, courts, documents, jobs, locations } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { fixedClock, setClock } from '@/lib/clock';
import { uploadDocument } from '@/lib/documents/service';
import { MSG } from '@/lib/messages';
import { FIELD_MSG } from '@/lib/validation';
import { useTestDatabase } from '@/test/db';
import { makeClient, signedIn, firstBranchOf } from '@/test/factories';
import { JOB_MSG, type JobOrderInput } from './schema';
import { JobOrderInvalidError, saveJob, SAVE_MSG } from './save';

// Tuesday 4 March 2025, 11:00 in Sydney: business hours.
const NOW = '2025-03-04T00:00:00Z';
let restore: () => void = () => undefined;
beforeEach(() => {
  restore = setClock(fixedClock(NOW));
});
afterEach(() => restore());

function order(branchId: number, over: Partial<JobOrderInput> = {}): JobOrderInput {
  return {
    orderType: 7,
    contactName: 'Morgan Patel',
    email: 'morgan@example.com',
    contactPhone: '(02)9000-1234',
    matterReference: 'HV-1',
    clientBranchAddressId: branchId,
    dateReadyInput: '04/03/2025',
    timeReadyInput: '11:30 AM',
    dateDueInput: '05/03/2025',
    timeDueInput: '10:00 AM',
    collectionDescription: 'Advise on the review platform.',
    ...over,
  };
}

async function issuesOf(p: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await p;
  } catch (e) {
    if (e instanceof JobOrderInvalidError)
      return Object.fromEntries(e.issues.map((i) => [i.path.join('.'), i.message]));
    throw e;
  }
  throw new Error('expected the save to be refused');
}

describe('saveJob', () => {
  const { db } = useTestDatabase();

  async function client() {
    const s = await signedIn(6);
    const c = await makeClient();
    const branch = await firstBranchOf(s.clientId);
    return { ...s, branchId: branch.id, branchAddress: branch.address, otherClient: c };
  }

  const jobCount = async (clientId: number) =>
    (await db().select({ n: count() }).from(jobs).where(eq(jobs.clientId, clientId)))[0]?.n ?? 0;

  it('creates a submitted job for the actor’s client, ignoring client, status and internal instructions in the body', async () => {
    const c = await client();
    const body = {
      ...order(c.branchId, { costEstimateNumber: '7001', instructions: 'Call reception' }),
      clientId: c.otherClient.id,
      status: 8,
      internalInstructions: 'VIP',
    };
    const saved = await saveJob(c.actor, body);
    expect(saved).toMatchObject({ created: true, jmsNumber: expect.stringMatching(/^\d+$/) });
    const [row] = await db().select().from(jobs).where(eq(jobs.id, saved.jobId));
    expect(row).toMatchObject({
      clientId: c.clientId,
      status: 12,
      orderType: 7,
      internalInstructions: null,
      description: 'Consulting – Advise on the review platform.',
      address: c.branchAddress,
      costEstimateNumber: '7001',
      timeZone: 'Australia/Sydney',
      createdById: c.user.id,
      lastModifiedById: c.user.id,
      statusLastModifiedById: c.user.id,
      instructionBlock: { kind: 'collection', CollectionDescription: 'Advise on the review platform.' },
    });
    expect(row?.readyAt.toISOString()).toBe('2025-03-04T00:30:00.000Z');
    expect(row?.dueAt.toISOString()).toBe('2025-03-04T23:00:00.000Z');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.create'), eq(auditLog.targetId, String(saved.jobId))));
    expect(audit).toHaveLength(1);
  });

  it('re-validates every rule on the server, in the actor’s time zone with the server clock', async () => {
    const c = await client();
    restore();
    restore = setClock(fixedClock('2025-03-08T00:00:00Z')); // Saturday 11:00 in Sydney
    const issues = await issuesOf(
      saveJob(
        c.actor,
        order(c.branchId, { dateReadyInput: '08/03/2025', dateDueInput: '08/03/2025', timeDueInput: '01:00 PM' }),
      ),
    );
    expect(issues).toEqual({ afterHourContactNumber: JOB_MSG.afterHoursRequired });
    const past = await issuesOf(saveJob(c.actor, order(c.branchId, { dateReadyInput: '07/03/2025' })));
    expect(past.dateReadyInput).toBe(JOB_MSG.readyDateInPast);
    expect(await jobCount(c.clientId)).toBe(0);
  });

  it('refuses another client’s branch address and cost estimate', async () => {
    const c = await client();
    await db().insert(costEstimates).values({ clientId: c.otherClient.id, number: '99111' });
    const foreignBranch = c.otherClient.branches[0]?.id ?? 0;
    expect(await issuesOf(saveJob(c.actor, order(foreignBranch)))).toEqual({
      clientBranchAddressId: SAVE_MSG.branchNotFound,
    });
    expect(await issuesOf(saveJob(c.actor, order(c.branchId, { costEstimateNumber: '99111' })))).toEqual({
      costEstimateNumber: JOB_MSG.costEstimateInvalid,
    });
    expect(await issuesOf(saveJob(c.actor, order(c.branchId, { costEstimateNumber: '12a' })))).toEqual({
      costEstimateNumber: JOB_MSG.costEstimateNumeric,
    });
    expect(await jobCount(c.clientId)).toBe(0);
  });

  it('takes the court’s flags from the courts table, not from the body', async () => {
    const c = await client();
    const [loc] = await db().select().from(locations).where(eq(locations.kind, 'court_copy')).limit(1);
    const [wcc] = await db()
      .select()
      .from(courts)
      .where(and(eq(courts.jobType, 2), eq(courts.code, 11), eq(courts.locationId, loc?.id ?? 0)));
    expect(wcc?.enableBothPhotocopyAndScanMethod).toBe(false);
    const courtCopy = {
      location: loc?.id,
      courtNew: 11,
      actingFor: 1,
      fileNumberA: '12',
      fileNumberB: '2025',
      matterNameA: 'A',
      matterNameB: 'B',
      copyMethod: 3,
      courtMethods: [1, 2, 3],
    };
    const issues = await issuesOf(saveJob(c.actor, order(c.branchId, { orderType: 2, numberOfCopies: 2, courtCopy })));
    expect(issues).toEqual({ 'courtCopy.copyMethod': FIELD_MSG.invalidChoice });
    // The Supreme Court needs the solicitor section even when the body says it does not.
    const supreme = { ...courtCopy, courtNew: 1, copyMethod: 1, courtNeedsSolicitor: false };
    const solicitor = await issuesOf(
      saveJob(c.actor, order(c.branchId, { orderType: 2, numberOfCopies: 2, courtCopy: supreme })),
    );
    expect(Object.keys(solicitor).sort()).toEqual([
      'courtCopy.practiceNoteAgreement',
      'courtCopy.solicitorFor',
      'courtCopy.solicitorFullName',
    ]);
    const unknownCourt = await issuesOf(
      saveJob(
        c.actor,
        order(c.branchId, { orderType: 2, numberOfCopies: 2, courtCopy: { ...courtCopy, courtNew: 99 } }),
      ),
    );
    expect(unknownCourt['courtCopy.courtNew']).toBe(FIELD_MSG.invalidChoice);
    const saved = await saveJob(
      c.actor,
      order(c.branchId, { orderType: 2, numberOfCopies: 2, courtCopy: { ...courtCopy, copyMethod: 1 } }),
    );
    const [row] = await db().select().from(jobs).where(eq(jobs.id, saved.jobId));
    expect(row?.instructionBlock).toMatchObject({
      kind: 'courtCopy',
      CopyMethod: 1,
      CourtNew: 11,
      FileNumber: '12 of 2025',
      MatterName: 'A vs B',
    });
    expect(row?.instructionBlock).not.toHaveProperty('courtMethods');
  });

  it('is idempotent: a retried save with the same request key returns the first job', async () => {
    const c = await client();
    const key = randomUUID();
    const first = await saveJob(c.actor, order(c.branchId), { requestKey: key });
    const again = await saveJob(c.actor, order(c.branchId, { matterReference: 'changed' }), { requestKey: key });
    expect(again).toEqual({ ...first, created: false });
    expect(await jobCount(c.clientId)).toBe(1);
  });

  it('creates one job for two parallel saves with the same key', async () => {
    const c = await client();
    const key = randomUUID();
    const results = await Promise.all([
      saveJob(c.actor, order(c.branchId), { requestKey: key }),
      saveJob(c.actor, order(c.branchId), { requestKey: key }),
    ]);
    expect(results[0]?.jobId).toBe(results[1]?.jobId);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await jobCount(c.clientId)).toBe(1);
    // The same key in another client is another request.
    const other = await signedIn(3, c.otherClient.id);
    const theirs = await saveJob(other.actor, order(c.otherClient.branches[0]?.id ?? 0), { requestKey: key });
    expect(theirs.created).toBe(true);
  });

  it('attaches the uploaded file in the same transaction', async () => {
    const c = await client();
    const doc = await upload(c.actor, 'bundle.pdf');
    const saved = await saveJob(c.actor, order(c.branchId), { documentId: doc.id });
    const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.jobId).toBe(saved.jobId);
  });

  it('rolls back completely when a step fails: no job, no audit row, the file stays unattached', async () => {
    const c = await client();
    const theirs = await signedIn(3, c.otherClient.id);
    const foreignDoc = await upload(theirs.actor, 'theirs.pdf');
    await expect(saveJob(c.actor, order(c.branchId), { documentId: foreignDoc.id })).rejects.toMatchObject({
      status: 400,
      fields: { DocumentModel: [expect.any(String)] },
    });
    expect(await jobCount(c.clientId)).toBe(0);
    expect(
      (
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.clientId, c.clientId), eq(auditLog.action, 'job.create')))
      ).length,
    ).toBe(0);
    const [row] = await db().select().from(documents).where(eq(documents.id, foreignDoc.id));
    expect(row?.jobId).toBeNull();
  });

  it('refuses a clone source of another client like a missing one', async () => {
    const c = await client();
    const theirs = await signedIn(3, c.otherClient.id);
    const theirJob = await saveJob(theirs.actor, order(c.otherClient.branches[0]?.id ?? 0));
    expect(await issuesOf(saveJob(c.actor, order(c.branchId, { sourceJobId: theirJob.jobId })))).toEqual({
      sourceJobId: SAVE_MSG.sourceJobNotFound,
    });
    expect(await issuesOf(saveJob(c.actor, order(c.branchId, { sourceJobId: 999_999_999 })))).toEqual({
      sourceJobId: SAVE_MSG.sourceJobNotFound,
    });
    const mine = await saveJob(c.actor, order(c.branchId));
    const clone = await saveJob(c.actor, order(c.branchId, { sourceJobId: mine.jobId }));
    const [row] = await db().select().from(jobs).where(eq(jobs.id, clone.jobId));
    expect(row).toMatchObject({
      sourceJobId: mine.jobId,
      internalInstructions: MSG.clonedInternalInstructions(mine.jmsNumber),
    });
  });

  it('refuses staff (no client) and a malformed request key', async () => {
    const c = await client();
    const staff: Actor = { ...c.actor, clientId: null, role: 1 };
    await expect(saveJob(staff, order(c.branchId))).rejects.toMatchObject({ status: 403 });
    await expect(saveJob(c.actor, order(c.branchId), { requestKey: 'bad key!' })).rejects.toBeInstanceOf(
      JobOrderInvalidError,
    );
  });
});

async function upload(actor: Actor, fileName: string) {
  async function* body(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(`contents of ${fileName}`);
  }
  return uploadDocument(actor, { fileName, contentType: 'application/pdf', body: body() });
}
