'use server';
/**
 * Server actions of /Ops/Job: thin adapters over the workflow service and the staff job service. The actor comes
 * from the session and is checked against the staff policy; the job from the encoded id the page was opened with.
 */
import { requestMeta, userPrincipal } from '@/lib/core/principal';
import { tryDecodeId } from '@/lib/encoding';
import { changeJobStatus } from '@/lib/jobs/workflow';
// The services parse their input with their zod schemas: the casts only name the expected shape.
import { WORKFLOW_MSG, type StatusChangeInput } from '@/lib/jobs/workflow-rules';
import { updateSlipData } from '@/lib/ops/job';
import type { SlipDataInput } from '@/lib/ops/job-schema';
import { opsOutcome, type OpsOutcome } from '@/lib/ops/outcome';
import { requireStaffActor } from '@/lib/ops/page';

export async function changeStatusAction(jb: string, input: unknown): Promise<OpsOutcome> {
  return opsOutcome(async () => {
    const actor = await requireStaffActor('jobs.status');
    const id = tryDecodeId(jb);
    const r = await changeJobStatus(userPrincipal(actor, await requestMeta()), id ?? 0, (input ?? {}) as StatusChangeInput);
    return WORKFLOW_MSG.changed(r.toStatus);
  });
}

export async function saveSlipDataAction(jb: string, input: unknown): Promise<OpsOutcome> {
  return opsOutcome(async () => {
    const actor = await requireStaffActor('jobs.status');
    await updateSlipData(actor, tryDecodeId(jb) ?? 0, (input ?? {}) as SlipDataInput);
    return 'Slip data saved.';
  });
}
