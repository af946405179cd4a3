/**
 * Links to a job's pages, with its id or number encoded as spec §2 says (base64 four times, lib/encoding.ts).
 * Browser-safe: the job list's island builds a row's links from the row's id, number and reference, so the page's
 * payload carries those once instead of four long links a row.
 */
import { encodeParam } from '@/lib/encoding';

const enc = (v: string | number) => encodeURIComponent(encodeParam(v));

export const jobSlipHref = (id: number, printPrompt = false) =>
  `/JobSlip?jb=${enc(id)}${printPrompt ? '&showPrintDialog=1' : ''}`;
export const copyJobHref = (id: number) => `/SaveJob?jb=${enc(id)}`;
export const jobInvoiceHref = (jmsNumber: string) => `/Invoice?jm=${enc(jmsNumber)}`;
export const documentHref = (id: number) => `/api/Document/Download/${id}`;
/**
 * A matter's page: the reference (free text) encoded as the ids of spec §2 are (base64 four times), then
 * for the URL; '' (an invoice without a reference) has no page.
 */
export const matterHref = (reference: string): string | null => (reference ? `/Matter?ref=${enc(reference)}` : null);

/** A job list row's links: its slip, "Copy job", its invoice when one names it, and its matter's page. */
export function jobRowLinks(row: { id: number; jmsNumber: string; matterReference: string; invoiced: boolean }) {
  return {
    slip: jobSlipHref(row.id),
    copy: copyJobHref(row.id),
    invoice: row.invoiced ? jobInvoiceHref(row.jmsNumber) : null,
    matter: matterHref(row.matterReference),
  };
}
