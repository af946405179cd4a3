/**
 * Job ownership, the one place a job's assignee changes. In one transaction:
 *
 * 1. the job row is locked (FOR UPDATE), so two changes of one job are applied one after the other;
 * 2. the assignee must be an active staff user (roles 1 and 2), or null for nobody; else 400 on `assigneeId`;
 *    assigning a job to the user who already has it is a ConflictError (409), and nothing is written;
 * 3. the job gets its assignee; the change goes into job_assignments (the staff job's history), whose trigger
 *    writes the 'job.assigned' integration event (webhooks, the change feed; migration 0019);
 * 4. the audit row is written in the same transaction.
 *
 * Takes the Principal that acts, like the workflow (lib/jobs/workflow.ts, `resolveChanger`): a staff member
 * ('jobs.status'), an API key (authorised by its route's scope) or a system task.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { jobAssignments, jobs, users } from '@/db/schema';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from '@/lib/core/errors';
import type { Principal } from '@/lib/core/principal';
import { STAFF_ROLES } from '@/lib/reference';
import { ASSIGN_MSG, assignSchema, type AssignInput } from './assign-rules';
import { resolveChanger } from './workflow';
import { WORKFLOW_MSG } from './workflow-rules';

export interface AssignResult {
  jobId: number;
  jmsNumber: string;
  clientId: number;
  fromUserId: number | null;
  fromName: string | null;
  toUserId: number | null;
  toName: string | null;
  changedAt: Date;
  changedBy: string;
}

export interface AssignmentRow {
  id: number;
  fromName: string | null;
  toName: string | null;
  changedByName: string;
  createdAt: Date;
}

export interface StaffChoice {
  id: number;
  name: string;
}

const fullName = (u: { first: string; last: string; userName: string }) => `${u.first} ${u.last}`.trim() || u.userName;

/** Active staff users, by name: whom a job can be assigned to. */
export async function assignableStaff(): Promise<StaffChoice[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, userName: users.userName })
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: fullName(u) }));
}

/** Assigns job `jobId` to a staff user, or to nobody. Throws NotFoundError (404), ValidationError (400) or ConflictError (409). */
export async function assignJob(by: Principal, jobId: number, input: AssignInput): Promise<AssignResult> {
  const who = await resolveChanger(by);
  const { assigneeId } = parseOrThrow(assignSchema, input);
  if (!Number.isInteger(jobId) || jobId < 1 || jobId > 2_147_483_647) throw new NotFoundError(WORKFLOW_MSG.jobNotFound);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, clientId: jobs.clientId, jmsNumber: jobs.jmsNumber, assignedToId: jobs.assignedToId })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('update')
      .limit(1);
    if (!job) throw new NotFoundError(WORKFLOW_MSG.jobNotFound);
    const ids = [assigneeId, job.assignedToId].filter((v): v is number => v !== null);
    const people = ids.length
      ? await tx
          .select({
            id: users.id,
            first: users.firstName,
            last: users.lastName,
            userName: users.userName,
            role: users.role,
            isActive: users.isActive,
            clientId: users.clientId,
          })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const to = assigneeId === null ? null : people.find((p) => p.id === assigneeId);
    if (
      to !== null &&
      (!to || !to.isActive || to.clientId !== null || !(STAFF_ROLES as readonly number[]).includes(to.role))
    ) {
      throw new ValidationError({ assigneeId: [ASSIGN_MSG.notStaff] });
    }
    const from = job.assignedToId === null ? null : people.find((p) => p.id === job.assignedToId);
    const toName = to ? fullName(to) : null;
    const fromName = from ? fullName(from) : null;
    if (job.assignedToId === assigneeId) {
      const message = toName ? ASSIGN_MSG.already(toName) : ASSIGN_MSG.alreadyNobody;
      throw new ConflictError(message, { assigneeId: [message] });
    }
    const at = now();
    await tx.update(jobs).set({ assignedToId: assigneeId }).where(eq(jobs.id, job.id));
    await tx.insert(jobAssignments).values({
      jobId: job.id,
      clientId: job.clientId,
      fromUserId: job.assignedToId,
      fromName,
      toUserId: assigneeId,
      toName,
      changedById: who.userId,
      changedByName: who.name,
      createdAt: at,
    });
    await recordAudit(tx, by, {
      action: 'ops.job.assigned',
      clientId: job.clientId,
      targetType: 'job',
      targetId: job.id,
      details: { jmsNumber: job.jmsNumber, from: fromName, to: toName, ...(who.system ? { system: who.system } : {}) },
    });
    return {
      jobId: job.id,
      jmsNumber: job.jmsNumber,
      clientId: job.clientId,
      fromUserId: job.assignedToId,
      fromName,
      toUserId: assigneeId,
      toName,
      changedAt: at,
      changedBy: who.name,
    };
  });
}

/** A job's assignments, oldest first (staff only: the caller has authorised 'jobs.read'). */
export async function assignmentsOf(jobId: number): Promise<AssignmentRow[]> {
  const db = await getDb();
  return db
    .select({
      id: jobAssignments.id,
      fromName: jobAssignments.fromName,
      toName: jobAssignments.toName,
      changedByName: jobAssignments.changedByName,
      createdAt: jobAssignments.createdAt,
    })
    .from(jobAssignments)
    .where(eq(jobAssignments.jobId, jobId))
    .orderBy(asc(jobAssignments.createdAt), asc(jobAssignments.id));
}

/** Who owns a job now: the staff user's id and name, or nulls. */
export async function assigneeOf(jobId: number): Promise<{ id: number | null; name: string | null }> {
  const db = await getDb();
  const [r] = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, userName: users.userName })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.assignedToId))
    .where(eq(jobs.id, jobId))
    .limit(1);
  return r ? { id: r.id, name: fullName(r) } : { id: null, name: null };
}
