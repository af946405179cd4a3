/**
 * Job ownership (lib/jobs/assign.ts) on the real database: assign, reassign and unassign through the
 * one service; what is refused (409 same owner, 400 not an active staff user, 403 a client user, 404); the
 * history, the audit row, and the 'job.assigned' event (change feed, webhook payload) written in the same
 * transaction, with no 'job.changed' beside it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { systemPrincipal, userPrincipal } from '@/lib/core/principal';
import { FEED_START, readEvents } from '@/lib/integration/feed';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser, signedIn } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { assigneeOf, assignJob, assignmentsOf, assignableStaff } from './assign';
import { ASSIGN_MSG } from './assign-rules';

async function caught(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('job assignment (lib/jobs/assign.ts)', () => {
  const t = useTestDatabase();

  it('staff assign, reassign and unassign a job: the owner, the history, the audit rows and one job.assigned event each', async () => {
    const op = await staffActor(2);
    const ann = await makeUser({ role: 2, clientId: null, firstName: 'Ann', lastName: 'Owner' });
    const ben = await makeUser({ role: 1, clientId: null, firstName: 'Ben', lastName: 'Next' });
    const client = await makeClient();
    const job = await makeJob({ clientId: client.id });
    const before = (await readEvents(t.db(), FEED_START, 1000)).length;

    const first = await assignJob(userPrincipal(op), job.id, { assigneeId: ann.id });
    expect(first).toMatchObject({ jobId: job.id, fromUserId: null, toUserId: ann.id, toName: 'Ann Owner' });
    expect(await assigneeOf(job.id)).toEqual({ id: ann.id, name: 'Ann Owner' });
    await assignJob(userPrincipal(op), job.id, { assigneeId: ben.id });
    await assignJob(systemPrincipal('API key "shop floor"'), job.id, { assigneeId: null });
    expect(await assigneeOf(job.id)).toEqual({ id: null, name: null });

    const history = await assignmentsOf(job.id);
    expect(history.map((h) => [h.fromName, h.toName])).toEqual([
      [null, 'Ann Owner'],
      ['Ann Owner', 'Ben Next'],
      ['Ben Next', null],
    ]);
    expect(history[2]!.changedByName).toBe('API key "shop floor"');

    const events = (await readEvents(t.db(), FEED_START, 1000)).slice(before);
    expect(events.map((e) => e.kind)).toEqual(['job.assigned', 'job.assigned', 'job.assigned']);
    expect(events[1]).toMatchObject({ jobId: job.id, jmsNumber: job.jmsNumber, clientId: client.id, status: 12 });
    expect(events[1]!.data).toEqual({
      assignedToId: ben.id,
      assignedTo: 'Ben Next',
      previousAssigneeId: ann.id,
      previousAssignee: 'Ann Owner',
      changedBy: expect.any(String),
    });

    const audits = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.job.assigned'), eq(auditLog.targetId, String(job.id))));
    expect(audits).toHaveLength(3);
  });

  it('refuses the same owner (409), someone who is not an active staff user (400), a client user (403) and a missing job (404); nothing is written', async () => {
    const op = await staffActor(2);
    const ann = await makeUser({ role: 2, clientId: null, firstName: 'Ann', lastName: 'Again' });
    const gone = await makeUser({ role: 2, clientId: null, isActive: false });
    const client = await makeClient();
    const clientUser = await makeUser({ role: 3, clientId: client.id });
    const job = await makeJob({ clientId: client.id });
    await assignJob(userPrincipal(op), job.id, { assigneeId: ann.id });

    const same = await caught(assignJob(userPrincipal(op), job.id, { assigneeId: ann.id }));
    expect(same.status).toBe(409);
    expect(same.fields).toEqual({ assigneeId: [ASSIGN_MSG.already('Ann Again')] });
    for (const id of [gone.id, clientUser.id, 2_000_000_000]) {
      const e = await caught(assignJob(userPrincipal(op), job.id, { assigneeId: id }));
      expect([e.status, e.fields]).toEqual([400, { assigneeId: [ASSIGN_MSG.notStaff] }]);
    }
    const me = await signedIn(3);
    expect((await caught(assignJob(userPrincipal(me.actor), job.id, { assigneeId: ann.id }))).status).toBe(403);
    expect((await caught(assignJob(userPrincipal(op), 2_000_000_000, { assigneeId: ann.id }))).status).toBe(404);
    const [row] = await t.db().select({ a: jobs.assignedToId }).from(jobs).where(eq(jobs.id, job.id));
    expect(row!.a).toBe(ann.id);
    expect(await assignmentsOf(job.id)).toHaveLength(1);
    expect((await assignableStaff()).map((s) => s.id)).not.toContain(gone.id);
  });
});
