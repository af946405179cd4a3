'use server';
/**
 * Server actions of /Ops/Job: thin adapters over the workflow service and the staff job service. The actor comes
 * from the session and is checked against the staff policy; the job from the encoded id the page was opened with.
 * The services parse the form with their own schemas (the ones the forms use), so the wrapper hands them the input
 * as it came.
 */
import { z } from 'zod';
import { tryDecodeId } from '@/lib/encoding';
import { decideChangeRequest } from '@/lib/jobs/changes';
import { postMessage } from '@/lib/jobs/messages';
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

/** Assigns the job to a staff user or nobody; answers the success message the form shows. */
export async function assignJobAction(jb: string, input: unknown): Promise<ActionResult<string>> {
  return runAction(staff('jobs.status'), asSent, input, async (form, { principal }) => {
    const r = await assignJob(principal, tryDecodeId(jb) ?? 0, (form ?? {}) as AssignInput);
    return ASSIGN_MSG.assigned(r.toName);
  });
}

const decideSchema = z.object({
  requestId: z.number().int().positive().max(2_147_483_647),
  accept: z.boolean(),
  note: z.string().max(2000).optional(),
});

/** Accepts or declines a firm's change request. */
export async function decideChangeAction(input: unknown): Promise<ActionResult<string>> {
  return runAction(staff('jobs.status'), decideSchema, input, async (r, { actor }) => {
    await decideChangeRequest(actor, r.requestId, r.accept, r.note ?? '');
    return r.accept ? 'The request was accepted.' : 'The request was declined.';
  });
}

const staffMessage = z.object({
  jobId: z.number().int().positive().max(2_147_483_647),
  body: z.string().max(8000),
  documentIds: z.array(z.number().int().positive().max(2_147_483_647)).max(10),
  internal: z.boolean(),
});

/** A staff message on any job, with the staff member's message files: the client reads it, unless it is an internal note. */
export async function postStaffMessageAction(input: unknown): Promise<ActionResult<null>> {
  return runAction(staff('jobs.status'), staffMessage, input, async (r, { actor }) => {
    await postMessage(actor, r.jobId, { body: r.body, documentIds: r.documentIds, internal: r.internal });
    return null;
  });
}
