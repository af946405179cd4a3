/**
 * One job as staff see it: everything the client sent (the slip: every field, the instruction block,
 * the source file), the internal instructions, the comment history with internal comments, the status history,
 * the statuses it may move to, and the slip data staff keep (LIO number, matter type; the document id is the
 * source file's). Staff only ('jobs.read'; changing slip data: 'jobs.status').
 */
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { NotFoundError, parseOrThrow } from '@/lib/core/errors';
import { commentHistoryOf, type JobComment } from '@/lib/jobs/comments';
import { jobSlip, type JobSlip, type StatusChangeRow } from '@/lib/jobs/slip';
import { allowedNextStatuses } from '@/lib/jobs/workflow-rules';
import { assigneeOf, assignmentsOf, type AssignmentRow } from '@/lib/jobs/assign';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { liveInvoiceNumberOf } from './invoiced';
import { slipDataSchema, type SlipDataInput } from './job-schema';

export type { StatusChangeRow };

export interface StaffJobView {
  slip: JobSlip;
  comments: JobComment[];
  history: StatusChangeRow[];
  allowedNext: readonly number[];
  /** Who owns the job, and every assignment, oldest first. */
  assignee: { id: number | null; name: string | null };
  assignments: AssignmentRow[];
  /** The live invoice that bills the job ("Invoiced: INV-…"), or null. */
  invoiceNumber: string | null;
}

export async function staffJob(actor: Actor, id: number): Promise<StaffJobView | null> {
  const staff = authorize(actor, 'jobs.read', staffPolicy);
  const slip = await jobSlip(staff, id);
  if (!slip) return null;
  const [comments, assignee, assignments, invoiceNumber] = await Promise.all([
    commentHistoryOf(staff, slip.id),
    assigneeOf(slip.id),
    assignmentsOf(slip.id),
    liveInvoiceNumberOf(slip.id),
  ]);
  return {
    slip,
    comments: comments ?? [],
    history: slip.statusHistory,
    allowedNext: allowedNextStatuses(slip.status),
    assignee,
    assignments,
    invoiceNumber,
  };
}

/** Saves the slip data staff keep on a job (LIO number, matter type); audited with the old and new values. */
export async function updateSlipData(actor: Actor, id: number, input: SlipDataInput): Promise<void> {
  const staff = authorize(actor, 'jobs.status', staffPolicy);
  const data = parseOrThrow(slipDataSchema, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, clientId: jobs.clientId, lioNumber: jobs.lioNumber, matterType: jobs.matterType })
      .from(jobs)
      .where(eq(jobs.id, id))
      .for('update')
      .limit(1);
    if (!job) throw new NotFoundError('Job not found.');
    const at = now();
    await tx
      .update(jobs)
      .set({ lioNumber: data.lioNumber, matterType: data.matterType, lastModifiedById: staff.userId, updatedAt: at })
      .where(eq(jobs.id, job.id));
    await recordAudit(tx, userPrincipal(staff), {
      action: 'ops.job.slip',
      clientId: job.clientId,
      targetType: 'job',
      targetId: job.id,
      details: { before: { lioNumber: job.lioNumber, matterType: job.matterType }, after: data },
    });
  });
}
