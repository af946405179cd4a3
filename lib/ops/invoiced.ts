/**
 * "Invoiced: INV-…" on the staff queue and the staff job page: the number of the live invoice that bills the job
 * (a job is on one live invoice at most: the unique index `invoice_jobs_live_job_uq`, lib/invoices/billed.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { invoiceJobs, invoices, jobs } from '@/db/schema';

/** The invoice number billing the row's job, or null: a scalar subquery on the job's live link (one index probe). */
export const liveInvoiceNumberOfJob: SQL<string | null> = sql<
  string | null
>`(select ${invoices.invoiceNumber} from ${invoiceJobs} inner join ${invoices} on ${invoices.id} = ${invoiceJobs.invoiceId} where ${invoiceJobs.jobId} = ${jobs.id} and ${invoiceJobs.live} limit 1)`;

/** The number of the live invoice billing this job, or null. */
export async function liveInvoiceNumberOf(jobId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ n: invoices.invoiceNumber })
    .from(invoiceJobs)
    .innerJoin(invoices, eq(invoices.id, invoiceJobs.invoiceId))
    .where(and(eq(invoiceJobs.jobId, jobId), eq(invoiceJobs.live, true)))
    .limit(1);
  return row?.n ?? null;
}
