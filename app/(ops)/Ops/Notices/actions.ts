'use server';
/** Server actions of /Ops/Notices: thin adapters over lib/notices/manage.ts (policy content.manage). */
import { opsAction } from '@/lib/ops/action';
import type { OpsResult } from '@/lib/ops/action-outcome';
import { helpFormSchema, helpKeySchema, idSchema, noticeFormSchema } from '@/lib/notices/manage-schema';
import { retireHelp, retireNotice, saveHelp, saveNotice } from '@/lib/notices/manage';

export async function saveNoticeAction(input: unknown): Promise<OpsResult<{ id: number }>> {
  return opsAction('content.manage', noticeFormSchema, input, async (a, form) => ({ id: (await saveNotice(a, form)).id }));
}

export async function retireNoticeAction(id: unknown): Promise<OpsResult> {
  return opsAction('content.manage', idSchema, id, async (a, n) => {
    await retireNotice(a, n);
    return null;
  });
}

export async function saveHelpAction(input: unknown): Promise<OpsResult> {
  return opsAction('content.manage', helpFormSchema, input, async (a, form) => {
    await saveHelp(a, form);
    return null;
  });
}

export async function retireHelpAction(key: unknown): Promise<OpsResult> {
  return opsAction('content.manage', helpKeySchema, key, async (a, k) => {
    await retireHelp(a, k);
    return null;
  });
}
