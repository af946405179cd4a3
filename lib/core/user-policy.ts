/**
 * Who may do what in user administration (spec §1, §6; issue "rules of the house"). Pure and
 * browser-safe: the list hides what the server would refuse, and the service enforces the same rules.
 *
 *  - only client administrators (role 4) of a client manage users, and only that client's users;
 *  - they assign only client roles (3 to 8);
 *  - they cannot deactivate themselves, nor take the administrator role away from themselves.
 *
 * Services ask `authorize(actor, 'manage', userPolicy)` (lib/core/authorize.ts): users, their access, the firm's
 * activity and its security policy are the client administrator's.
 */
import { defineSubject } from './authorize';
import type { Actor } from './principal';
import { hasTenant, type TenantActor } from './tenancy';
import { CLIENT_ADMIN_ROLE, CLIENT_ROLES } from '@/lib/reference';

/** Roles an administrator may give (spec §6: client roles 3 to 8). */
export const ASSIGNABLE_ROLES: readonly number[] = CLIENT_ROLES;

export function isAssignableRole(role: number): boolean {
  return ASSIGNABLE_ROLES.includes(role);
}

/** A client administrator with a client: the only actor that manages users. */
export function isUserAdmin(actor: Actor): actor is TenantActor {
  return hasTenant(actor) && actor.role === CLIENT_ADMIN_ROLE;
}

/** The client administrator's rules, asked with `authorize(actor, action, userPolicy)`. */
export const userPolicy = defineSubject('users', {
  /** The firm's users: list, add, edit, deactivate, unlock, sign out everywhere (lib/users/). */
  manage: isUserAdmin,
  /** The firm's activity and its exports (lib/audit/activity.ts). */
  'activity.read': isUserAdmin,
  /** The firm's security policy (lib/security/policy.ts). */
  'security.manage': isUserAdmin,
  /** The firm's billing contacts (lib/invoices/billing-contacts.ts). */
  'billing.manage': isUserAdmin,
});

export type DeactivateRefusal = 'self';

/** Why the actor may not deactivate this user of its client, or null when it may. */
export function deactivateRefusal(actor: Actor, targetUserId: number): DeactivateRefusal | null {
  return actor.userId === targetUserId ? 'self' : null;
}

/** True when an edit would take the administrator role away from the actor itself. */
export function isSelfDemotion(actor: Actor, targetUserId: number, newRole: number): boolean {
  return actor.userId === targetUserId && newRole !== CLIENT_ADMIN_ROLE;
}
