/**
 * The /JobClient strip's view: each count as text ("1,000+" past the list's count cap, as the list's total says)
 * and the link to the list behind it. Browser-safe: the strip (components/jobs/AttentionStrip.tsx) renders in the
 * browser from the counts.
 */
import { attentionQuery, STRIP_PARAM, type JobAttentionKey, type StripScope } from './attention-keys';
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

/** The list behind a count of the strip in its scope (the viewer's own jobs carry `mine=1`). */
export const jobListHref = (key: JobAttentionKey, scope: StripScope = 'firm') => {
  const qs = new URLSearchParams(querySearchParams(attentionQuery(key, scope))).toString();
  return qs ? `/JobClient?${qs}` : '/JobClient';
};

/** The strip in the other scope (the list below keeps its own state: only the strip's parameter changes). */
export const otherScopeHref = (scope: StripScope) => `/JobClient?${STRIP_PARAM}=${scope === 'mine' ? 'firm' : 'mine'}`;
