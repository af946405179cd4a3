/**
 * The queue's owner filters and bulk actions on the real database: staff assign jobs and move ten at
 * once through the one workflow, each in its own transaction; the refused one is reported with its 409 message
 * and left as it was; "all matching" takes the queue's filters; the export of ticked jobs; staff only.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { auditLog, documents, jobs, jobStatusChanges } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { userPrincipal } from '@/lib/core/principal';
import { assignmentsOf } from '@/lib/jobs/assign';
import { WORKFLOW_MSG } from '@/lib/jobs/workflow-rules';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser, signedIn, signedInStaff } from '@/test/factories';
import { runBulkAction } from './bulk';
import { BULK_MSG } from './bulk-schema';
import { listQueue, queueExportStream } from './queue';
import { DEFAULT_QUEUE_QUERY, toQueueExportBody, type QueueQuery } from './queue-schema';

const q = (over: Partial<QueueQuery> = {}): QueueQuery => ({ ...DEFAULT_QUEUE_QUERY, ...over });
const page = { page: 1, size: 100 };

async function caught(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('bulk actions and owners in the staff queue', () => {
  const t = useTestDatabase();

  it('moves ten jobs to Started one by one: nine move, the Delivered one is refused (409) and reported, and stays Delivered', async () => {
    const staff = await signedInStaff(2);
    const client = await makeClient({ name: 'Bulk Move Lawyers' });
    const open = await Promise.all(Array.from({ length: 9 }, () => makeJob({ clientId: client.id, status: 12 })));
    const delivered = await makeJob({ clientId: client.id, status: 8, deliveredAt: new Date() });
    const ids = [...open.map((j) => j.id), delivered.id];

    const out = await runBulkAction(userPrincipal(staff.actor), {
      selection: { kind: 'ids', jobIds: ids },
      action: { kind: 'status', toStatus: 2, comment: '', visibility: 'internal' },
    });
    expect(out.total).toBe(10);
    expect(out.done.map((d) => d.jobId)).toEqual(open.map((j) => j.id));
    expect(out.refused).toEqual([
      { jobId: delivered.id, jmsNumber: delivered.jmsNumber, status: 409, message: WORKFLOW_MSG.final(8) },
    ]);
    expect(out.summary).toBe('Moved to Started: 9 of 10 jobs. 1 job was refused:');

    const rows = await t.db().select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    expect(rows.filter((r) => r.status === 2)).toHaveLength(9);
    expect(rows.find((r) => r.id === delivered.id)?.status).toBe(8);
    expect(await t.db().select().from(jobStatusChanges).where(inArray(jobStatusChanges.jobId, ids))).toHaveLength(9);
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.jobs.bulk'), eq(auditLog.actorUserId, staff.user.id)));
    expect(audit?.details).toMatchObject({ selected: 10, done: 9, refused: [delivered.jmsNumber] });
  });

  it('Delivered for jobs with no delivered file: nothing changes and the refusal names them, until the person confirms', async () => {
    const staff = await signedInStaff(2);
    const client = await makeClient({ name: 'Bulk Deliver Lawyers' });
    const bare = await Promise.all(Array.from({ length: 2 }, () => makeJob({ clientId: client.id, status: 4 })));
    const filed = await makeJob({ clientId: client.id, status: 14 });
    await t.db().insert(documents).values({
      clientId: client.id,
      jobId: filed.id,
      storageKey: randomUUID(),
      fileName: 'done.pdf',
      size: 10,
      kind: 'deliverable',
    });
    // Already Delivered: refused as it is, not asked about.
    const done = await makeJob({ clientId: client.id, status: 8, deliveredAt: new Date() });
    const ids = [filed.id, ...bare.map((j) => j.id), done.id];
    const action = { kind: 'status', toStatus: 8, comment: '', visibility: 'internal' } as const;

    const asked = await caught(
      runBulkAction(userPrincipal(staff.actor), { selection: { kind: 'ids', jobIds: ids }, action }),
    );
    const question = `No file has been delivered for jobs ${bare[0]!.jmsNumber}, ${bare[1]!.jmsNumber}. Set them to Delivered anyway?`;
    expect(asked).toMatchObject({ status: 409, message: question, fields: { confirmNoDeliverable: [question] } });
    expect(await t.db().select().from(jobStatusChanges).where(inArray(jobStatusChanges.jobId, ids))).toEqual([]);

    const out = await runBulkAction(userPrincipal(staff.actor), {
      selection: { kind: 'ids', jobIds: ids },
      action: { ...action, confirmNoDeliverable: true },
    });
    expect(out.done.map((d) => d.jobId)).toEqual([filed.id, ...bare.map((j) => j.id)]);
    expect(out.refused).toEqual([
      { jobId: done.id, jmsNumber: done.jmsNumber, status: 409, message: WORKFLOW_MSG.same(8) },
    ]);
  });

  it('assigns every job matching the filters ("all matching"); the queue filters by owner, mine and unassigned; the export of ticked jobs names the owner', async () => {
    const staff = await signedInStaff(2);
    const ann = await makeUser({ role: 2, clientId: null, firstName: 'Ann', lastName: 'Bulk' });
    const client = await makeClient({ name: 'Owner Filter Lawyers' });
    const jobsOfClient = await Promise.all(
      Array.from({ length: 4 }, () => makeJob({ clientId: client.id, status: 12 })),
    );
    const cancelled = await makeJob({ clientId: client.id, status: 10 });
    const other = await makeJob({ clientId: (await makeClient()).id, status: 12 });

    // Unassigned: open jobs nobody owns (the cancelled one needs no owner).
    const unassigned = (await listQueue(staff.actor, q({ clientId: client.id, assignee: 'none' }), page)).rows.map(
      (r) => r.id,
    );
    expect(unassigned.sort()).toEqual(jobsOfClient.map((j) => j.id).sort());

    const out = await runBulkAction(userPrincipal(staff.actor), {
      selection: { kind: 'query', query: toQueueExportBody(q({ clientId: client.id, assignee: 'none' })) },
      action: { kind: 'assign', assigneeId: ann.id },
    });
    expect([out.done.length, out.refused.length]).toEqual([4, 0]);
    expect(await assignmentsOf(jobsOfClient[0]!.id)).toHaveLength(1);
    const annsQueue = await listQueue(staff.actor, q({ assignee: String(ann.id) as `${number}` }), page);
    expect(annsQueue.rows.map((r) => r.id).sort()).toEqual(jobsOfClient.map((j) => j.id).sort());
    expect(annsQueue.totalCount).toBe(4);
    expect((await listQueue(staff.actor, q({ clientId: client.id, assignee: 'none' }), page)).totalCount).toBe(0);

    // Mine: the jobs of the staff member looking. Assigning again to the same owner is refused, job by job.
    const again = await runBulkAction(userPrincipal(staff.actor), {
      selection: { kind: 'ids', jobIds: [jobsOfClient[0]!.id, other.id] },
      action: { kind: 'assign', assigneeId: staff.user.id },
    });
    expect(again.done.map((d) => d.jobId)).toEqual([jobsOfClient[0]!.id, other.id]);
    expect((await listQueue(staff.actor, q({ assignee: 'mine' }), page)).rows.map((r) => r.id).sort()).toEqual(
      [jobsOfClient[0]!.id, other.id].sort(),
    );
    const same = await runBulkAction(userPrincipal(staff.actor), {
      selection: { kind: 'ids', jobIds: [other.id] },
      action: { kind: 'assign', assigneeId: staff.user.id },
    });
    expect(same.refused[0]).toMatchObject({ status: 409, jmsNumber: other.jmsNumber });
    expect(cancelled.status).toBe(10);

    const csv = await new Response(
      await queueExportStream(staff.actor, { ...q({ clientId: client.id }), jobIds: [jobsOfClient[1]!.id] }),
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(jobsOfClient[1]!.jmsNumber)).toBe(true);
    expect(lines[1]!.endsWith(',Ann Bulk')).toBe(true);
  });

  it('is staff only, and asks for at least one job', async () => {
    const me = await signedIn(3);
    const job = await makeJob({ clientId: me.clientId });
    expect(
      (
        await caught(
          runBulkAction(userPrincipal(me.actor), {
            selection: { kind: 'ids', jobIds: [job.id] },
            action: { kind: 'assign', assigneeId: null },
          }),
        )
      ).status,
    ).toBe(403);
    const staff = await signedInStaff(1);
    const e = await caught(
      runBulkAction(userPrincipal(staff.actor), {
        selection: { kind: 'ids', jobIds: [] },
        action: { kind: 'assign', assigneeId: null },
      }),
    );
    expect([e.status, e.fields]).toEqual([400, { 'selection.jobIds': [BULK_MSG.chooseJobs] }]);
  });
});
