/**
 * Changes after ordering. While a job is Submitted or Not Started the firm changes it itself: it
 * cancels it (with a reason) or amends it (contact, dates, instructions, files) through the order form and the
 * same validation (saveJob's checkOrder). Once work has started the same buttons send a request that staff
 * accept or decline on the staff job page.
 *
 * Every change, applied or asked for, is written in one transaction with: a row in the job's status history
 * (job_status_changes; an amendment keeps its status, from = to), a comment the client sees in the comment
 * history, the audit row (recordAudit: the firm's activity log), and a mail to the provider's operations inbox
 * (OPS_EMAIL) through the outbox. A cancellation is a status change: it goes through the workflow's one writer
 * (lib/jobs/workflow.ts writeStatusChange), so the firm's other users hear of it in their bell and open pages.
 * The job row is locked, so a change never races a status change.
 * Another firm's job, a missing one and another firm's request are a 404.
 */
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Tx } from '@/db/client';
import { commentHistory, jobChangeRequests, jobs, jobStatusChanges, users } from '@/db/schema';
import { isClientActor, type Actor, type ClientActor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { ConflictError, NotFoundError, parseOrThrow } from '@/lib/core/errors';
import { actorFromUser, NO_SESSION, userPrincipal } from '@/lib/core/principal';
import { staffPolicy } from '@/lib/core/staff-policy';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { attachDocuments } from '@/lib/documents/job-files';
import { enqueueMail } from '@/lib/mail/outbox';
import { statusLabel } from '@/lib/reference';
import { textProblem } from '@/lib/validation-rules';
import { clientMayChange } from './files';
import { checkOrder, orderColumns } from './save';
import { byKey } from '@/lib/job-fields';
import { writeStatusChange } from './workflow';
import { STATUS } from './workflow-rules';

export const CHANGE_MSG = {
  reasonRequired: 'Please say why the job is cancelled.',
  closed: (status: number) => `The job is ${statusLabel(status)}: it can no longer be changed.`,
  pending: 'A change request for this job is already waiting for the provider.',
  decided: 'This request has already been decided.',
  cancelled: 'The job has been cancelled.',
  cancelRequested: 'Your cancellation request has been sent to the provider.',
  amended: 'The job has been amended.',
  amendRequested: 'Your change request has been sent to the provider.',
} as const;

/** The cancel form (browser-safe schema: the reason, plain text). */
export const cancelSchema = z.object({ reason: z.string() }).superRefine((v, ctx) => {
  const problem = v.reason.trim() === '' ? CHANGE_MSG.reasonRequired : textProblem(v.reason, 2000);
  if (problem) ctx.addIssue({ code: 'custom', path: ['reason'], message: problem });
});

export interface ChangeOutcome {
  /** true: the change was made; false: it was sent to staff as a request. */
  applied: boolean;
  message: string;
}

interface LockedJob {
  id: number;
  clientId: number;
  jmsNumber: string;
  status: number;
  orderType: number;
  matterReference: string;
  description: string;
}

async function lockJob(tx: Tx, a: ClientActor, jobId: number): Promise<LockedJob> {
  if (!Number.isInteger(jobId) || jobId < 1 || jobId > 2_147_483_647) throw new NotFoundError();
  const [job] = await tx
    .select({
      id: jobs.id,
      clientId: jobs.clientId,
      jmsNumber: jobs.jmsNumber,
      status: jobs.status,
      orderType: jobs.orderType,
      matterReference: jobs.matterReference,
      description: jobs.description,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), tenantScope(jobs.clientId, a)))
    .for('update')
    .limit(1);
  if (!job) throw new NotFoundError();
  if (job.status === STATUS.cancelled || job.status === STATUS.delivered)
    throw new ConflictError(CHANGE_MSG.closed(job.status));
  return job;
}

async function nameOf(tx: Tx, userId: number, fallback: string): Promise<string> {
  const [u] = await tx
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return (u ? `${u.first} ${u.last}`.trim() : '') || fallback;
}

/** The status history row and the client-visible comment of one change. */
async function history(
  tx: Tx,
  job: LockedJob,
  to: number,
  who: { id: number | null; name: string },
  comment: string,
  at: Date,
): Promise<void> {
  const [c] = await tx
    .insert(commentHistory)
    .values({
      jobId: job.id,
      clientId: job.clientId,
      comment,
      statusId: to,
      createdByName: who.name,
      createdById: who.id,
      isInternal: false,
      createdAt: at,
    })
    .returning({ id: commentHistory.id });
  // A status line only when the status moves: an amendment or a request leaves it, and 'Submitted → Submitted'
  // would say nothing.
  if (to === job.status) return;
  await tx.insert(jobStatusChanges).values({
    jobId: job.id,
    clientId: job.clientId,
    fromStatus: job.status,
    toStatus: to,
    changedById: who.id,
    changedByName: who.name,
    commentId: c?.id ?? null,
    createdAt: at,
  });
}

async function tellStaff(tx: Tx, job: LockedJob, what: string, lines: string[]): Promise<void> {
  const c = config();
  await enqueueMail(tx, {
    to: c.OPS_EMAIL ?? c.SUPPORT_EMAIL,
    kind: 'job-change',
    props: { jobId: job.id, jmsNumber: job.jmsNumber, what, lines },
  });
}

async function pendingExists(tx: Tx, jobId: number): Promise<boolean> {
  const [r] = await tx
    .select({ id: jobChangeRequests.id })
    .from(jobChangeRequests)
    .where(and(eq(jobChangeRequests.jobId, jobId), eq(jobChangeRequests.status, 'pending')))
    .limit(1);
  return Boolean(r);
}

/** Cancels the job through the one status change (lib/jobs/workflow.ts): its history, news and alerts. */
async function cancelNow(
  tx: Tx,
  job: LockedJob,
  who: { id: number | null; name: string },
  reason: string,
  at: Date,
): Promise<void> {
  await writeStatusChange(tx, job, {
    to: STATUS.cancelled,
    who: { userId: who.id, name: who.name },
    comment: { text: `Cancelled: ${reason}`, internal: false },
    newsComment: reason,
    at,
  });
}

/** The firm cancels its job (Submitted, Not Started), or asks staff to (once work has started). */
export async function cancelJob(
  actor: Actor,
  jobId: number,
  input: z.input<typeof cancelSchema>,
): Promise<ChangeOutcome> {
  const a = requireTenant(actor);
  const { reason } = parseOrThrow(cancelSchema, input);
  const text = reason.trim();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, a, jobId);
    const at = now();
    const who = { id: a.userId, name: await nameOf(tx, a.userId, a.userName) };
    const by = userPrincipal(a);
    if (clientMayChange(job.status)) {
      await cancelNow(tx, job, who, text, at);
      await recordAudit(tx, by, {
        action: 'job.cancel',
        clientId: job.clientId,
        targetType: 'job',
        targetId: job.id,
        details: { jmsNumber: job.jmsNumber, from: statusLabel(job.status), reason: text },
      });
      await tellStaff(tx, job, 'cancelled by the client', [
        `${who.name} cancelled job ${job.jmsNumber} (was ${statusLabel(job.status)}).`,
        `Reason: ${text}`,
      ]);
      return { applied: true, message: CHANGE_MSG.cancelled };
    }
    if (await pendingExists(tx, job.id)) throw new ConflictError(CHANGE_MSG.pending);
    const [req] = await tx
      .insert(jobChangeRequests)
      .values({
        jobId: job.id,
        clientId: job.clientId,
        kind: 'cancel',
        reason: text,
        requestedById: a.userId,
        requestedByName: who.name,
        createdAt: at,
      })
      .returning({ id: jobChangeRequests.id });
    await history(tx, job, job.status, who, `Cancellation requested: ${text}`, at);
    await recordAudit(tx, by, {
      action: 'job.change_requested',
      clientId: job.clientId,
      targetType: 'job',
      targetId: job.id,
      details: { jmsNumber: job.jmsNumber, kind: 'cancel', requestId: req?.id ?? null, reason: text },
    });
    await tellStaff(tx, job, 'cancellation requested', [
      `${who.name} asks to cancel job ${job.jmsNumber} (${statusLabel(job.status)}).`,
      `Reason: ${text}`,
      'Accept or decline it on the staff job page.',
    ]);
    return { applied: false, message: CHANGE_MSG.cancelRequested };
  });
}

/** What the client sees for each column an amendment can change (the order form's own words). */
export const AMENDED_FIELD_LABELS: Record<string, string> = {
  orderType: 'order type',
  contactName: 'contact name',
  email: 'e-mail',
  contactPhone: 'contact phone',
  afterHourContactNumber: 'after-hours contact number',
  costEstimateNumber: 'cost estimate number',
  matterReference: 'matter reference',
  clientBranchAddressId: 'branch address',
  address: 'branch address',
  ...byKey((f) => f.amended),
  readyAt: 'ready time',
  dueAt: 'due time',
  timeZone: 'time zone',
  instructions: 'instructions',
  numberOfCopies: 'number of copies',
  whatToCollect: 'what to collect',
  copyAsOriginal: 'copy as original',
  instructionBlock: 'job details',
};

/** The fields an amendment changed, in words, each once (for the history and the activity log). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  return [...new Set(keys.flatMap((k) => (k === 'description' ? [] : [AMENDED_FIELD_LABELS[k] ?? k])))];
}

async function applyAmendment(
  tx: Tx,
  job: LockedJob,
  a: ClientActor,
  columns: ReturnType<typeof orderColumns>,
  documentIds: readonly number[],
  who: { id: number | null; name: string },
  at: Date,
): Promise<string[]> {
  const [before] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).limit(1);
  const changed = changedFields((before ?? {}) as Record<string, unknown>, columns as Record<string, unknown>);
  await tx
    .update(jobs)
    .set({ ...columns, updatedAt: at, lastModifiedById: a.userId })
    .where(eq(jobs.id, job.id));
  const attached = documentIds.length > 0 ? await attachDocuments(tx, a, documentIds, job.id) : [];
  const parts = [
    ...changed,
    ...(attached.length ? [`${attached.length} file${attached.length === 1 ? '' : 's'} added`] : []),
  ];
  await history(tx, job, job.status, who, `Amended: ${parts.length ? parts.join(', ') : 'no change'}`, at);
  return parts;
}

/**
 * The firm amends its job with the order form's values (validated exactly as a new order) and new uploads; once
 * work has started the amendment is sent to staff as a request instead.
 */
export async function amendJob(
  actor: Actor,
  jobId: number,
  values: unknown,
  documentIds: readonly number[] = [],
): Promise<ChangeOutcome> {
  const a = requireTenant(actor);
  const { order, address } = await checkOrder(a, values);
  const columns = orderColumns(order, address);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, a, jobId);
    const at = now();
    const who = { id: a.userId, name: await nameOf(tx, a.userId, a.userName) };
    const by = userPrincipal(a);
    if (clientMayChange(job.status)) {
      const parts = await applyAmendment(tx, job, a, columns, documentIds, who, at);
      await recordAudit(tx, by, {
        action: 'job.amend',
        clientId: job.clientId,
        targetType: 'job',
        targetId: job.id,
        details: { jmsNumber: job.jmsNumber, changed: parts },
      });
      await tellStaff(tx, job, 'amended by the client', [
        `${who.name} amended job ${job.jmsNumber} (${statusLabel(job.status)}).`,
        `Changed: ${parts.join(', ') || 'nothing'}`,
      ]);
      return { applied: true, message: CHANGE_MSG.amended };
    }
    if (await pendingExists(tx, job.id)) throw new ConflictError(CHANGE_MSG.pending);
    const [req] = await tx
      .insert(jobChangeRequests)
      .values({
        jobId: job.id,
        clientId: job.clientId,
        kind: 'amend',
        values: values as Record<string, unknown>,
        documentIds: [...documentIds],
        requestedById: a.userId,
        requestedByName: who.name,
        createdAt: at,
      })
      .returning({ id: jobChangeRequests.id });
    await history(tx, job, job.status, who, 'Amendment requested', at);
    await recordAudit(tx, by, {
      action: 'job.change_requested',
      clientId: job.clientId,
      targetType: 'job',
      targetId: job.id,
      details: { jmsNumber: job.jmsNumber, kind: 'amend', requestId: req?.id ?? null },
    });
    await tellStaff(tx, job, 'amendment requested', [
      `${who.name} asks to amend job ${job.jmsNumber} (${statusLabel(job.status)}).`,
      'Accept or decline it on the staff job page.',
    ]);
    return { applied: false, message: CHANGE_MSG.amendRequested };
  });
}

export interface ChangeRequestView {
  id: number;
  jobId: number;
  kind: 'cancel' | 'amend';
  reason: string;
  status: 'pending' | 'accepted' | 'declined';
  requestedByName: string;
  createdAt: Date;
  decidedByName: string | null;
  decisionNote: string | null;
}

const requestColumns = {
  id: jobChangeRequests.id,
  jobId: jobChangeRequests.jobId,
  kind: jobChangeRequests.kind,
  reason: jobChangeRequests.reason,
  status: jobChangeRequests.status,
  requestedByName: jobChangeRequests.requestedByName,
  createdAt: jobChangeRequests.createdAt,
  decidedByName: jobChangeRequests.decidedByName,
  decisionNote: jobChangeRequests.decisionNote,
};

/** A job's change requests, oldest first: for its firm's users, or for staff ('jobs.read'). Others: 404. */
export async function changeRequestsOf(actor: Actor, jobId: number): Promise<ChangeRequestView[]> {
  const db = await getDb();
  if (actor.clientId === null) {
    authorize(actor, 'jobs.read', staffPolicy);
    return db
      .select(requestColumns)
      .from(jobChangeRequests)
      .where(eq(jobChangeRequests.jobId, jobId))
      .orderBy(asc(jobChangeRequests.id));
  }
  const a = requireTenant(actor);
  return db
    .select(requestColumns)
    .from(jobChangeRequests)
    .where(and(eq(jobChangeRequests.jobId, jobId), tenantScope(jobChangeRequests.clientId, a)))
    .orderBy(asc(jobChangeRequests.id));
}

/**
 * Staff ('jobs.status') accept or decline a pending request. Accepting a cancellation cancels the job; accepting
 * an amendment applies it (validated again as the firm's order, in the requester's name for the files). Either way
 * the history, the client-visible comment, the audit row and the alert are written with the decision.
 */
export async function decideChangeRequest(
  staffActor: Actor,
  requestId: number,
  accept: boolean,
  note = '',
): Promise<void> {
  const staff = authorize(staffActor, 'jobs.status', staffPolicy);
  const db = await getDb();
  const [req] = await db.select().from(jobChangeRequests).where(eq(jobChangeRequests.id, requestId)).limit(1);
  if (!req) throw new NotFoundError();
  const [requester] = await db.select().from(users).where(eq(users.id, req.requestedById)).limit(1);
  // The amendment is validated again, as the requester's order (their firm, their zone).
  const asRequester = requester ? actorFromUser(requester, NO_SESSION) : null;
  const requesterActor = asRequester && isClientActor(asRequester) ? asRequester : null;
  const checked =
    accept && req.kind === 'amend' && requesterActor ? await checkOrder(requesterActor, req.values ?? {}) : null;
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        id: jobs.id,
        clientId: jobs.clientId,
        jmsNumber: jobs.jmsNumber,
        status: jobs.status,
        orderType: jobs.orderType,
        matterReference: jobs.matterReference,
        description: jobs.description,
      })
      .from(jobs)
      .where(eq(jobs.id, req.jobId))
      .for('update')
      .limit(1);
    if (!job) throw new NotFoundError();
    const [open] = await tx
      .update(jobChangeRequests)
      .set({
        status: accept ? 'accepted' : 'declined',
        decidedById: staff.userId,
        decidedByName: await nameOf(tx, staff.userId, staff.userName),
        decisionNote: note.trim() || null,
        decidedAt: now(),
      })
      .where(and(eq(jobChangeRequests.id, req.id), eq(jobChangeRequests.status, 'pending')))
      .returning({ id: jobChangeRequests.id });
    if (!open) throw new ConflictError(CHANGE_MSG.decided);
    const at = now();
    const who = { id: staff.userId, name: await nameOf(tx, staff.userId, staff.userName) };
    const by = userPrincipal(staff);
    const kindText = req.kind === 'cancel' ? 'cancellation' : 'amendment';
    if (!accept) {
      await history(
        tx,
        job,
        job.status,
        who,
        `Your ${kindText} request was declined${note.trim() ? `: ${note.trim()}` : '.'}`,
        at,
      );
    } else if (req.kind === 'cancel') {
      if (job.status === STATUS.cancelled || job.status === STATUS.delivered)
        throw new ConflictError(CHANGE_MSG.closed(job.status));
      await cancelNow(tx, job, who, req.reason, at);
    } else if (checked && requesterActor) {
      await applyAmendment(
        tx,
        job,
        requesterActor,
        orderColumns(checked.order, checked.address),
        req.documentIds ?? [],
        who,
        at,
      );
    }
    await recordAudit(tx, by, {
      action: accept ? 'ops.job.change_accepted' : 'ops.job.change_declined',
      clientId: job.clientId,
      targetType: 'job',
      targetId: job.id,
      details: { jmsNumber: job.jmsNumber, kind: req.kind, requestId: req.id, note: note.trim() || null },
    });
  });
}
