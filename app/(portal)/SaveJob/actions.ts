'use server';
/**
 * The /SaveJob server action: a thin adapter over lib/jobs through the one action wrapper (the client and the
 * user come from the session, never from the form). A saved job goes to /JobClient with the success banner
 * (spec §4); a refused one answers the order schema's field messages (DocumentModel for the file).
 */
import { redirect } from 'next/navigation';
import { encodeParam } from '@/lib/encoding';
import { clientUser, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { saveJob } from '@/lib/jobs/save';
import { saveJobRequestSchema } from '@/lib/jobs/save-request';

export async function saveJobAction(request: unknown): Promise<ActionResult<never>> {
  return runAction(
    clientUser(),
    saveJobRequestSchema,
    request,
    async (r, { actor, principal }) => {
      const saved = await saveJob(actor, r.values, { requestKey: r.requestKey, documentId: r.documentId, documentIds: r.documentIds, cloneSourceFile: r.cloneSourceFile, userAgent: principal.meta.userAgent });
      redirect(`/JobClient?messageType=1&jb=${encodeURIComponent(encodeParam(saved.jobId))}`);
    },
    { invalid: 'The request is not valid.' },
  );
}
