/**
 * Bulk actions of the staff queue: change the status of many jobs, or assign them, at once. Each job
 * goes through the one service (the workflow, lib/jobs/workflow.ts; ownership, lib/jobs/assign.ts) in its own
 * transaction, so one refusal changes nothing else: the outcome lists every job done and every job refused
 * (409 and why, or 404 for a job that has gone). Staff only ('jobs.status'), checked here and by the services.
 * "All matching" reads the ids of the queue's filters, in its order, at most BULK_MAX. Delivered asks first: when
 * jobs that could become Delivered have no delivered file and the person has not confirmed it, nothing changes and
 * the refusal (409 on confirmNoDeliverable) names those jobs, so the queue asks once for the whole selection.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { documents, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { AppError, ConflictError, ForbiddenError, parseOrThrow, ValidationError } from '@/lib/core/errors';
import type { Principal } from '@/lib/core/principal';
import { staffPolicy } from '@/lib/core/staff-policy';
import { assignJob } from '@/lib/jobs/assign';
import { jobListOrder } from '@/lib/jobs/list-sql';
import { changeJobStatus } from '@/lib/jobs/workflow';
import { canTransition, STATUS, WORKFLOW_MSG } from '@/lib/jobs/workflow-rules';
import { statusLabel } from '@/lib/reference';
import { BULK_MAX, BULK_MSG, BULK_NAMED_MAX, bulkSchema, type BulkInput, type BulkOutcome } from './bulk-schema';
import { queueWhere } from './queue';

/** The ids of the selection, in the order they will be tried. Throws ValidationError when more than BULK_MAX match. */
async function selectedIds(
  actor: Actor & { userId: number; timeZone: string },
  selection: ReturnType<typeof bulkSchema.parse>['selection'],
): Promise<number[]> {
  const db = await getDb();
  if (selection.kind === 'ids') return [...new Set(selection.jobIds)];
  const q = selection.query;
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(queueWhere(q, now(), actor.timeZone, actor.userId))
    .orderBy(...jobListOrder(q.sortBy, q.sortOrder))
    .limit(BULK_MAX + 1);
  if (rows.length > BULK_MAX) throw new ValidationError({ selection: [BULK_MSG.tooMany] }, BULK_MSG.tooMany);
  if (rows.length === 0) throw new ValidationError({ selection: [BULK_MSG.chooseJobs] }, BULK_MSG.chooseJobs);
  return rows.map((r) => r.id);
}

export async function runBulkAction(by: Principal, input: BulkInput): Promise<BulkOutcome> {
  if (by.kind !== 'user') throw new ForbiddenError();
  const staff = authorize(by.actor, 'jobs.status', staffPolicy);
  const { selection, action } = parseOrThrow(bulkSchema, input);
  const ids = await selectedIds(staff, selection);
  const db = await getDb();
  const found = await db
    .select({ id: jobs.id, jmsNumber: jobs.jmsNumber, status: jobs.status })
    .from(jobs)
    .where(and(inArray(jobs.id, ids)));
  const numbers = new Map(found.map((r) => [r.id, r.jmsNumber]));
  if (action.kind === 'status' && action.toStatus === STATUS.delivered && action.confirmNoDeliverable !== true) {
    const withFile = new Set(
      (
        await db
          .selectDistinct({ jobId: documents.jobId })
          .from(documents)
          .where(and(inArray(documents.jobId, ids), eq(documents.kind, 'deliverable'), isNull(documents.deletedAt)))
      ).map((r) => r.jobId),
    );
    const order = new Map(ids.map((id, i) => [id, i]));
    const unfiled = found
      .filter((r) => !withFile.has(r.id) && canTransition(r.status, STATUS.delivered))
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((r) => r.jmsNumber || String(r.id));
    if (unfiled.length > 0) {
      const message = WORKFLOW_MSG.noDeliverables(
        unfiled.slice(0, BULK_NAMED_MAX),
        Math.max(0, unfiled.length - BULK_NAMED_MAX),
      );
      throw new ConflictError(message, { confirmNoDeliverable: [message] });
    }
  }
  const done: BulkOutcome['done'] = [];
  const refused: BulkOutcome['refused'] = [];
  for (const id of ids) {
    const jmsNumber = numbers.get(id);
    if (jmsNumber === undefined) {
      refused.push({ jobId: id, jmsNumber: '', status: 404, message: WORKFLOW_MSG.jobNotFound });
      continue;
    }
    try {
      if (action.kind === 'status')
        await changeJobStatus(by, id, {
          toStatus: action.toStatus,
          comment: action.comment,
          visibility: action.visibility,
          ...(action.confirmNoDeliverable === true ? { confirmNoDeliverable: true } : {}),
        });
      else await assignJob(by, id, { assigneeId: action.assigneeId });
      done.push({ jobId: id, jmsNumber });
    } catch (e) {
      // A refusal of the service (409 and why; 404; 400) is this job's answer; anything else is a bug.
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      const fieldMessage = Object.values(e.fields ?? {})[0]?.[0];
      refused.push({ jobId: id, jmsNumber, status: e.status, message: fieldMessage ?? e.message });
    }
  }
  const verb = action.kind === 'status' ? `Moved to ${statusLabel(action.toStatus)}:` : 'Assigned:';
  await recordAudit(db, by, {
    action: 'ops.jobs.bulk',
    clientId: null,
    targetType: 'job_queue',
    targetId: null,
    details: {
      action: action.kind === 'status' ? { status: statusLabel(action.toStatus) } : { assigneeId: action.assigneeId },
      selected: ids.length,
      done: done.length,
      refused: refused.map((r) => r.jmsNumber || String(r.jobId)),
    },
  });
  return {
    total: ids.length,
    done,
    refused,
    summary: `${BULK_MSG.summary(done.length, ids.length, verb)} ${BULK_MSG.refusedCount(refused.length)}`,
  };
}
