/**
 * The one tenancy guard (lib/core/tenancy.ts): every client role with a client has its client as tenant; staff,
 * a client role without a client, and unknown roles have none and are refused (403, or the service's own refusal);
 * `tenantScope` is `column = <the actor's client>` and nothing else.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { documents, users } from '@/db/schema';
import type { Actor } from './principal';
import { ForbiddenError, NotFoundError } from './errors';
import { hasTenant, requireTenant, tenantOf, tenantScope } from './tenancy';

function actor(role: number, clientId: number | null): Actor {
  return {
    userId: 42,
    clientId,
    role: role as Actor['role'],
    userName: 'who',
    timeZone: 'Australia/Sydney',
    sessionId: 's',
  };
}

const render = (q: ReturnType<typeof tenantScope>) => new PgDialect().sqlToQuery(q);

describe('tenantOf / requireTenant / hasTenant', () => {
  it.each([3, 4, 5, 6, 7, 8])('client role %i with a client: its client is the tenant', (role) => {
    const a = actor(role, 17);
    expect(hasTenant(a)).toBe(true);
    expect(tenantOf(a)).toBe(17);
    expect(requireTenant(a)).toBe(a);
  });

  it.each([1, 2])('staff role %i (no client) has no tenant: 403', (role) => {
    const a = actor(role, null);
    expect(hasTenant(a)).toBe(false);
    expect(() => tenantOf(a)).toThrow(ForbiddenError);
    expect(() => requireTenant(a)).toThrow(ForbiddenError);
  });

  it('a staff role never takes a client as tenant, even with a client id on the actor', () => {
    expect(hasTenant(actor(1, 17))).toBe(false);
    expect(() => tenantOf(actor(2, 17))).toThrow(ForbiddenError);
  });

  it.each([3, 4, 8])('client role %i with a null client: 403', (role) => {
    expect(hasTenant(actor(role, null))).toBe(false);
    expect(() => tenantOf(actor(role, null))).toThrow(ForbiddenError);
  });

  it('an unknown role has no tenant', () => {
    expect(hasTenant(actor(9, 17))).toBe(false);
    expect(hasTenant(actor(0, 17))).toBe(false);
  });

  it('refuses with the service\'s own answer when given one ("like a missing row")', () => {
    expect(() => tenantOf(actor(2, null), () => new NotFoundError())).toThrow(NotFoundError);
    expect(() => requireTenant(actor(4, null), () => new NotFoundError('No such user.'))).toThrow('No such user.');
  });
});

describe('tenantScope', () => {
  it("is column = the actor's client, bound as a parameter", () => {
    const q = render(tenantScope(users.clientId, actor(5, 31)));
    expect(q.sql).toBe('"users"."client_id" = $1');
    expect(q.params).toEqual([31]);
    expect(render(tenantScope(documents.clientId, actor(4, 7))).params).toEqual([7]);
  });

  it('refuses an actor without a client instead of scoping to nothing', () => {
    expect(() => tenantScope(users.clientId, actor(1, null))).toThrow(ForbiddenError);
    expect(() => tenantScope(users.clientId, actor(6, null), () => new NotFoundError())).toThrow(NotFoundError);
  });
});
