/**
 * The one writer of audit rows (audit_log): who did what, in which client, from where. Every row of the portal,
 * a client user's, a staff member's, an API key's or background work's, is written here, from the Principal
 * that acted (lib/core/principal.ts):
 *
 * - the acting user: the person of a 'user' principal (or, for sign-in events before a session exists, the
 *   user the entry names);
 * - the caller that is not a person (an API key, a system task) is named in details.actor (callerName), unless
 *   the entry names it itself;
 * - the IP and User-Agent of the principal's request. A principal built without them (NO_REQUEST, e.g. a
 *   service that took only an Actor) takes the current request's (requestMeta), or nulls outside a request; a
 *   caller that writes after the response has started (a streamed export) builds its principal with the meta
 *   it captured before.
 *
 * Rows are append-only (a database trigger refuses UPDATE, DELETE and TRUNCATE); details never hold secrets
 * (passwords, codes, tokens, hashes) nor the values of changed fields, only their names. Written in the
 * caller's transaction when given one, so a rolled-back change leaves no row.
 *
 * This is the floor under the domains (lib/core): it imports no domain folder.
 */
import type { Queryable } from '@/db/client';
import { auditLog } from '@/db/schema';
import { now } from '@/lib/clock';
import { actorOf, callerName, NO_REQUEST, requestMeta, type Principal, type RequestMeta } from './principal';

export interface AuditEntry {
  /** e.g. 'job.create', 'ops.job.status', 'document.deliverable_attached'. */
  action: string;
  /** Whose event it is: the client it belongs to (null for internal staff, provider-wide objects, unknown names). */
  clientId?: number | null;
  targetType: string;
  targetId?: string | number | null;
  details?: Record<string, unknown> | null;
  /**
   * The user the row is about when it is not the principal's person: sign-in events before a session exists
   * (an anonymous principal naming the account), or null to name nobody. Defaults to the principal's user.
   */
  actorUserId?: number | null;
}

/** The IP and browser a row gets: the principal's, or the current request's when it came without them. */
export async function metaOf(by: Principal): Promise<RequestMeta> {
  return by.meta === NO_REQUEST ? requestMeta() : by.meta;
}

/** Writes one audit row for what `by` did. */
export async function recordAudit(q: Queryable, by: Principal, e: AuditEntry): Promise<void> {
  const meta = await metaOf(by);
  const caller = callerName(by);
  const details =
    caller !== null && !(e.details && 'actor' in e.details) ? { ...e.details, actor: caller } : (e.details ?? null);
  await q.insert(auditLog).values({
    actorUserId: e.actorUserId !== undefined ? e.actorUserId : (actorOf(by)?.userId ?? null),
    clientId: e.clientId ?? null,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId === null || e.targetId === undefined ? null : String(e.targetId),
    details,
    createdAt: now(),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}
