/**
 * The comment history of a job (spec §7 GET api/CommentHistory/CommentHistoryDetail/{id}): what the provider's
 * operations wrote on the job, with the status at the time, oldest first.
 *
 * - A client user reads the comments of their own client's jobs, never the internal-only ones.
 * - Staff (the staff policy's 'jobs.read') read every job's comments, internal ones included and marked.
 * Anyone else, or another client's job, answers null (404 at the adapters).
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { commentHistory, jobs } from '@/db/schema';
import { tenantScope } from '@/lib/core/tenancy';
import { isClientActor, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/core/authorize';
import { isStaffActor, staffPolicy } from '@/lib/core/staff-policy';

export interface JobComment {
  id: number;
  jobId: number;
  comment: string;
  statusId: number | null;
  createdByName: string;
  createdAt: Date;
  /** Internal only (staff see it; clients never receive it). */
  isInternal: boolean;
}

/** The comments of a job the actor may read; null when the job is missing or not theirs. */
export async function commentHistoryOf(actor: Actor, jobId: number): Promise<JobComment[] | null> {
  let jobScope: SQL | undefined;
  let visible: SQL | undefined;
  if (isClientActor(actor)) {
    jobScope = tenantScope(jobs.clientId, actor);
    visible = eq(commentHistory.isInternal, false);
  } else if (isStaffActor(actor)) {
    authorize(actor, 'jobs.read', staffPolicy);
  } else {
    return null;
  }
  if (!Number.isInteger(jobId) || jobId < 1 || jobId > 2_147_483_647) return null;
  const db = await getDb();
  const [job] = await db
    .select({ id: jobs.id, clientId: jobs.clientId })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), jobScope))
    .limit(1);
  if (!job) return null;
  return db
    .select({
      id: commentHistory.id,
      jobId: commentHistory.jobId,
      comment: commentHistory.comment,
      statusId: commentHistory.statusId,
      createdByName: commentHistory.createdByName,
      createdAt: commentHistory.createdAt,
      isInternal: commentHistory.isInternal,
    })
    .from(commentHistory)
    .where(and(eq(commentHistory.jobId, job.id), eq(commentHistory.clientId, job.clientId), visible))
    .orderBy(asc(commentHistory.createdAt), asc(commentHistory.id));
}
