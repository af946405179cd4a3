/**
 * Each job is billed at most once: a job may be on one live invoice only (not voided, not fully credited). The
 * database holds the rule (the unique index `invoice_jobs_live_job_uq` on the live links, migration 0028); this
 * module names the invoice that already bills a job, for the refusal of a second invoice, the "Invoiced: INV-…"
 * label of the queue and the job page, and the draft of "Invoice these jobs", which leaves those jobs out.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { invoiceJobs, invoices, jobs } from '@/db/schema';
import { ConflictError } from '@/lib/core/errors';
import { uniqueViolationIndex } from '@/lib/core/db-errors';

/** The unique index that keeps a job on one live invoice. */
export const LIVE_JOB_INDEX = 'invoice_jobs_live_job_uq';

export const BILLED_MSG = {
  jobBilled: (jmsNumber: string, invoiceNumber: string) =>
    `Job ${jmsNumber} is already billed on invoice ${invoiceNumber}.`,
  jobsBilled: 'One or more of these jobs is already billed on another invoice.',
} as const;

export interface BilledJob {
  jobId: number;
  jmsNumber: string;
  invoiceNumber: string;
}

/** The live invoice of each of these jobs that has one, other than `exceptInvoiceId`. */
export async function liveInvoicesOfJobs(
  q: Queryable,
  jobIds: readonly number[],
  exceptInvoiceId: number | null = null,
): Promise<BilledJob[]> {
  if (!jobIds.length) return [];
  return q
    .select({ jobId: invoiceJobs.jobId, jmsNumber: jobs.jmsNumber, invoiceNumber: invoices.invoiceNumber })
    .from(invoiceJobs)
    .innerJoin(invoices, eq(invoices.id, invoiceJobs.invoiceId))
    .innerJoin(jobs, eq(jobs.id, invoiceJobs.jobId))
    .where(
      and(
        inArray(invoiceJobs.jobId, [...jobIds]),
        eq(invoiceJobs.live, true),
        exceptInvoiceId === null ? undefined : ne(invoiceJobs.invoiceId, exceptInvoiceId),
      ),
    )
    .orderBy(jobs.jmsNumber);
}

/** The refusal of an invoice for jobs another live invoice already bills: 409, each job named with its invoice. */
export function alreadyBilled(billed: readonly BilledJob[]): ConflictError {
  const messages = billed.map((b) => BILLED_MSG.jobBilled(b.jmsNumber, b.invoiceNumber));
  return new ConflictError(messages.length === 1 ? messages[0]! : messages.join(' '), { JobNumbers: messages });
}

/** Whether this error is the database refusing a second live invoice for a job (two issues at the same moment). */
export function isLiveJobClash(e: unknown): boolean {
  return uniqueViolationIndex(e) === LIVE_JOB_INDEX;
}
