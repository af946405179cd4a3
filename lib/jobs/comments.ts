/**
 * The comment history of a job (spec §7 GET api/CommentHistory/CommentHistoryDetail/{id}): what the provider's
 * operations wrote on the job, with the status at the time, oldest first. Only jobs of the actor's client.
 */
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { commentHistory, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { clientIdOf } from './queries';

export interface JobComment {
  id: number;
  jobId: number;
  comment: string;
  statusId: number | null;
  createdByName: string;
  createdAt: Date;
}

/** The comments of a job of the actor's client; null when the job is missing or another client's. */
export async function commentHistoryOf(actor: Actor, jobId: number): Promise<JobComment[] | null> {
  const clientId = clientIdOf(actor);
  const db = await getDb();
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.clientId, clientId))).limit(1);
  if (!job) return null;
  return db
    .select({
      id: commentHistory.id,
      jobId: commentHistory.jobId,
      comment: commentHistory.comment,
      statusId: commentHistory.statusId,
      createdByName: commentHistory.createdByName,
      createdAt: commentHistory.createdAt,
    })
    .from(commentHistory)
    .where(and(eq(commentHistory.jobId, job.id), eq(commentHistory.clientId, clientId)))
    .orderBy(asc(commentHistory.createdAt), asc(commentHistory.id));
}
