'use server';
/**
 * Server actions of the job slip: the firm adds files to its job until work starts. Thin adapters over
 * lib/jobs through the one action wrapper: the client and the user come from the session.
 */
import { z } from 'zod';
import { clientUser, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { cancelJob } from '@/lib/jobs/changes';
import { postMessage } from '@/lib/jobs/messages';
import { addJobFiles } from '@/lib/jobs/files';

const addFilesSchema = z.object({
  jobId: z.number().int().positive().max(2_147_483_647),
  documentIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(20),
});

/** Answers how many files were added. */
export async function addJobFilesAction(input: z.input<typeof addFilesSchema>): Promise<ActionResult<number>> {
  return runAction(
    clientUser(),
    addFilesSchema,
    input,
    async (r, { actor }) => (await addJobFiles(actor, r.jobId, r.documentIds)).length,
  );
}

const cancelInput = z.object({ jobId: z.number().int().positive().max(2_147_483_647), reason: z.string().max(4000) });

/** Cancels the job (before work starts) or asks staff to; answers the message to show. */
export async function cancelJobAction(input: z.input<typeof cancelInput>): Promise<ActionResult<string>> {
  return runAction(
    clientUser(),
    cancelInput,
    input,
    async (r, { actor }) => (await cancelJob(actor, r.jobId, { reason: r.reason })).message,
  );
}

const messageInput = z.object({
  jobId: z.number().int().positive().max(2_147_483_647),
  body: z.string().max(8000),
  documentIds: z.array(z.number().int().positive().max(2_147_483_647)).max(10),
});

/** A client user's message on its firm's job. */
export async function postMessageAction(input: z.input<typeof messageInput>): Promise<ActionResult<null>> {
  return runAction(clientUser(), messageInput, input, async (r, { actor }) => {
    await postMessage(actor, r.jobId, { body: r.body, documentIds: r.documentIds });
    return null;
  });
}
