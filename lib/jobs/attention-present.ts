/**
 * The /JobClient strip's view: each count as text ("1,000+" past the list's count cap, as the list's total says)
 * and the link to the list behind it. Browser-safe: the strip (components/jobs/AttentionStrip.tsx) renders in the
 * browser from the counts.
 */
import { ATTENTION_QUERIES, type JobAttentionKey } from './attention-keys';
import { querySearchParams } from './list-schema';

export interface InvoiceAttentionView {
  unpaidText: string;
  overdueText: string;
  /** The unpaid total, per currency, formatted ("$1,234.50"; "$10.00 + NZD 5.00"); "$0.00" when nothing is owed. */
  owedText: string;
  unpaidHref: string;
  overdueHref: string;
}

const number = new Intl.NumberFormat('en-AU');

export const countText = (n: number, capped = false) => `${number.format(capped ? n - 1 : n)}${capped ? '+' : ''}`;

export const jobListHref = (key: JobAttentionKey) => {
  const qs = new URLSearchParams(querySearchParams(ATTENTION_QUERIES[key])).toString();
  return qs ? `/JobClient?${qs}` : '/JobClient';
};
