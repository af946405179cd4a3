/**
 * The job workflow service and the job alerts it fires, on the real database and a real SMTP server.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  commentHistory,
  documents,
  emailOutbox,
  jobAlertDigestItems,
  jobAlertDigests,
  jobs,
  jobStatusChanges,
  userJobAlerts,
  userNews,
} from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { fixedClock, setClock } from '@/lib/clock';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@/lib/core/errors';
import { processOutboxOnce } from '@/lib/mail/worker';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, makeUser, signedIn } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { JOB_ALERT_DIGEST_KIND, JOB_ALERT_KIND, sendDueDigests } from './alerts';
import { commentHistoryOf } from './comments';
import { jobSlip } from './slip';
import { jobThread } from './messages';
import { changeJobStatus } from './workflow';
import { userPrincipal, systemPrincipal } from '@/lib/core/principal';

async function staff(role: 1 | 2 = 2): Promise<Actor> {
  const u = await makeUser({ role, clientId: null, firstName: 'Oakley', lastName: 'Operator' });
  return { userId: u.id, clientId: null, role, userName: u.userName, timeZone: 'Australia/Sydney', sessionId: 's' };
}

async function caught(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('job workflow (lib/jobs/workflow.ts)', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  // 10:15 on 24 November 2026 in Sydney (AEDT, UTC+11).
  const clock = fixedClock('2026-11-23T23:15:00Z');
  let restore = () => undefined as void;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    restore = setClock(clock);
  });
  afterAll(async () => {
    restore();
    await smtp.stop();
  });
  beforeEach(async () => {
    // Earlier tests' mail is not this test's business.
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });

  const alertsTo = async (address: string) =>
    await t
      .db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.status, 'pending')));

  it('staff move a job Submitted → Started with a comment: who, when, the comment, the audit row and the alerts', async () => {
    const op = await staff(2);
    const client = await makeClient();
    const started = await makeUser({
      clientId: client.id,
      role: 3,
      timeZone: 'Australia/Perth',
      firstName: 'Casey',
      jobAlertScope: 'firm',
    });
    const notStarted = await makeUser({ clientId: client.id, role: 5, jobAlertScope: 'firm' });
    const inactive = await makeUser({ clientId: client.id, role: 3, isActive: false, jobAlertScope: 'firm' });
    const otherClientUser = await makeUser({ clientId: (await makeClient()).id, role: 3, jobAlertScope: 'firm' });
    await t
      .db()
      .insert(userJobAlerts)
      .values([
        { userId: started.id, jobStatusId: 2 },
        { userId: started.id, jobStatusId: 8 },
        { userId: notStarted.id, jobStatusId: 8 },
        { userId: inactive.id, jobStatusId: 2 },
        { userId: otherClientUser.id, jobStatusId: 2 },
      ]);
    const job = await makeJob({ clientId: client.id, status: 12, orderType: 5, matterReference: 'MAT-77' });

    const r = await changeJobStatus(userPrincipal(op), job.id, {
      toStatus: 2,
      comment: 'Printing has begun',
      visibility: 'client',
      expectedStatus: 12,
    });
    expect(r).toMatchObject({
      fromStatus: 12,
      toStatus: 2,
      changedBy: 'Oakley Operator',
      alerts: { instant: 1, digest: 0 },
    });

    const [row] = await t.db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({
      status: 2,
      statusLastModifiedById: op.userId,
      statusLastModifiedBy: 'Oakley Operator',
      deliveredAt: null,
    });
    expect(row?.statusUpdatedAt.toISOString()).toBe('2026-11-23T23:15:00.000Z');
    const changes = await t.db().select().from(jobStatusChanges).where(eq(jobStatusChanges.jobId, job.id));
    expect(changes).toMatchObject([
      { fromStatus: 12, toStatus: 2, changedById: op.userId, changedByName: 'Oakley Operator', commentId: r.commentId },
    ]);
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.job.status'), eq(auditLog.targetId, String(job.id))));
    expect(audit).toMatchObject({
      actorUserId: op.userId,
      clientId: client.id,
      targetType: 'job',
      details: { jmsNumber: job.jmsNumber, from: 'Submitted', to: 'Started', comment: 'client' },
    });

    // The client sees the comment in the history and on the slip; "Status last modified by" names the operator.
    const me: Actor = {
      userId: started.id,
      clientId: client.id,
      role: 3,
      userName: started.userName,
      timeZone: 'Australia/Perth',
      sessionId: 's',
    };
    expect(
      (await commentHistoryOf(me, job.id))?.map((c) => [c.comment, c.statusId, c.createdByName, c.isInternal]),
    ).toEqual([['Printing has begun', 2, 'Oakley Operator', false]]);
    const slip = await jobSlip(me, job.id);
    expect(slip?.statusLastModifiedByName).toBe('Oakley Operator');
    // The client's slip carries the status history: from, to, who.
    expect(slip?.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.changedByName])).toEqual([
      [12, 2, 'Oakley Operator'],
    ]);

    // Exactly one alert, to the user who chose Started, in their zone, with the slip link; delivered over SMTP.
    expect(await alertsTo(notStarted.email)).toEqual([]);
    expect(await alertsTo(inactive.email)).toEqual([]);
    expect(await alertsTo(otherClientUser.email)).toEqual([]);
    const [alert] = await alertsTo(started.email);
    expect(alert).toMatchObject({ kind: JOB_ALERT_KIND, subject: `Job ${job.jmsNumber} is now Started` });
    expect((await processOutboxOnce({ smtpUrl: smtp.url })).sent).toBe(1);
    const mail = await smtp.waitFor((m) => m.to.includes(started.email));
    expect(mail.subject).toBe(`Job ${job.jmsNumber} is now Started`);
    // 23:15 UTC is 07:15 the next morning in Perth.
    expect(mail.text).toContain('Changed: 24-Nov-2026 07:15 AM (Australia/Perth)');
    expect(mail.text).toContain('Comment: Printing has begun');
    expect(mail.text).toMatch(/View the job slip: http:\/\/[^\s]+\/JobSlip\?jb=[A-Za-z0-9%=]+/);
  });

  it('staff’s reason for On Hold is in the bell line and in the job’s conversation, not only in the comment history', async () => {
    const op = await staff(2);
    const client = await makeClient();
    const user = await makeUser({ clientId: client.id, role: 3, jobAlertScope: 'firm' });
    const job = await makeJob({ clientId: client.id, status: 2 });
    await changeJobStatus(userPrincipal(op), job.id, {
      toStatus: 3,
      comment: 'Need the practice note signed, please.',
      visibility: 'client',
    });
    const me: Actor = {
      userId: user.id,
      clientId: client.id,
      role: 3,
      userName: user.userName,
      timeZone: 'Australia/Sydney',
      sessionId: 's',
    };
    const bell = await t.db().select().from(userNews).where(eq(userNews.userId, user.id));
    expect(bell.map((n) => [n.title, n.inBell])).toEqual([
      [`Job ${job.jmsNumber} is now On Hold: Need the practice note signed, please.`, true],
    ]);
    expect((await jobThread(me, job.id)).map((m) => [m.side, m.authorName, m.body])).toEqual([
      ['staff', 'Oakley Operator', 'On Hold: Need the practice note signed, please.'],
    ]);

    // An internal note stays out of both.
    await changeJobStatus(userPrincipal(op), job.id, {
      toStatus: 2,
      comment: 'Chased by phone',
      visibility: 'internal',
    });
    expect((await jobThread(me, job.id)).map((m) => m.body)).toEqual([
      'On Hold: Need the practice note signed, please.',
    ]);
    const titles = (await t.db().select().from(userNews).where(eq(userNews.userId, user.id))).map((n) => n.title);
    expect(titles).toContain(`Job ${job.jmsNumber} is now Started`);
    expect(titles.join(' ')).not.toContain('Chased');
  });

  it('Delivered sets the delivered time; an internal comment stays with staff and out of the alert', async () => {
    const admin = await staff(1);
    const client = await makeClient();
    const user = await makeUser({ clientId: client.id, role: 4, jobAlertScope: 'firm' });
    await t.db().insert(userJobAlerts).values({ userId: user.id, jobStatusId: 8 });
    const job = await makeJob({ clientId: client.id, status: 4 });
    clock.advance(60_000);
    const r = await changeJobStatus(userPrincipal(admin), job.id, {
      toStatus: 8,
      comment: 'Courier left it with reception',
      visibility: 'internal',
      confirmNoDeliverable: true,
    });
    expect(r.deliveredAt?.toISOString()).toBe('2026-11-23T23:16:00.000Z');
    const [row] = await t
      .db()
      .select({ deliveredAt: jobs.deliveredAt, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.id, job.id));
    expect(row).toEqual({ status: 8, deliveredAt: new Date('2026-11-23T23:16:00.000Z') });

    const client4: Actor = {
      userId: user.id,
      clientId: client.id,
      role: 4,
      userName: user.userName,
      timeZone: 'Australia/Sydney',
      sessionId: 's',
    };
    expect(await commentHistoryOf(client4, job.id)).toEqual([]);
    expect((await commentHistoryOf(admin, job.id))?.map((c) => [c.comment, c.isInternal])).toEqual([
      ['Courier left it with reception', true],
    ]);
    const [alert] = await alertsTo(user.email);
    expect(alert?.textBody).not.toContain('Courier');
  });

  it('a refused transition is a 409 with a field message, and writes nothing', async () => {
    const op = await staff();
    const client = await makeClient();
    const user = await makeUser({ clientId: client.id, role: 3 });
    await t
      .db()
      .insert(userJobAlerts)
      .values([
        { userId: user.id, jobStatusId: 12 },
        { userId: user.id, jobStatusId: 2 },
      ]);
    const delivered = await makeJob({ clientId: client.id, status: 8 });
    const started = await makeJob({ clientId: client.id, status: 2 });

    const final = await caught(changeJobStatus(userPrincipal(op), delivered.id, { toStatus: 2, comment: 'again' }));
    expect(final).toBeInstanceOf(ConflictError);
    expect(final).toMatchObject({
      status: 409,
      message: 'A job that is Delivered cannot change status.',
      fields: { toStatus: ['A job that is Delivered cannot change status.'] },
    });
    const back = await caught(changeJobStatus(userPrincipal(op), started.id, { toStatus: 12 }));
    expect(back).toMatchObject({ status: 409, message: 'A job cannot move from Started to Submitted.' });
    const same = await caught(changeJobStatus(userPrincipal(op), started.id, { toStatus: 2 }));
    expect(same).toMatchObject({ status: 409, message: 'The job is already Started.' });
    const stale = await caught(changeJobStatus(userPrincipal(op), started.id, { toStatus: 7, expectedStatus: 12 }));
    expect(stale).toMatchObject({
      status: 409,
      message: "The job's status changed to Started while you were looking at it. Please check it and try again.",
    });
    expect(await caught(changeJobStatus(userPrincipal(op), started.id, { toStatus: 77 }))).toBeInstanceOf(
      ValidationError,
    );
    expect(await caught(changeJobStatus(userPrincipal(op), 2_000_000_000, { toStatus: 2 }))).toBeInstanceOf(
      NotFoundError,
    );

    for (const j of [delivered, started]) {
      const [row] = await t.db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, j.id));
      expect(row?.status).toBe(j.status);
      expect(await t.db().select().from(jobStatusChanges).where(eq(jobStatusChanges.jobId, j.id))).toEqual([]);
      expect(await t.db().select().from(commentHistory).where(eq(commentHistory.jobId, j.id))).toEqual([]);
    }
    expect(await alertsTo(user.email)).toEqual([]);
  });

  it('Delivered with no delivered file is refused (409 on confirmNoDeliverable) until confirmed; with a file it needs no confirmation', async () => {
    const op = await staff();
    const client = await makeClient();
    const bare = await makeJob({ clientId: client.id, status: 4 });
    const refused = await caught(changeJobStatus(userPrincipal(op), bare.id, { toStatus: 8 }));
    expect(refused).toMatchObject({
      status: 409,
      message: 'No file has been delivered for this job. Set it to Delivered anyway?',
      fields: { confirmNoDeliverable: ['No file has been delivered for this job. Set it to Delivered anyway?'] },
    });
    const [still] = await t.db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, bare.id));
    expect(still?.status).toBe(4);
    expect(await t.db().select().from(jobStatusChanges).where(eq(jobStatusChanges.jobId, bare.id))).toEqual([]);
    const confirmed = await changeJobStatus(userPrincipal(op), bare.id, { toStatus: 8, confirmNoDeliverable: true });
    expect(confirmed.toStatus).toBe(8);

    // A removed deliverable does not count; one still there does.
    const filed = await makeJob({ clientId: client.id, status: 14 });
    const file = { clientId: client.id, jobId: filed.id, fileName: 'done.pdf', size: 10, kind: 'deliverable' as const };
    await t
      .db()
      .insert(documents)
      .values({ ...file, storageKey: randomUUID(), deletedAt: new Date() });
    expect(await caught(changeJobStatus(userPrincipal(op), filed.id, { toStatus: 8 }))).toMatchObject({ status: 409 });
    await t
      .db()
      .insert(documents)
      .values({ ...file, storageKey: randomUUID() });
    expect((await changeJobStatus(userPrincipal(op), filed.id, { toStatus: 8 })).toStatus).toBe(8);
  });

  it('client roles may not change a status (403); a system actor may, named in place of a user', async () => {
    const client = await makeClient();
    const job = await makeJob({ clientId: client.id, status: 12 });
    for (const role of [3, 4, 5, 6, 7, 8] as const) {
      const c = await signedIn(role, client.id);
      expect(await caught(changeJobStatus(userPrincipal(c.actor), job.id, { toStatus: 2 }))).toBeInstanceOf(
        ForbiddenError,
      );
    }
    const r = await changeJobStatus(systemPrincipal('JMS integration'), job.id, {
      toStatus: 1,
      comment: 'Booked in the JMS',
    });
    expect(r.changedBy).toBe('JMS integration');
    const [row] = await t.db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 1, statusLastModifiedById: null, statusLastModifiedBy: 'JMS integration' });
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.job.status'), eq(auditLog.targetId, String(job.id))));
    expect(audit).toMatchObject({
      actorUserId: null,
      details: { system: 'JMS integration', from: 'Submitted', to: 'Not Started' },
    });
  });

  it('two changes of one job at once: one wins, the other is refused (row lock + the status each caller saw)', async () => {
    const a = await staff();
    const b = await staff();
    const job = await makeJob({ clientId: (await makeClient()).id, status: 12 });
    const results = await Promise.allSettled([
      changeJobStatus(userPrincipal(a), job.id, { toStatus: 2, expectedStatus: 12 }),
      changeJobStatus(userPrincipal(b), job.id, { toStatus: 3, expectedStatus: 12 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused && refused.status === 'rejected' && refused.reason).toBeInstanceOf(ConflictError);
    expect(await t.db().select().from(jobStatusChanges).where(eq(jobStatusChanges.jobId, job.id))).toHaveLength(1);
  });

  it('digest users: no e-mail per change, one digest at the next 08:00 in their zone, sent once by competing senders', async () => {
    const op = await staff();
    const client = await makeClient();
    const digest = await makeUser({
      clientId: client.id,
      role: 3,
      timeZone: 'Australia/Perth',
      jobAlertMode: 'digest',
      firstName: 'Dana',
      jobAlertScope: 'firm',
    });
    await t
      .db()
      .insert(userJobAlerts)
      .values([
        { userId: digest.id, jobStatusId: 2 },
        { userId: digest.id, jobStatusId: 4 },
      ]);
    // The first job is Dana's own; the second is a colleague's, followed because Dana follows the firm's jobs.
    const j1 = await makeJob({ clientId: client.id, status: 12, createdById: digest.id, contactName: 'Dana Own' });
    const j2 = await makeJob({ clientId: client.id, status: 2, contactName: 'Sam Vale' });
    // 07:20 in Perth on 24 November.
    clock.set('2026-11-23T23:20:00Z');
    const r1 = await changeJobStatus(userPrincipal(op), j1.id, { toStatus: 2, comment: 'On the press' });
    clock.advance(10 * 60_000);
    await changeJobStatus(userPrincipal(op), j2.id, { toStatus: 4, comment: 'Not for you', visibility: 'internal' });
    expect(r1.alerts).toEqual({ instant: 0, digest: 1 });
    expect(await alertsTo(digest.email)).toEqual([]);
    const [due] = await t.db().select().from(jobAlertDigests).where(eq(jobAlertDigests.userId, digest.id));
    // 08:00 in Perth (UTC+8) on 24 November.
    expect(due?.dueAt.toISOString()).toBe('2026-11-24T00:00:00.000Z');

    expect(await sendDueDigests()).toBe(0);
    clock.set('2026-11-24T00:00:30Z');
    const sent = await Promise.all([sendDueDigests(), sendDueDigests(), sendDueDigests()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const mails = await alertsTo(digest.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: JOB_ALERT_DIGEST_KIND, subject: 'Your JMS job alerts: 2 status changes' });
    expect(mails[0]?.textBody).toContain(
      `Job ${j1.jmsNumber} (${j1.matterReference}) is now Started: 24-Nov-2026 07:20 AM`,
    );
    expect(mails[0]?.textBody).toContain('Comment: On the press');
    expect(mails[0]?.textBody).toContain(
      `Job ${j2.jmsNumber} (${j2.matterReference}) is now Ready For Delivery: 24-Nov-2026 07:30 AM`,
    );
    expect(mails[0]?.textBody).not.toContain('Not for you');
    // Whose job each line is, when it is not the reader's own.
    const text = mails[0]?.textBody ?? '';
    expect(text.match(/Whose job: .*/g)).toEqual(['Whose job: Sam Vale']);
    expect(text.indexOf('Whose job: Sam Vale')).toBeGreaterThan(text.indexOf(`Job ${j2.jmsNumber}`));
    expect(text).not.toContain('Dana Own');
    expect(await t.db().select().from(jobAlertDigestItems).where(eq(jobAlertDigestItems.userId, digest.id))).toEqual(
      [],
    );
    expect(await sendDueDigests()).toBe(0);
  });
});
