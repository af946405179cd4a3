'use server';
/**
 * Server actions of /Ops/Job: thin adapters over the workflow service and the staff job service. The actor comes
 * from the session and is checked against the staff policy; the job from the encoded id the page was opened with.
 * The services parse the form with their own schemas (the ones the forms use), so the wrapper hands them the input
 * as it came.
 */
import { tryDecodeId } from '@/lib/encoding';
import { asSent, runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { changeJobStatus } from '@/lib/jobs/workflow';
// The services parse their input with their zod schemas: the casts only name the expected shape.
import { WORKFLOW_MSG, type StatusChangeInput } from '@/lib/jobs/workflow-rules';
import { updateSlipData } from '@/lib/ops/job';
import { assignJob } from '@/lib/jobs/assign';
import { ASSIGN_MSG, type AssignInput } from '@/lib/jobs/assign-rules';
import type { SlipDataInput } from '@/lib/ops/job-schema';

/** Answers the success message the form shows. */
export async function changeStatusAction(jb: string, input: unknown): Promise<ActionResult<string>> {
  return runAction(staff('jobs.status'), asSent, input, async (form, { principal }) => {
    const r = await changeJobStatus(principal, tryDecodeId(jb) ?? 0, (form ?? {}) as StatusChangeInput);
    return WORKFLOW_MSG.changed(r.toStatus);
  });
}

export async function saveSlipDataAction(jb: string, input: unknown): Promise<ActionResult<string>> {
  return runAction(staff('jobs.status'), asSent, input, async (form, { actor }) => {
    await updateSlipData(actor, tryDecodeId(jb) ?? 0, (form ?? {}) as SlipDataInput);
    return 'Slip data saved.';
  });
}

/** Assigns the job to a staff user or nobody (issue 30); answers the success message the form shows. */
export async function assignJobAction(jb: string, input: unknown): Promise<ActionResult<string>> {
  return runAction(staff('jobs.status'), asSent, input, async (form, { principal }) => {
    const r = await assignJob(principal, tryDecodeId(jb) ?? 0, (form ?? {}) as AssignInput);
    return ASSIGN_MSG.assigned(r.toName);
  });
}
