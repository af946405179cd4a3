/**
 * The pay link (spec §7): a navigation to the external payments page configured by PAYMENT_URL with
 * the query payment_reference (invoice number), payment_amount (two decimals), jms (job number) and
 * acno (the client's account number). Built with URL/URLSearchParams, so every value is encoded
 * and query parameters already on the configured URL are kept. Pure: the caller passes the base URL.
 */
import { twoDecimals } from './money';

export interface PayLinkInput {
  invoiceNumber: string;
  /** Exact decimal string, e.g. '1234.5'. */
  amount: string;
  jmsNumber: string;
  accountNumber: string;
}

/** The payments-page URL for an invoice, or null when no payments page is configured (or it is not a URL). */
export function buildPayLink(paymentUrl: string | undefined | null, input: PayLinkInput): string | null {
  if (!paymentUrl) return null;
  let url: URL;
  try {
    url = new URL(paymentUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('payment_reference', input.invoiceNumber);
  url.searchParams.set('payment_amount', twoDecimals(input.amount));
  url.searchParams.set('jms', input.jmsNumber);
  url.searchParams.set('acno', input.accountNumber);
  return url.toString();
}

/** Paid invoices offer no pay link (docs/decisions/003-invoice-slip-params.md). */
export function payLinkFor(
  paymentUrl: string | undefined | null,
  invoice: PayLinkInput & { isPaid: boolean },
): string | null {
  return invoice.isPaid ? null : buildPayLink(paymentUrl, invoice);
}
