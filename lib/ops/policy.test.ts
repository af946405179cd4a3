import { describe, expect, it } from 'vitest';
import { activeOpsHref, OPS_SECTIONS, opsNavItems } from './nav';
import { can, isStaffRole, STAFF_PERMISSIONS } from '@/lib/core/staff-policy';

describe('staff policy', () => {
  it('role 1 may do everything', () => {
    for (const p of STAFF_PERMISSIONS) expect(can(1, p)).toBe(true);
  });
  it('role 2 may do everything except staff users, API keys and deleting a client', () => {
    const denied = STAFF_PERMISSIONS.filter((p) => !can(2, p));
    expect(denied.sort()).toEqual(['apiKeys.manage', 'clients.delete', 'staff.manage', 'webhooks.manage']);
  });
  it('client roles 3 to 8, unknown roles and nobody may do nothing', () => {
    for (const role of [3, 4, 5, 6, 7, 8, 0, 9, null, undefined]) {
      for (const p of STAFF_PERMISSIONS) expect(can(role, p)).toBe(false);
      expect(isStaffRole(role)).toBe(false);
    }
    expect(isStaffRole(1) && isStaffRole(2)).toBe(true);
  });
  it('the staff navigation follows the policy: no section for a client role', () => {
    for (const role of [3, 4, 5, 6, 7, 8]) expect(opsNavItems(role)).toEqual([]);
    expect(opsNavItems(1).length).toBe(OPS_SECTIONS.length);
    expect(opsNavItems(2).every((s) => can(2, s.permission))).toBe(true);
  });
  it('a page lights up the section that owns it (the longest match)', () => {
    const items = opsNavItems(1);
    expect(activeOpsHref(items, '/Ops')).toBe('/Ops');
    expect(activeOpsHref(items, '/Ops/')).toBe('/Ops');
    expect(activeOpsHref(items, '/Nope')).toBeNull();
  });
});
