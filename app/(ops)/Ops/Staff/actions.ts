'use server';
/** Server actions of /Ops/Staff (role 1 only, policy staff.manage): thin adapters over lib/staff/service.ts. */
import { opsAction } from '@/lib/ops/action';
import type { OpsResult } from '@/lib/ops/action-outcome';
import { staffUserFormSchema, staffUserIdSchema } from '@/lib/staff/schema';
import { deactivateStaffUser, saveStaffUser } from '@/lib/staff/service';

export async function saveStaffUserAction(input: unknown): Promise<OpsResult<{ userId: number; created: boolean }>> {
  return opsAction('staff.manage', staffUserFormSchema, input, (a, form) => saveStaffUser(a, form));
}

export async function deactivateStaffUserAction(userId: unknown): Promise<OpsResult> {
  return opsAction('staff.manage', staffUserIdSchema, userId, async (a, id) => {
    await deactivateStaffUser(a, id);
    return null;
  });
}
