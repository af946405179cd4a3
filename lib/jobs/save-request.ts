/**
 * The /SaveJob form's save request (server action). The values are the form values, parsed by saveJob with the
 * one job order schema; the rest says how to save them. Browser-safe.
 */
import { z } from 'zod';

export const saveJobRequestSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  /** Generated when the form mounts: a double click or a retry returns the first job. */
  requestKey: z.string().max(100),
  /** The uploaded source file (api/Document/UploadJob/5), if any. */
  documentId: z.number().int().positive().max(2_147_483_647).nullable(),
  /** The uploaded source files (up to 20), in the order shown; attached with documentId if both are sent. */
  documentIds: z.array(z.number().int().positive().max(2_147_483_647)).max(20).optional(),
  /** For a clone without a new file: copy the source job's file (when cloneDocumentIds is not sent). */
  cloneSourceFile: z.boolean(),
  /** Copy job: the earlier job's files the user chose to copy (ids of its source files). */
  cloneDocumentIds: z.array(z.number().int().positive().max(2_147_483_647)).max(20).optional(),
});
export type SaveJobRequest = z.input<typeof saveJobRequestSchema>;
