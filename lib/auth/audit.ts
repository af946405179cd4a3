/** Audit rows for sign-in events (audit_log), written in the caller's transaction. No secrets in details. */
import type { Queryable } from '@/db/client';
import { auditLog } from '@/db/schema';
import { now } from '@/lib/clock';

export type AuthAuditAction =
  | 'signin.failed'
  | 'signin.blocked'
  | 'signin.locked'
  | 'signin.otp_sent'
  | 'signin.otp_resent'
  | 'signin.success'
  | 'signin.change_password'
  | 'signin.deactivated'
  | 'signin.sso'
  | 'signin.sso_failed'
  | 'signout'
  | 'access.denied'
  | 'twofactor.enrolled'
  | 'twofactor.removed'
  | 'twofactor.recovery_used';

export interface AuthAuditEntry {
  action: AuthAuditAction;
  userId?: number | null;
  clientId?: number | null;
  /** 'user' (an account), 'user_name' (an unknown name, keyed by nameKey), 'session'. */
  targetType: 'user' | 'user_name' | 'session' | 'page';
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export async function auditAuth(q: Queryable, e: AuthAuditEntry): Promise<void> {
  await q.insert(auditLog).values({
    actorUserId: e.userId ?? null,
    clientId: e.clientId ?? null,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId ?? null,
    details: e.details ?? null,
    createdAt: now(),
  });
}
