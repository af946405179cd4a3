/**
 * The audit trail of the staff area: every staff action writes one audit_log row, in the transaction of the
 * change it records (so a rolled-back change leaves no row, and a committed one always has its row).
 * Actions are named `ops.<object>.<verb>`; details hold what changed, never secrets.
 */
import type { Queryable } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';

export interface StaffAuditEntry {
  /** e.g. 'ops.job.status', 'ops.invoice.issued', 'ops.client.created'. */
  action: `ops.${string}`;
  /** The client the change concerns (null for staff users and other provider-wide objects). */
  clientId: number | null;
  targetType: string;
  targetId: string | number | null;
  details?: Record<string, unknown>;
}

/**
 * Writes the row. The actor is the staff member, or null for a system actor (the integration API names
 * itself in details.actor).
 */
export async function auditStaff(q: Queryable, actor: Pick<Actor, 'userId'> | null, e: StaffAuditEntry): Promise<void> {
  await q.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    clientId: e.clientId,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId === null ? null : String(e.targetId),
    details: e.details ?? null,
    createdAt: now(),
  });
}
