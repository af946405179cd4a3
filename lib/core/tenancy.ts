/**
 * Tenancy, written once: which client's rows an actor may touch. A client user (roles 3 to 8 with a
 * client) touches its own client's rows and no other; provider staff (roles 1 and 2, no client) and anyone else
 * have no tenant, and a client-scoped service refuses them here rather than in a check of its own. Every client
 * service takes its client from this guard (`tenantOf`, `requireTenant`) and scopes its SQL with `tenantScope`,
 * never from an id the caller sent. Staff services take the client from the row they act on (lib/core/staff-policy.ts).
 *
 * This is the floor under the domains (lib/core): it imports no domain folder.
 */
import { eq, type Column, type SQL } from 'drizzle-orm';
import { CLIENT_ROLES } from '@/lib/reference';
import { AppError, ForbiddenError } from './errors';
import type { Actor } from './principal';

/** A client-side actor: has a client (its tenant). Services that serve client data require it. */
export type TenantActor = Actor & { clientId: number };

/**
 * How a service refuses an actor without a tenant: 403 by default; `() => new NotFoundError()` where the service
 * answers "like a missing row".
 */
export type Refusal = () => AppError;

const forbidden: Refusal = () => new ForbiddenError();

/** True for a client user (roles 3 to 8) with a client. Pure and browser-safe. */
export function hasTenant(a: Actor): a is TenantActor {
  return a.clientId !== null && (CLIENT_ROLES as readonly number[]).includes(a.role);
}

/** The actor, as a client user with its client; refused (403, or `refuse`) when it has none. */
export function requireTenant(actor: Actor, refuse: Refusal = forbidden): TenantActor {
  if (!hasTenant(actor)) throw refuse();
  return actor;
}

/** The client (tenant) whose rows the actor may touch; refused (403, or `refuse`) when it has none. */
export function tenantOf(actor: Actor, refuse: Refusal = forbidden): number {
  return requireTenant(actor, refuse).clientId;
}

/** `column = <the actor's client>`: the one scope of a client's rows (refused like `tenantOf` without a tenant). */
export function tenantScope(column: Column, actor: Actor, refuse: Refusal = forbidden): SQL {
  return eq(column, tenantOf(actor, refuse));
}
