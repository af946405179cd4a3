/** Audit rows for sign-in events (audit_log), written in the caller's transaction. No secrets in details. */
import type { Queryable } from '@/db/client';
import { recordAudit } from '@/lib/core/audit';
import { anonymousPrincipal, type RequestMeta } from '@/lib/core/principal';

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
  | 'signin.sso_required'
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
  /** Defaults to the current request's IP and User-Agent. */
  meta?: RequestMeta;
}

export async function auditAuth(q: Queryable, e: AuthAuditEntry): Promise<void> {
  // Before (and around) a session there is no signed-in principal: the row names the account it is about.
  await recordAudit(q, anonymousPrincipal(e.meta), {
    action: e.action,
    actorUserId: e.userId ?? null,
    clientId: e.clientId ?? null,
    targetType: e.targetType,
    targetId: e.targetId ?? null,
    details: e.details ?? null,
  });
}
