/**
 * Links into the invoice screens and the parameters of the slip (spec §2; our reading of cD in
 * docs/decisions/003-invoice-slip-params.md):
 *   /InvoiceSlip?ir=<enc invoice number>&cD=<enc issue date yyyy-MM-dd>   one invoice (cD optional)
 *   /InvoiceSlip?jm=<enc job number>                                      the invoices of a job
 *   /Invoice?jm=<enc job number>                                          the list filtered by job number
 * Every parameter is the plain value encoded by base64 four times (lib/encoding.ts). Server-only.
 */
import { z } from 'zod';
import { isCalendarDate } from '@/lib/core/calendar-date';
import { decodeParam, encodeParam, tryDecodeParam } from '@/lib/encoding';

/** A real calendar date yyyy-MM-dd (2026-02-30 is not): the one check, lib/core/calendar-date.ts. */
export { isCalendarDate };

export function invoiceSlipHref(invoice: { invoiceNumber: string; issueDate: string }): string {
  const q = new URLSearchParams({ ir: encodeParam(invoice.invoiceNumber), cD: encodeParam(invoice.issueDate) });
  return `/InvoiceSlip?${q.toString()}`;
}

export function invoiceSlipHrefForJob(jmsNumber: string): string {
  return `/InvoiceSlip?${new URLSearchParams({ jm: encodeParam(jmsNumber) }).toString()}`;
}

/** The invoice list filtered by a job number (the job list links each invoiced job here). */
export function invoiceListHrefForJob(jmsNumber: string): string {
  return `/Invoice?${new URLSearchParams({ jm: encodeParam(jmsNumber) }).toString()}`;
}

export type SlipLookup =
  { kind: 'invoice'; invoiceNumber: string; issueDate?: string } | { kind: 'job'; jmsNumber: string };

type QueryValue = string | string[] | undefined;
const first = (v: QueryValue): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * What /InvoiceSlip shows: by ir (with cD when given), else by jm. Undecodable values, or a cD that
 * is not a date, find nothing (null), exactly like an unknown invoice.
 */
export function slipLookupFrom(query: { ir?: QueryValue; cD?: QueryValue; jm?: QueryValue }): SlipLookup | null {
  const ir = first(query.ir);
  const cD = first(query.cD);
  if (ir) {
    const invoiceNumber = tryDecodeParam(ir)?.trim();
    if (!invoiceNumber) return null;
    if (!cD) return { kind: 'invoice', invoiceNumber };
    const issueDate = tryDecodeParam(cD);
    return issueDate && isCalendarDate(issueDate) ? { kind: 'invoice', invoiceNumber, issueDate } : null;
  }
  const jm = first(query.jm);
  if (jm) {
    const jmsNumber = tryDecodeParam(jm)?.trim();
    return jmsNumber ? { kind: 'job', jmsNumber } : null;
  }
  return null;
}

/** The decoded job number of /Invoice?jm=..., or null. */
export function jobNumberFromParam(jm: QueryValue): string | null {
  const v = first(jm);
  return v ? (tryDecodeParam(v)?.trim() ?? null) || null : null;
}

export const CLIENT_DATE_MSG = 'The invoice date must be a date in the form yyyy-MM-dd (plain or encoded).';

/** The {clientdate} segment of api/Invoice/InvoiceNumber/{number}/{clientdate}: the issue date, plain or encoded. */
export const clientDateSchema = z.string().transform((s, ctx) => {
  const plain = s.trim();
  if (isCalendarDate(plain)) return plain;
  let decoded: string | undefined;
  try {
    decoded = decodeParam(plain);
  } catch {
    decoded = undefined;
  }
  if (decoded !== undefined && isCalendarDate(decoded)) return decoded;
  ctx.addIssue({ code: 'custom', message: CLIENT_DATE_MSG });
  return z.NEVER;
});

/** A path segment naming an invoice or job number. */
export const numberSegmentSchema = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'A number is required.').max(50, 'The number is too long.'));
