'use server';
/** Server actions of /Ops/Staff (role 1 only, policy staff.manage): thin adapters over lib/staff/service.ts. */
import { runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { staffUserFormSchema, staffUserIdSchema } from '@/lib/staff/schema';
import { deactivateStaffUser, saveStaffUser } from '@/lib/staff/service';

export async function saveStaffUserAction(input: unknown): Promise<ActionResult<{ userId: number; created: boolean }>> {
  return runAction(staff('staff.manage'), staffUserFormSchema, input, (form, { actor: a }) => saveStaffUser(a, form));
}

export async function deactivateStaffUserAction(userId: unknown): Promise<ActionResult> {
  return runAction(staff('staff.manage'), staffUserIdSchema, userId, async (id, { actor: a }) => {
    await deactivateStaffUser(a, id);
    return null;
  });
}
