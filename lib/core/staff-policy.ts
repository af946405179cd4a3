/**
 * Who among the provider's staff may do what, written once. Pure and browser-safe: the route
 * table (lib/auth/routes.ts) and the /Ops navigation (lib/ops/nav.ts) ask `can(role, permission)`; pages,
 * server actions and the services ask `authorize(actor, permission, staffPolicy)` (lib/core/authorize.ts), whose
 * rules are `can` for a staff actor.
 *
 * - Role 1, provider administrator: everything.
 * - Role 2, provider operator: everything except staff users, API keys, webhook endpoints and deleting a client.
 * - Client roles 3 to 8: nothing here, ever (pages, actions and calls alike).
 *
 * Staff see every client: a staff actor has no client of its own (users.client_id is null), and staff
 * services take the client from the row they act on, never from the session.
 */
import { defineSubject, type Rule } from './authorize';
import type { Actor } from './principal';
import { STAFF_ROLES } from '@/lib/reference';

/** Everything a staff member can be allowed to do. Add a permission here, then decide it in ROLE_1_ONLY or not. */
export const STAFF_PERMISSIONS = [
  /** Open the staff area (/Ops) at all. */
  'ops.open',
  /** The job queue across all clients, a job with its internal instructions, source file and comments. */
  'jobs.read',
  /** Move a job through the workflow (lib/jobs/workflow.ts), with a comment. */
  'jobs.status',
  /** Issue invoices for a client's jobs, mark them paid. */
  'invoices.manage',
  /** Create and edit clients (branches, cities, cost estimates), invite their administrator, suspend them. */
  'clients.manage',
  /** Delete a client. */
  'clients.delete',
  /** Notices and contextual help texts. */
  'content.manage',
  /** Read the audit log. */
  'audit.read',
  /** Staff users (roles 1 and 2): create, edit, deactivate. */
  'staff.manage',
  /** API keys of the integration API. */
  'apiKeys.manage',
  /**
   * Webhook endpoints (where every client's job and invoice events are sent, with their signing secrets) and
   * their delivery log with "send again". Role 1 only, like API keys: an endpoint is a standing data export of
   * all clients to an outside system, so connecting one is the administrator's decision.
   */
  'webhooks.manage',
] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const PROVIDER_ADMIN_ROLE = 1 as const;
export const PROVIDER_OPERATOR_ROLE = 2 as const;

/** What only the provider administrator (role 1) may do. */
const ROLE_1_ONLY: ReadonlySet<StaffPermission> = new Set<StaffPermission>([
  'staff.manage',
  'apiKeys.manage',
  'webhooks.manage',
  'clients.delete',
]);

export function isStaffRole(role: number | null | undefined): role is 1 | 2 {
  return role !== null && role !== undefined && (STAFF_ROLES as readonly number[]).includes(role);
}

/** May a user of this role do this? False for every client role and for nobody signed in. */
export function can(role: number | null | undefined, permission: StaffPermission): boolean {
  if (role === PROVIDER_ADMIN_ROLE) return true;
  if (role === PROVIDER_OPERATOR_ROLE) return !ROLE_1_ONLY.has(permission);
  return false;
}

/** The name of a staff role as the staff area shows it. */
export function staffRoleName(role: number): string {
  return role === PROVIDER_ADMIN_ROLE
    ? 'Provider administrator'
    : role === PROVIDER_OPERATOR_ROLE
      ? 'Provider operator'
      : 'Not staff';
}

/** A member of the provider's staff: role 1 or 2, no client of its own (sees every client). */
export type StaffActor = Actor & { role: 1 | 2; clientId: null };

export function isStaffActor(a: Actor): a is StaffActor {
  return isStaffRole(a.role) && a.clientId === null;
}

function staffRule(permission: StaffPermission): Rule<StaffActor, unknown> {
  return (a): a is StaffActor => isStaffActor(a) && can(a.role, permission);
}

/** The staff permissions as rules: `authorize(actor, 'jobs.status', staffPolicy)` → the staff actor, or 403. */
export const staffPolicy = defineSubject(
  'staff',
  Object.fromEntries(STAFF_PERMISSIONS.map((p) => [p, staffRule(p)])) as Record<
    StaffPermission,
    Rule<StaffActor, unknown>
  >,
);
