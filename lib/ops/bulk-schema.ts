/**
 * Bulk actions of the staff queue: which jobs (the ticked ones, or every job matching the queue's
 * filters across pages) and what to do with them (change their status, assign them). ONE schema for the browser
 * and the server action. Browser-safe. The service is lib/ops/bulk.ts.
 */
import { z } from 'zod';
import { assignSchema } from '@/lib/jobs/assign-rules';
import { statusChangeSchema } from '@/lib/jobs/workflow-rules';
import { queueExportBodySchema } from './queue-schema';

/** The most jobs one bulk action changes (each in its own transaction). */
export const BULK_MAX = 500;

/** How many jobs the no-delivered-file question names before it says how many more. */
export const BULK_NAMED_MAX = 10;

export const BULK_MSG = {
  chooseJobs: 'Please select at least one job.',
  tooMany: `At most ${BULK_MAX} jobs can be changed at once. Please narrow the filters and try again.`,
  chooseAction: 'Please choose what to do with the selected jobs.',
  selected: (n: number, capped = false) =>
    n === 1 ? '1 job selected.' : `${capped ? 'More than ' : ''}${n.toLocaleString('en-AU')} jobs selected.`,
  summary: (done: number, total: number, verb: string) =>
    `${verb} ${done} of ${total} ${total === 1 ? 'job' : 'jobs'}.`,
  refusedCount: (n: number) =>
    n === 0 ? 'None was refused.' : n === 1 ? '1 job was refused:' : `${n} jobs were refused:`,
} as const;

const jobId = z.number().int().min(1).max(2_147_483_647);

export const bulkSelectionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('ids'),
      jobIds: z
        .array(jobId, { error: BULK_MSG.chooseJobs })
        .min(1, BULK_MSG.chooseJobs)
        .max(BULK_MAX, BULK_MSG.tooMany),
    }),
    /** Every job matching the queue's filters (the body the Export button sends). */
    z.object({ kind: z.literal('query'), query: queueExportBodySchema }),
  ],
  { error: BULK_MSG.chooseJobs },
);

export const bulkActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('status'),
      toStatus: statusChangeSchema.shape.toStatus,
      comment: statusChangeSchema.shape.comment,
      visibility: statusChangeSchema.shape.visibility,
      /** The person confirmed Delivered for the selected jobs that have no delivered file. */
      confirmNoDeliverable: statusChangeSchema.shape.confirmNoDeliverable,
    }),
    z.object({ kind: z.literal('assign'), assigneeId: assignSchema.shape.assigneeId }),
  ],
  { error: BULK_MSG.chooseAction },
);

export const bulkSchema = z.object({ selection: bulkSelectionSchema, action: bulkActionSchema });
export type BulkInput = z.input<typeof bulkSchema>;

export interface BulkOutcome {
  /** How many jobs were selected (and tried). */
  total: number;
  done: { jobId: number; jmsNumber: string }[];
  /** Every job the service refused, in the order tried: its status code (409, 404, 400) and why. */
  refused: { jobId: number; jmsNumber: string; status: number; message: string }[];
  summary: string;
}
