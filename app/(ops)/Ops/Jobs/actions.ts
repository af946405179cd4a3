'use server';
/**
 * Server actions of /Ops/Jobs: the queue's bulk actions, a thin adapter over lib/ops/bulk.ts (each job
 * through the one workflow or assignment service, in its own transaction). Staff with 'jobs.status' only; the
 * actor comes from the session.
 */
import { asSent, runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { runBulkAction } from '@/lib/ops/bulk';
import type { BulkInput, BulkOutcome } from '@/lib/ops/bulk-schema';

export async function bulkJobsAction(input: unknown): Promise<ActionResult<BulkOutcome>> {
  // The service parses with the bulk schema (the one the queue's bar builds its input for).
  return runAction(staff('jobs.status'), asSent, input, async (form, { principal }) =>
    runBulkAction(principal, (form ?? {}) as BulkInput),
  );
}
