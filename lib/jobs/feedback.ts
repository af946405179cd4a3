/**
 * Job feedback (spec §3 "Job feedback": JobFeedBackId, JobId, Comments, FeedBack; §7 POST api/Job/JobFeedBack,
 * GET api/Job/JobFeedback/{id}; §8 'Job feedback saved successfully.').
 *
 * Rules (docs/decisions/005-job-list-and-feedback.md): feedback is a rating from 1 to 5 with optional comments; it can
 * be given once per job, and only once the job is delivered (status 8) — it rates a finished service. Only
 * jobs of the actor's client: another client's job answers like a missing one.
 *
 * The schemas (lib/jobs/feedback-schema.ts, browser-safe) validate the modal and the legacy body.
 */
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { jobFeedback, jobs, users } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { ConflictError, NotFoundError } from '@/lib/core/errors';
import { DELIVERED_STATUS } from '@/lib/reference';
import { FEEDBACK_MSG, type FeedbackForm } from './feedback-schema';
import type { JobFeedbackItem } from './slip';

export * from './feedback-schema';

/** Feedback of a job of the actor's client, oldest first; null when the job is not the actor's client's. */
export async function getJobFeedback(actor: Actor, id: number): Promise<JobFeedbackItem[] | null> {
  const clientId = tenantOf(actor);
  const db = await getDb();
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.clientId, clientId)))
    .limit(1);
  if (!job) return null;
  const rows = await db
    .select({
      id: jobFeedback.id,
      jobId: jobFeedback.jobId,
      feedBack: jobFeedback.feedback,
      comments: jobFeedback.comments,
      createdAt: jobFeedback.createdAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(jobFeedback)
    .leftJoin(users, eq(users.id, jobFeedback.createdById))
    .where(and(eq(jobFeedback.jobId, job.id), eq(jobFeedback.clientId, clientId)))
    .orderBy(asc(jobFeedback.createdAt), asc(jobFeedback.id));
  return rows.map(({ first, last, ...r }) => ({
    ...r,
    createdByName: first === null ? null : `${first} ${last ?? ''}`.trim(),
  }));
}

/**
 * Saves the feedback of a delivered job of the actor's client. The job row is locked for the check, so two
 * concurrent saves (a double click) give one feedback and one ConflictError.
 */
export async function saveJobFeedback(actor: Actor, input: FeedbackForm): Promise<JobFeedbackItem> {
  const clientId = tenantOf(actor);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, status: jobs.status, jmsNumber: jobs.jmsNumber })
      .from(jobs)
      .where(and(eq(jobs.id, input.jobId), eq(jobs.clientId, clientId)))
      .for('update')
      .limit(1);
    if (!job) throw new NotFoundError(FEEDBACK_MSG.jobNotFound);
    if (job.status !== DELIVERED_STATUS) throw new ConflictError(FEEDBACK_MSG.notDelivered);
    const [existing] = await tx
      .select({ id: jobFeedback.id })
      .from(jobFeedback)
      .where(eq(jobFeedback.jobId, job.id))
      .limit(1);
    if (existing) throw new ConflictError(FEEDBACK_MSG.alreadyGiven);
    const [row] = await tx
      .insert(jobFeedback)
      .values({
        jobId: job.id,
        clientId,
        feedback: input.feedBack,
        comments: input.comments.trim(),
        createdById: actor.userId,
        createdAt: now(),
      })
      .returning();
    if (!row) throw new Error('feedback not saved');
    await recordAudit(tx, userPrincipal(actor), {
      action: 'job.feedback',
      clientId,
      targetType: 'job',
      targetId: String(job.id),
      details: { jmsNumber: job.jmsNumber, rating: row.feedback, withComments: row.comments !== '' },
    });
    const [user] = await tx
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, actor.userId))
      .limit(1);
    return {
      id: row.id,
      jobId: row.jobId,
      feedBack: row.feedback,
      comments: row.comments,
      createdAt: row.createdAt,
      createdByName: user ? `${user.first} ${user.last}`.trim() : null,
    };
  });
}
