/**
 * The one writer of audit rows (audit_log): who did what, in which client, from where. Rows are append-only
 * (a database trigger refuses UPDATE, DELETE and TRUNCATE); details never hold secrets (passwords, codes,
 * tokens, hashes) nor the values of changed fields, only their names.
 *
 * The request's client IP and User-Agent are read from the current request (server action, page or route
 * handler) when there is one; a caller that writes after the response has started (a streamed export)
 * captures them first with requestMeta() and passes them in.
 */
import type { Queryable } from '@/db/client';
import { auditLog } from '@/db/schema';
import { now } from '@/lib/clock';
import { requestMeta, type RequestMeta } from '@/lib/core/principal';

export { metaFromHeaders, NO_REQUEST, requestMeta, type RequestMeta } from '@/lib/core/principal';

export interface AuditEntry {
  action: string;
  /** Who did it (null: nobody signed in, e.g. an unknown user name). */
  actorUserId?: number | null;
  /** Whose event it is: the client it belongs to (null for internal staff and unknown names). */
  clientId?: number | null;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown> | null;
  /** Defaults to the current request's (requestMeta). */
  meta?: RequestMeta;
}

export async function recordAudit(q: Queryable, e: AuditEntry): Promise<void> {
  const meta = e.meta ?? (await requestMeta());
  await q.insert(auditLog).values({
    actorUserId: e.actorUserId ?? null,
    clientId: e.clientId ?? null,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId ?? null,
    details: e.details ?? null,
    createdAt: now(),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}
