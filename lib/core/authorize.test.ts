/**
 * One way to ask (lib/core/authorize.ts) and the subjects the domains declare: the client administrator's rules
 * (lib/core/user-policy.ts `userPolicy`) and the staff permissions (lib/core/staff-policy.ts `staffPolicy`), for every role,
 * a client actor without a client, nobody, an undeclared action, and a rule that reads the row.
 */
import { describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, staffPolicy, type StaffPermission } from '@/lib/core/staff-policy';
import { userPolicy } from '@/lib/core/user-policy';
import { allowed, authorize, defineSubject } from './authorize';
import { ForbiddenError } from './errors';
import type { Actor } from './principal';
import { hasTenant, type TenantActor } from './tenancy';

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

const ROLE_1_ONLY: readonly StaffPermission[] = ['staff.manage', 'apiKeys.manage', 'webhooks.manage', 'clients.delete'];

describe('userPolicy: the client administrator', () => {
  const actions = ['manage', 'activity.read', 'security.manage'] as const;

  it.each(actions)('%s: role 4 with a client is allowed, and gets itself back', (action) => {
    const a = actor(4, 9);
    const got = authorize(a, action, userPolicy);
    expect(got).toBe(a);
    expect(got.clientId).toBe(9);
  });

  it.each([3, 5, 6, 7, 8])('client role %i is refused (403)', (role) => {
    for (const action of actions) {
      expect(allowed(actor(role, 9), action, userPolicy)).toBe(false);
      expect(() => authorize(actor(role, 9), action, userPolicy)).toThrow(ForbiddenError);
    }
  });

  it.each([1, 2])('staff role %i is refused (403)', (role) => {
    expect(() => authorize(actor(role, null), 'manage', userPolicy)).toThrow(ForbiddenError);
  });

  it('a role 4 actor without a client is refused', () => {
    expect(() => authorize(actor(4, null), 'manage', userPolicy)).toThrow(ForbiddenError);
  });
});

describe('staffPolicy: the staff permissions', () => {
  it.each(STAFF_PERMISSIONS)('%s: role 1 allowed; role 2 unless role-1-only; client roles never', (permission) => {
    expect(allowed(actor(1, null), permission, staffPolicy)).toBe(true);
    expect(allowed(actor(2, null), permission, staffPolicy)).toBe(!ROLE_1_ONLY.includes(permission));
    for (const role of [3, 4, 5, 6, 7, 8]) expect(allowed(actor(role, 9), permission, staffPolicy)).toBe(false);
  });

  it('hands back the staff actor, or refuses with 403', () => {
    const a = actor(2, null);
    expect(authorize(a, 'jobs.status', staffPolicy).role).toBe(2);
    expect(() => authorize(a, 'staff.manage', staffPolicy)).toThrow(ForbiddenError);
    expect(() => authorize(actor(4, 9), 'jobs.read', staffPolicy)).toThrow(ForbiddenError);
  });

  it('a staff role that somehow has a client is not staff', () => {
    expect(allowed(actor(1, 9), 'jobs.read', staffPolicy)).toBe(false);
  });
});

describe('authorize / allowed', () => {
  const notes = defineSubject('notes', {
    read: (a: Actor, note: { clientId: number }): a is TenantActor => hasTenant(a) && a.clientId === note.clientId,
  });

  it('a rule may read the row', () => {
    expect(authorize(actor(5, 3), 'read', notes, { clientId: 3 }).clientId).toBe(3);
    expect(() => authorize(actor(5, 3), 'read', notes, { clientId: 4 })).toThrow(ForbiddenError);
  });

  it('an action the subject does not declare is refused (deny by default)', () => {
    const unknown = 'delete' as 'read';
    expect(allowed(actor(1, null), 'nope' as StaffPermission, staffPolicy)).toBe(false);
    expect(() => authorize(actor(1, null), 'nope' as StaffPermission, staffPolicy)).toThrow(ForbiddenError);
    expect(() => authorize(actor(5, 3), unknown, notes, { clientId: 3 })).toThrow(ForbiddenError);
  });

  it("inherited names are not actions ('toString', 'constructor')", () => {
    expect(allowed(actor(1, null), 'toString' as StaffPermission, staffPolicy)).toBe(false);
    expect(allowed(actor(1, null), 'constructor' as StaffPermission, staffPolicy)).toBe(false);
  });

  it('nobody signed in is allowed nothing', () => {
    expect(allowed(null, 'jobs.read', staffPolicy)).toBe(false);
    expect(allowed(undefined, 'manage', userPolicy)).toBe(false);
  });
});
