/**
 * The organisation security policy: what a client's administrators require of the firm's users,
 * enforced on the server —
 *  - two-factor: users without an authenticator app are led to set one up before any page of the portal
 *    (lib/security/two-factor.ts);
 *  - an idle timeout shorter than the portal's (lib/auth/session.ts resolveSession reads it with the session);
 *  - the e-mail domains allowed for the firm's users (emailDomainProblem, checked by user administration and
 *    Settings whenever an address is set);
 *  - single sign-on required where it is configured: password sign-in is refused (lib/auth/signin.ts).
 * Each change is audited (names of the changed settings) and mailed to the firm's other administrators.
 */
import { and, eq, ne } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clientSecurityPolicies, sessions, users } from '@/db/schema';
import { tenantScope } from '@/lib/core/tenancy';
import { authorize } from '@/lib/core/authorize';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { hasAuthenticator } from '@/lib/core/authenticator';
import type { Actor } from '@/lib/core/principal';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { fieldErrors, ValidationError } from '@/lib/core/errors';
import { enqueueMail } from '@/lib/mail/outbox';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { userPolicy } from '@/lib/core/user-policy';
import { emailInDomains, POLICY_MSG, securityPolicySchema, type PolicyBounds } from './security-policy-schema';

export interface SecurityPolicy {
  requireTwoFactor: boolean;
  idleTimeoutMinutes: number | null;
  allowedEmailDomains: string[];
  requireSso: boolean;
}

export const NO_POLICY: SecurityPolicy = Object.freeze({
  requireTwoFactor: false,
  idleTimeoutMinutes: null,
  allowedEmailDomains: [],
  requireSso: false,
});

export { POLICY_MAIL_SUBJECT } from '@/lib/mail/kinds/security-policy';

export function ssoConfigured(): boolean {
  const c = config();
  return Boolean(c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET);
}

export function policyBounds(): PolicyBounds {
  return { portalIdleMinutes: config().SESSION_IDLE_MINUTES, ssoConfigured: ssoConfigured() };
}

/** A client's policy (the defaults when it has none). Staff (no client) have none. */
export async function getSecurityPolicy(clientId: number | null, q?: Queryable): Promise<SecurityPolicy> {
  if (clientId === null) return NO_POLICY;
  const d = q ?? (await getDb());
  const [row] = await d
    .select({
      requireTwoFactor: clientSecurityPolicies.requireTwoFactor,
      idleTimeoutMinutes: clientSecurityPolicies.idleTimeoutMinutes,
      allowedEmailDomains: clientSecurityPolicies.allowedEmailDomains,
      requireSso: clientSecurityPolicies.requireSso,
    })
    .from(clientSecurityPolicies)
    .where(eq(clientSecurityPolicies.clientId, clientId))
    .limit(1);
  return row ?? NO_POLICY;
}

/** Single sign-on is required for this client's users, and the portal has it. */
export async function ssoRequired(clientId: number | null, q?: Queryable): Promise<boolean> {
  return ssoConfigured() && (await getSecurityPolicy(clientId, q)).requireSso;
}

/** The message when an address is outside the client's allowed domains, or null. */
export async function emailDomainProblem(
  clientId: number | null,
  email: string,
  q?: Queryable,
): Promise<string | null> {
  const { allowedEmailDomains } = await getSecurityPolicy(clientId, q);
  return emailInDomains(email, allowedEmailDomains) ? null : POLICY_MSG.emailDomain(allowedEmailDomains);
}

/** The policy for the Security section (client administrators only). */
export async function getPolicyForAdmin(actor: Actor): Promise<SecurityPolicy> {
  return getSecurityPolicy(authorize(actor, 'security.manage', userPolicy).clientId);
}

/** Active users of the actor's client whose address is outside the allowed domains (shown as a warning). */
export async function usersOutsideDomains(actor: Actor): Promise<string[]> {
  const a = authorize(actor, 'security.manage', userPolicy);
  const { allowedEmailDomains } = await getSecurityPolicy(a.clientId);
  if (allowedEmailDomains.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ userName: users.userName, email: users.email })
    .from(users)
    .where(and(tenantScope(users.clientId, a), eq(users.isActive, true)));
  return rows
    .filter((u) => !emailInDomains(u.email, allowedEmailDomains))
    .map((u) => u.userName)
    .sort();
}

const KEYS = ['requireTwoFactor', 'idleTimeoutMinutes', 'allowedEmailDomains', 'requireSso'] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function describePolicy(p: SecurityPolicy): string[] {
  return [
    `Authenticator app (two-factor) required: ${p.requireTwoFactor ? 'yes' : 'no'}`,
    `Idle timeout: ${p.idleTimeoutMinutes ? `${p.idleTimeoutMinutes} minutes` : `the portal's (${config().SESSION_IDLE_MINUTES} minutes)`}`,
    `Allowed e-mail domains: ${p.allowedEmailDomains.length ? p.allowedEmailDomains.join(', ') : 'any'}`,
    `Single sign-on required: ${p.requireSso ? 'yes' : 'no'}`,
  ];
}

/** A refusal of the policy: the field's message, and the form's "not saved". */
function refuse(fields: Record<string, string[]>): never {
  throw new ValidationError(fields, POLICY_MSG.notSaved);
}

/**
 * Saves the policy of the actor's client (the form's own schema parses the input); audits and mails the other
 * administrators when something changed. Answers the changed keys; ValidationError (400) with field messages.
 */
export async function updateSecurityPolicy(actor: Actor, input: unknown): Promise<{ changed: string[] }> {
  const a = authorize(actor, 'security.manage', userPolicy);
  const parsed = securityPolicySchema(policyBounds()).safeParse(input);
  if (!parsed.success) refuse(fieldErrors(parsed.error));
  const form = parsed.data;
  const next: SecurityPolicy = {
    requireTwoFactor: form.RequireTwoFactor,
    idleTimeoutMinutes: form.IdleTimeoutMinutes,
    allowedEmailDomains: form.AllowedEmailDomains,
    requireSso: form.RequireSso,
  };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await getSecurityPolicy(a.clientId, tx);
    if (next.requireSso && !before.requireSso) {
      // Never lock the firm out: the administrator turning it on must have signed in with it.
      const [s] = await tx
        .select({ method: sessions.method })
        .from(sessions)
        .where(eq(sessions.id, a.sessionId))
        .limit(1);
      if (s?.method !== 'sso') refuse({ RequireSso: [POLICY_MSG.ssoSignInFirst] });
    }
    if (next.requireTwoFactor && !before.requireTwoFactor && !(await hasAuthenticator(tx, a.userId))) {
      refuse({ RequireTwoFactor: [POLICY_MSG.twoFactorSetUpFirst] });
    }
    const changed = KEYS.filter((k) => !same(before[k], next[k]));
    if (changed.length === 0) return { changed };
    const t = now();
    await tx
      .insert(clientSecurityPolicies)
      .values({ clientId: a.clientId, ...next, updatedAt: t, updatedById: a.userId })
      .onConflictDoUpdate({
        target: clientSecurityPolicies.clientId,
        set: { ...next, updatedAt: t, updatedById: a.userId },
      });
    await recordAudit(tx, userPrincipal(a), {
      action: 'security.policy_updated',
      clientId: a.clientId,
      targetType: 'client',
      targetId: String(a.clientId),
      details: { changed },
    });
    const others = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(
        and(
          tenantScope(users.clientId, a),
          eq(users.role, CLIENT_ADMIN_ROLE),
          eq(users.isActive, true),
          ne(users.id, a.userId),
        ),
      );
    for (const o of others) {
      await enqueueMail(tx, {
        to: o.email,
        kind: 'security-policy',
        props: { name: `${o.firstName} ${o.lastName}`, changedBy: a.userName, policy: describePolicy(next) },
      });
    }
    return { changed };
  });
}
