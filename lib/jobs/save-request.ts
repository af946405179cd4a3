/**
 * The /SaveJob form's save request (server action) and its outcome. The values are the form values, parsed by
 * saveJob with the one job order schema; the rest says how to save them.
 */
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { ValidationError } from '@/lib/http/errors';
import { saveJob } from './save';

export const saveJobRequestSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  /** Generated when the form mounts: a double click or a retry returns the first job. */
  requestKey: z.string().max(100),
  /** The uploaded source file (api/Document/UploadJob/5), if any. */
  documentId: z.number().int().positive().max(2_147_483_647).nullable(),
  /** For a clone without a new file: copy the source job's file. */
  cloneSourceFile: z.boolean(),
});
export type SaveJobRequest = z.input<typeof saveJobRequestSchema>;

export type SaveJobOutcome =
  | { status: 'saved'; jobId: number; jmsNumber: string }
  /** Field messages keyed by the form's dotted paths (DocumentModel for the file, '' for the request). */
  | { status: 'invalid'; fields: Record<string, string[]> }
  | { status: 'signed-out' };

export async function saveJobRequest(actor: Actor, request: unknown, userAgent: string | null): Promise<SaveJobOutcome> {
  const r = saveJobRequestSchema.safeParse(request);
  if (!r.success) return { status: 'invalid', fields: { '': ['The request is not valid.'] } };
  try {
    const saved = await saveJob(actor, r.data.values, {
      requestKey: r.data.requestKey,
      documentId: r.data.documentId,
      cloneSourceFile: r.data.cloneSourceFile,
      userAgent,
    });
    return { status: 'saved', jobId: saved.jobId, jmsNumber: saved.jmsNumber };
  } catch (e) {
    if (e instanceof ValidationError) return { status: 'invalid', fields: e.fields ?? { '': [e.message] } };
    throw e;
  }
}
