'use server';
/** Server actions of /Ops/Notices: thin adapters over lib/notices/manage.ts (policy content.manage). */
import { runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { helpFormSchema, helpKeySchema, idSchema, noticeFormSchema } from '@/lib/notices/manage-schema';
import { retireHelp, retireNotice, saveHelp, saveNotice } from '@/lib/notices/manage';

export async function saveNoticeAction(input: unknown): Promise<ActionResult<{ id: number }>> {
  return runAction(staff('content.manage'), noticeFormSchema, input, async (form, { actor: a }) => ({
    id: (await saveNotice(a, form)).id,
  }));
}

export async function retireNoticeAction(id: unknown): Promise<ActionResult> {
  return runAction(staff('content.manage'), idSchema, id, async (n, { actor: a }) => {
    await retireNotice(a, n);
    return null;
  });
}

export async function saveHelpAction(input: unknown): Promise<ActionResult> {
  return runAction(staff('content.manage'), helpFormSchema, input, async (form, { actor: a }) => {
    await saveHelp(a, form);
    return null;
  });
}

export async function retireHelpAction(key: unknown): Promise<ActionResult> {
  return runAction(staff('content.manage'), helpKeySchema, key, async (k, { actor: a }) => {
    await retireHelp(a, k);
    return null;
  });
}
