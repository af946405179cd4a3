/**
 * The lists behind the /Reports page's numbers, each filtered to exactly the rows the number counts, so that the
 * list's total is the number: jobs ordered in a month or the period on the job list (/JobClient, by the month
 * they were logged in the viewer's zone, as the chart counts them); spend and invoices on the invoice list
 * (/Invoice, by issue month, with the bar's matter or job type). Browser-safe.
 */
import { INVOICE_PARAM, NO_JOB_TYPE } from '@/lib/invoices/schema';
import { DEFAULT_JOB_QUERY, querySearchParams } from '@/lib/jobs/list-schema';

/** The job list of the jobs logged from `from` to `to` ('YYYY-MM', both included). */
export function jobsLoggedHref(from: string, to: string): string {
  const qs = new URLSearchParams(querySearchParams({ ...DEFAULT_JOB_QUERY, loggedFrom: from, loggedTo: to }));
  return `/JobClient?${qs.toString()}`;
}

export interface InvoiceLinkFilter {
  from: string;
  to: string;
  /** Exactly this matter reference ('' has no exact filter: no link). */
  matter?: string;
  /** The order type of the invoices' job; null: not linked to a job. */
  orderType?: number | null;
}

/** The invoice list of the invoices issued from `from` to `to`, of the matter or job type; null when it has none. */
export function invoicesIssuedHref(f: InvoiceLinkFilter): string | null {
  if (f.matter === '') return null;
  const qs = new URLSearchParams([
    [INVOICE_PARAM.issuedFrom, f.from],
    [INVOICE_PARAM.issuedTo, f.to],
  ]);
  if (f.matter !== undefined) qs.set(INVOICE_PARAM.matterExact, f.matter);
  if (f.orderType !== undefined) qs.set(INVOICE_PARAM.jobType, String(f.orderType ?? NO_JOB_TYPE));
  return `/Invoice?${qs.toString()}`;
}
