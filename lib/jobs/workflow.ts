/**
 * The job workflow service, the one place a job's status changes (spec §4). `writeStatusChange` writes every
 * status change, with its history and its news; `changeJobStatus` is the staff, API and system door to it, and the
 * firm's own cancellation (lib/jobs/changes.ts) is the other. The rules (which status may follow which, the input
 * schema, the messages) are in lib/jobs/workflow-rules.ts; changeJobStatus applies them in one transaction:
 *
 * 1. the job row is locked (FOR UPDATE), so two changes of one job are applied one after the other;
 * 2. a refused change — not allowed from the current status, the same status, or (when the caller says which
 *    status it saw) a status someone else changed meanwhile — is a ConflictError (409) with a field message
 *    on `toStatus`, and nothing is written;
 * 3. (writeStatusChange) the job gets its new status, who changed it and when (StatusLastModifiedBy), and the delivered time when it
 *    becomes Delivered;
 * 4. the optional comment goes into the comment history (client-visible or internal only), and the change
 *    into job_status_changes;
 * 5. the audit row and the news of the change (lib/jobs/news.ts: the users' bell and live pages, and the job
 *    alerts of lib/jobs/alerts.ts, the outbox) are written in the same transaction.
 *
 * Takes the Principal that acts (lib/core/principal.ts): a staff member (checked here against the staff policy,
 * 'jobs.status'), an API key (the integration API, authorised by its adapter's scope) or a system
 * task. The audit row carries the principal's IP and browser.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { getDb, type Queryable, type Tx } from '@/db/client';
import { commentHistory, documents, jobMessages, jobs, jobStatusChanges, users } from '@/db/schema';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { apiKeyName, type Principal } from '@/lib/core/principal';
import { ConflictError, ForbiddenError, NotFoundError, parseOrThrow } from '@/lib/core/errors';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import { statusLabel } from '@/lib/reference';
import { publishJobNews } from './news';
import {
  allowedNextStatuses,
  canTransition,
  STATUS,
  statusChangeSchema,
  WORKFLOW_MSG,
  type StatusChangeInput,
} from './workflow-rules';

export interface StatusChangeResult {
  jobId: number;
  jmsNumber: string;
  clientId: number;
  fromStatus: number;
  toStatus: number;
  changedAt: Date;
  changedBy: string;
  deliveredAt: Date | null;
  commentId: number | null;
  alerts: { instant: number; digest: number };
}

export interface ResolvedChanger {
  userId: number | null;
  name: string;
  system: string | null;
}

/** The policy, in this one place: staff need 'jobs.status'; an API key was authorised by its route's scope. */
export async function resolveChanger(by: Principal): Promise<ResolvedChanger> {
  if (by.kind === 'api-key') return { userId: null, name: apiKeyName(by.key), system: `api_key:${by.key.id}` };
  if (by.kind === 'system') {
    const name = by.name.trim().slice(0, 200);
    if (!name) throw new Error('a system actor needs a name');
    return { userId: null, name, system: name };
  }
  if (by.kind !== 'user') throw new ForbiddenError();
  const staff = authorize(by.actor, 'jobs.status', staffPolicy);
  const db = await getDb();
  const [u] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, staff.userId))
    .limit(1);
  const name = u ? `${u.first} ${u.last}`.trim() : '';
  return { userId: staff.userId, name: name || staff.userName, system: null };
}

/** A status change's client comment as the conversation shows it: 'On Hold: Need the practice note signed.' */
export function statusCommentMessage(status: number, comment: string): string {
  return `${statusLabel(status)}: ${comment}`;
}

function refuse(message: string): never {
  throw new ConflictError(message, { toStatus: [message] });
}

/** The job row a status change is written to, locked FOR UPDATE by the caller's transaction. */
export interface StatusChangeJob {
  id: number;
  clientId: number;
  jmsNumber: string;
  orderType: number;
  matterReference: string;
  description: string;
  status: number;
  deliveredAt?: Date | null;
}

/** One status change, as the caller decided it. */
export interface StatusChangeWrite {
  to: number;
  /** Who changed it (a client user, a staff member, an API key or a system task). */
  who: { userId: number | null; name: string };
  /** The comment written into the job's comment history with the change, client-visible or internal only. */
  comment: { text: string; internal: boolean } | null;
  /** The comment the firm's users are told with the news and the alerts (client-visible only), or null. */
  newsComment: string | null;
  at: Date;
}

/**
 * Writes a status change the caller has already allowed, in the caller's transaction: the job's status, who
 * changed it and when (and the delivered time on Delivered), the comment, the status history row, and the news of
 * the change (lib/jobs/news.ts: every user's live pages, the bell of those it concerns but the one who made it,
 * and the alert e-mails). Every status change of a job goes through here: changeJobStatus for staff, the API and
 * system tasks; lib/jobs/changes.ts for the firm's own cancellation and the cancellation staff accept.
 */
export async function writeStatusChange(
  tx: Tx,
  job: StatusChangeJob,
  w: StatusChangeWrite,
): Promise<{ commentId: number | null; deliveredAt: Date | null; alerts: { instant: number; digest: number } }> {
  const deliveredAt = w.to === STATUS.delivered ? w.at : (job.deliveredAt ?? null);
  await tx
    .update(jobs)
    .set({
      status: w.to,
      statusLastModifiedById: w.who.userId,
      statusLastModifiedBy: w.who.name,
      statusUpdatedAt: w.at,
      updatedAt: w.at,
      ...(w.to === STATUS.delivered ? { deliveredAt: w.at } : {}),
    })
    .where(eq(jobs.id, job.id));

  let commentId: number | null = null;
  if (w.comment) {
    const [c] = await tx
      .insert(commentHistory)
      .values({
        jobId: job.id,
        clientId: job.clientId,
        comment: w.comment.text,
        statusId: w.to,
        createdByName: w.who.name,
        createdById: w.who.userId,
        isInternal: w.comment.internal,
        createdAt: w.at,
      })
      .returning({ id: commentHistory.id });
    commentId = c?.id ?? null;
  }
  await tx.insert(jobStatusChanges).values({
    jobId: job.id,
    clientId: job.clientId,
    fromStatus: job.status,
    toStatus: w.to,
    changedById: w.who.userId,
    changedByName: w.who.name,
    commentId,
    createdAt: w.at,
  });
  const { alerts } = await publishJobNews(tx, {
    kind: 'job.status_changed',
    jobId: job.id,
    clientId: job.clientId,
    jmsNumber: job.jmsNumber,
    orderType: job.orderType,
    matterReference: job.matterReference,
    description: job.description,
    status: w.to,
    comment: w.newsComment,
    at: w.at,
    ...(w.who.userId !== null ? { byUserId: w.who.userId } : {}),
  });
  return { commentId, deliveredAt, alerts };
}

/** Whether the job has a delivered file (a deliverable not removed). */
export async function hasDeliverable(tx: Queryable, jobId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.jobId, jobId), eq(documents.kind, 'deliverable'), isNull(documents.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Moves job `jobId` to a new status. Delivered with no delivered file needs `confirmNoDeliverable`: the person
 * was asked and said yes (the staff forms ask; the integration API's adapter decides for its callers). Throws NotFoundError (404), ValidationError (400) or ConflictError (409).
 */
export async function changeJobStatus(
  by: Principal,
  jobId: number,
  input: StatusChangeInput,
): Promise<StatusChangeResult> {
  const who = await resolveChanger(by);
  const change = parseOrThrow(statusChangeSchema, input);
  if (!Number.isInteger(jobId) || jobId < 1 || jobId > 2_147_483_647) throw new NotFoundError(WORKFLOW_MSG.jobNotFound);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        id: jobs.id,
        clientId: jobs.clientId,
        jmsNumber: jobs.jmsNumber,
        orderType: jobs.orderType,
        matterReference: jobs.matterReference,
        description: jobs.description,
        status: jobs.status,
        deliveredAt: jobs.deliveredAt,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('update')
      .limit(1);
    if (!job) throw new NotFoundError(WORKFLOW_MSG.jobNotFound);

    const from = job.status;
    const to = change.toStatus;
    if (change.expectedStatus !== undefined && change.expectedStatus !== from)
      refuse(WORKFLOW_MSG.changedMeanwhile(from));
    if (from === to) refuse(WORKFLOW_MSG.same(from));
    if (allowedNextStatuses(from).length === 0) refuse(WORKFLOW_MSG.final(from));
    if (!canTransition(from, to)) refuse(WORKFLOW_MSG.notAllowed(from, to));
    if (to === STATUS.delivered && change.confirmNoDeliverable !== true && !(await hasDeliverable(tx, job.id)))
      throw new ConflictError(WORKFLOW_MSG.noDeliverable, { confirmNoDeliverable: [WORKFLOW_MSG.noDeliverable] });

    const at = now();
    const { commentId, deliveredAt, alerts } = await writeStatusChange(tx, job, {
      to,
      who,
      comment: change.comment ? { text: change.comment, internal: change.visibility === 'internal' } : null,
      newsComment: change.comment && change.visibility === 'client' ? change.comment : null,
      at,
    });
    // A comment the client may read is also said in the job's conversation, where they talk with staff (and can
    // answer it), not only in the comment history at the foot of the slip.
    if (change.comment && change.visibility === 'client' && who.userId !== null) {
      await tx.insert(jobMessages).values({
        jobId: job.id,
        clientId: job.clientId,
        side: 'staff',
        authorId: who.userId,
        authorName: who.name,
        body: statusCommentMessage(to, change.comment),
        internal: false,
        createdAt: at,
      });
    }
    await recordAudit(tx, by, {
      action: 'ops.job.status',
      clientId: job.clientId,
      targetType: 'job',
      targetId: job.id,
      details: {
        jmsNumber: job.jmsNumber,
        from: statusLabel(from),
        to: statusLabel(to),
        comment: change.comment ? change.visibility : 'none',
        ...(who.system ? { system: who.system } : {}),
      },
    });
    return {
      jobId: job.id,
      jmsNumber: job.jmsNumber,
      clientId: job.clientId,
      fromStatus: from,
      toStatus: to,
      changedAt: at,
      changedBy: who.name,
      deliveredAt,
      commentId,
      alerts,
    };
  });
}
