import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, commentHistory, emailOutbox, jobs, jobStatusChanges, userJobAlerts, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn, signedInStaff, firstBranchOf } from '@/test/factories';
import { amendJob, cancelJob, CHANGE_MSG, changeRequestsOf, decideChangeRequest } from './changes';
import { commentHistoryOf } from './comments';
import { bellOf, newsPositionNow, readNewsAfter } from './news';
import { saveJob } from './save';

let restore: () => void = () => undefined;
beforeEach(() => {
  restore = setClock(fixedClock('2025-03-04T00:00:00Z'));
});
afterEach(() => restore());

describe('changes after ordering', () => {
  const { db } = useTestDatabase();

  async function orderer() {
    const s = await signedIn(6);
    const branch = await firstBranchOf(s.clientId);
    const values = (over: Record<string, unknown> = {}) => ({
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
      collectionDescription: 'Advise on the review platform.',
      ...over,
    });
    const job = await saveJob(s.actor, values());
    return { ...s, values, jobId: job.jobId };
  }

  const statusOf = async (id: number) =>
    (await db().select({ s: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.s;
  const historyOf = (id: number) =>
    db().select().from(jobStatusChanges).where(eq(jobStatusChanges.jobId, id)).orderBy(jobStatusChanges.id);

  it('before work starts the client cancels with a reason: Cancelled, in the history, the comments, the activity log, and staff are mailed', async () => {
    const { actor, jobId } = await orderer();
    await expect(cancelJob(actor, jobId, { reason: '  ' })).rejects.toMatchObject({
      status: 400,
      fields: { reason: [CHANGE_MSG.reasonRequired] },
    });
    const r = await cancelJob(actor, jobId, { reason: 'The matter settled.' });
    expect(r).toEqual({ applied: true, message: CHANGE_MSG.cancelled });
    expect(await statusOf(jobId)).toBe(10);
    expect((await historyOf(jobId)).map((h) => [h.fromStatus, h.toStatus])).toEqual([[12, 10]]);
    expect((await commentHistoryOf(actor, jobId))?.map((c) => c.comment)).toEqual(['Cancelled: The matter settled.']);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.cancel'), eq(auditLog.targetId, String(jobId))));
    expect(audit).toHaveLength(1);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'job-change'));
    expect(mails.some((m) => m.textBody.includes('The matter settled.'))).toBe(true);
    await expect(cancelJob(actor, jobId, { reason: 'again' })).rejects.toMatchObject({ status: 409 });
  });

  it('a clerk who cancels is not e-mailed about their own cancellation; a colleague who follows the firm’s jobs is, told whose job it is', async () => {
    const { actor, jobId, clientId, user } = await orderer();
    const colleague = await makeUser({ clientId, role: 3, jobAlertScope: 'firm', firstName: 'Robin' });
    await db()
      .insert(userJobAlerts)
      .values([
        { userId: user.id, jobStatusId: 10 },
        { userId: colleague.id, jobStatusId: 10 },
      ]);
    await cancelJob(actor, jobId, { reason: 'The matter settled.' });
    const alerts = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'job-alert'));
    const cancelled = alerts.filter((m) => m.subject.endsWith('is now Cancelled'));
    expect(cancelled.map((m) => m.toAddress)).toEqual([colleague.email]);
    expect(cancelled[0]?.textBody).toContain('This is Morgan Patel’s job');
    expect(cancelled[0]?.htmlBody).toContain('This is Morgan Patel’s job');
  });

  it('a cancellation by the firm is news: a colleague who follows the firm’s jobs gets it in the bell, live; the canceller is not told of their own act', async () => {
    const { actor, jobId, clientId } = await orderer();
    const colleague = await signedIn(4, clientId);
    await db().update(users).set({ jobAlertScope: 'firm' }).where(eq(users.id, colleague.user.id));
    const start = await newsPositionNow();
    await cancelJob(actor, jobId, { reason: 'The matter settled.' });
    const [job] = await db().select({ jms: jobs.jmsNumber }).from(jobs).where(eq(jobs.id, jobId));
    const title = `Job ${job!.jms} is now Cancelled: The matter settled.`;

    const theirs = await readNewsAfter(colleague.actor, start);
    expect(theirs.items.map((i) => [i.kind, i.title, i.statusLabel, i.inBell])).toEqual([
      ['job.status_changed', title, 'Cancelled', true],
    ]);
    expect(await bellOf(colleague.actor)).toMatchObject({ unread: 1, items: [{ title }] });

    // The canceller's own pages update (their row), but their bell stays quiet.
    expect((await readNewsAfter(actor, start)).items.map((i) => [i.title, i.inBell])).toEqual([[title, false]]);
    expect(await bellOf(actor)).toEqual({ items: [], unread: 0 });
  });

  it('a cancellation staff accept is news for the firm: the requester’s bell tells it', async () => {
    const { actor, jobId } = await orderer();
    await db().update(jobs).set({ status: 2 }).where(eq(jobs.id, jobId));
    await cancelJob(actor, jobId, { reason: 'Budget cut.' });
    const [req] = await changeRequestsOf(actor, jobId);
    const start = await newsPositionNow();
    await decideChangeRequest((await signedInStaff(2)).actor, req!.id, true);
    expect(await statusOf(jobId)).toBe(10);
    expect((await readNewsAfter(actor, start)).items.map((i) => [i.statusLabel, i.inBell])).toEqual([
      ['Cancelled', true],
    ]);
    expect((await bellOf(actor)).unread).toBe(1);
  });

  it('before work starts the client amends through the same validation; once started it becomes a request staff accept', async () => {
    const { actor, jobId, values } = await orderer();
    await expect(amendJob(actor, jobId, values({ contactPhone: 'not a phone' }))).rejects.toMatchObject({
      status: 400,
    });
    expect(
      await amendJob(actor, jobId, values({ contactName: 'Riley Chen', dateDueInput: '06/03/2025' })),
    ).toMatchObject({ applied: true });
    const [row] = await db().select().from(jobs).where(eq(jobs.id, jobId));
    expect(row?.contactName).toBe('Riley Chen');
    // The history says what changed in words, and an amendment adds no 'Submitted → Submitted' status line.
    expect((await commentHistoryOf(actor, jobId))?.map((c) => c.comment)).toEqual(['Amended: contact name, due time']);
    expect(await historyOf(jobId)).toEqual([]);

    await db().update(jobs).set({ status: 2 }).where(eq(jobs.id, jobId));
    expect(await amendJob(actor, jobId, values({ contactName: 'Sam Lee' }))).toEqual({
      applied: false,
      message: CHANGE_MSG.amendRequested,
    });
    expect((await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]?.contactName).toBe('Riley Chen');
    await expect(cancelJob(actor, jobId, { reason: 'one at a time' })).rejects.toMatchObject({
      status: 409,
      message: CHANGE_MSG.pending,
    });
    const [req] = await changeRequestsOf(actor, jobId);
    expect(req).toMatchObject({ kind: 'amend', status: 'pending' });

    const staff = await signedInStaff(2);
    await decideChangeRequest(staff.actor, req!.id, true);
    expect((await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]?.contactName).toBe('Sam Lee');
    await expect(decideChangeRequest(staff.actor, req!.id, false)).rejects.toMatchObject({ status: 409 });
  });

  it('a cancellation requested after work started is declined by staff: the job goes on, the client reads why', async () => {
    const { actor, jobId } = await orderer();
    await db().update(jobs).set({ status: 2 }).where(eq(jobs.id, jobId));
    expect(await cancelJob(actor, jobId, { reason: 'Budget cut.' })).toEqual({
      applied: false,
      message: CHANGE_MSG.cancelRequested,
    });
    const [req] = await changeRequestsOf(actor, jobId);
    const staff = await signedInStaff(2);
    await decideChangeRequest(staff.actor, req!.id, false, 'The copies are already printed.');
    expect(await statusOf(jobId)).toBe(2);
    const comments = (await commentHistoryOf(actor, jobId))?.map((c) => c.comment);
    expect(comments).toContain('Your cancellation request was declined: The copies are already printed.');
    const cs = await db().select().from(commentHistory).where(eq(commentHistory.jobId, jobId));
    expect(cs.every((c) => !c.isInternal)).toBe(true);
  });

  it('another firm’s job and requests are never reachable (404 or nothing), by id or by guessing', async () => {
    const { jobId } = await orderer();
    const stranger = await signedIn(6);
    await expect(cancelJob(stranger.actor, jobId, { reason: 'not mine' })).rejects.toMatchObject({ status: 404 });
    await expect(cancelJob(stranger.actor, jobId + 9999, { reason: 'guess' })).rejects.toMatchObject({ status: 404 });
    expect(await changeRequestsOf(stranger.actor, jobId)).toEqual([]);
    const other = await makeJob({ clientId: stranger.clientId, status: 2 });
    await cancelJob(stranger.actor, other.id, { reason: 'theirs' });
    const mine = await signedIn(6);
    expect(await changeRequestsOf(mine.actor, other.id)).toEqual([]);
    const client = await signedIn(6);
    const [theirs] = await changeRequestsOf(stranger.actor, other.id);
    await expect(decideChangeRequest(client.actor, theirs!.id, true)).rejects.toMatchObject({ status: 403 });
  });
});
