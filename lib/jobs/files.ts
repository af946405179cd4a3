/**
 * A job's files. Source files the firm adds after ordering: while the provider has not started the job
 * (Submitted or Not Started); once work has started the files are fixed (409). The uploads are the user's own, not
 * yet attached (api/Document/UploadJob/5 or the direct-to-bucket path), and the job then holds at most
 * MAX_JOB_FILES. Another firm's job, or a missing one, is a 404.
 *
 * Finished files staff attach: the deliverable goes through the upload store of
 * lib/documents/deliverables.ts, and in the document row's transaction the firm's users get the news of it
 * (lib/jobs/news.ts: their open job list and slip update, the bell tells the users whose job it is). The staff
 * upload route and the integration API both attach through here.
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { ConflictError, NotFoundError } from '@/lib/core/errors';
import { userPrincipal, type Principal } from '@/lib/core/principal';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { attachDeliverable } from '@/lib/documents/deliverables';
import { attachDocuments } from '@/lib/documents/job-files';
import type { DocumentInfo, UploadInput } from '@/lib/documents/store';
import { NEW_JOB_STATUS } from '@/lib/reference';
import { publishJobNews } from './news';

/** The statuses in which the firm still changes its order itself: Submitted and Not Started. */
export const CLIENT_EDITABLE_STATUSES: readonly number[] = [NEW_JOB_STATUS, 1];

export const JOB_FILES_CHANGE_MSG = {
  started: 'Work on this job has started: files can no longer be added.',
} as const;

export function clientMayChange(status: number): boolean {
  return CLIENT_EDITABLE_STATUSES.includes(status);
}

/** Attaches the actor's uploads to its firm's job while the job is Submitted or Not Started. */
export async function addJobFiles(
  actor: Actor,
  jobId: number,
  documentIds: readonly number[],
): Promise<DocumentInfo[]> {
  const a = requireTenant(actor);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The row is locked: a status change waits, so a file never lands on a job that has just started.
    const [job] = await tx
      .select({ id: jobs.id, status: jobs.status, jmsNumber: jobs.jmsNumber })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), tenantScope(jobs.clientId, a)))
      .for('update')
      .limit(1);
    if (!job) throw new NotFoundError();
    if (!clientMayChange(job.status)) throw new ConflictError(JOB_FILES_CHANGE_MSG.started);
    const attached = await attachDocuments(tx, a, documentIds, job.id);
    await tx.update(jobs).set({ updatedAt: now(), lastModifiedById: a.userId }).where(eq(jobs.id, job.id));
    await recordAudit(tx, userPrincipal(a), {
      clientId: a.clientId,
      action: 'job.files.added',
      targetType: 'job',
      targetId: String(job.id),
      details: {
        jmsNumber: job.jmsNumber,
        documents: attached.map((d) => ({ id: d.id, fileName: d.fileName, size: d.size, sha256: d.sha256 })),
      },
    });
    return attached;
  });
}

/** Attaches a finished file to the job, with its news. */
export async function attachJobFile(by: Principal, jobId: number, input: UploadInput): Promise<DocumentInfo> {
  return attachDeliverable(by, jobId, input, async (tx, row) => {
    const [job] = await tx.select({ jmsNumber: jobs.jmsNumber }).from(jobs).where(eq(jobs.id, row.jobId)).limit(1);
    if (!job) return;
    await publishJobNews(tx, {
      kind: 'job.file_added',
      jobId: row.jobId,
      clientId: row.clientId,
      jmsNumber: job.jmsNumber,
      fileName: row.fileName,
      at: row.createdAt,
    });
  });
}
