'use server';
/**
 * The /SaveJob server action: a thin adapter over lib/jobs through the one action wrapper (the client and the
 * user come from the session, never from the form). A saved job goes to /JobClient with the success banner
 * (spec §4) and ends the user's draft, which is this form's; a refused one answers the order schema's field
 * messages (DocumentModel for the file).
 */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { encodeParam } from '@/lib/encoding';
import { clientUser, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { discardDraft, draftSaveSchema, saveDraft, type DraftSave } from '@/lib/jobs/drafts';
import { amendJob } from '@/lib/jobs/changes';
import { saveJob } from '@/lib/jobs/save';
import { saveJobRequestSchema } from '@/lib/jobs/save-request';

export async function saveJobAction(request: unknown): Promise<ActionResult<never>> {
  return runAction(
    clientUser(),
    saveJobRequestSchema,
    request,
    async (r, { actor, principal }) => {
      const saved = await saveJob(actor, r.values, {
        requestKey: r.requestKey,
        documentId: r.documentId,
        documentIds: r.documentIds,
        cloneSourceFile: r.cloneSourceFile,
        cloneDocumentIds: r.cloneDocumentIds,
        endsDraft: true,
        userAgent: principal.meta.userAgent,
      });
      redirect(`/JobClient?messageType=1&jb=${encodeURIComponent(encodeParam(saved.jobId))}`);
    },
    { invalid: 'The request is not valid.' },
  );
}

/** Saves the order in progress as the user's draft (the form debounces); answers when (ISO). */
export async function saveDraftAction(input: DraftSave): Promise<ActionResult<string>> {
  return runAction(clientUser(), draftSaveSchema, input, async (d, { actor }) =>
    (await saveDraft(actor, d)).updatedAt.toISOString(),
  );
}

/** Discards the user's draft. */
export async function discardDraftAction(): Promise<ActionResult<null>> {
  return runAction(clientUser(), z.null(), null, async (_n, { actor }) => {
    await discardDraft(actor);
    return null;
  });
}

/** The amendment of job `jobId` (bound by the page): applied, or sent to staff once work has started. */
export async function amendJobAction(jobId: number, request: unknown): Promise<ActionResult<never>> {
  return runAction(
    clientUser(),
    saveJobRequestSchema,
    request,
    async (r, { actor }) => {
      const outcome = await amendJob(actor, jobId, r.values, r.documentIds ?? []);
      redirect(
        `/JobSlip?jb=${encodeURIComponent(encodeParam(jobId))}&changed=${outcome.applied ? 'amended' : 'requested'}`,
      );
    },
    { invalid: 'The request is not valid.' },
  );
}
