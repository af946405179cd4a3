'use client';
/**
 * "What needs me": the strip of counts above the job list on /JobClient. Each count is a link to the
 * list behind it (the job list or the invoice list, already filtered), whose total shows the same number. A client
 * component given only the counts: its labels and links come from constants (lib/jobs/attention-keys.ts), so the
 * page's payload carries a few numbers, not the strip's markup a second time. Plain links, no state.
 */
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import type { JobAttentionCounts, JobAttentionKey, StripScope } from '@/lib/jobs/attention-keys';
import { ATTENTION_LABELS, STRIP_PARAM } from '@/lib/jobs/attention-keys';
import { countText, jobListHref } from '@/lib/jobs/attention-present';
import { INVOICE_PARAM } from '@/lib/invoices/schema';

export interface AttentionStripProps {
  jobs: JobAttentionCounts;
  /** Whose jobs the counts are: the firm's, or the viewer's own. */
  scope: StripScope;
  /** The client's unpaid and overdue invoices. */
  unpaid: number;
  overdue: number;
  /** The unpaid total, formatted per currency (lib/invoices/attention.ts presentInvoiceAttention). */
  owed: string;
}

/**
 * The strip's links in its scope: the page with the strip in the other scope (the list's own parameters stay as
 * they are), and a count's list, which keeps a scope the viewer chose so the strip above it stays the same.
 */
function useScopeLinks(scope: StripScope) {
  const current = useSearchParams();
  const params = new URLSearchParams(current?.toString() ?? '');
  params.set(STRIP_PARAM, scope === 'mine' ? 'firm' : 'mine');
  const chosen = current?.has(STRIP_PARAM) ?? false;
  return {
    otherHref: `/JobClient?${params.toString()}`,
    tileHref: (key: JobAttentionKey) => {
      const href = jobListHref(key, scope);
      if (!chosen) return href;
      return `${href}${href.includes('?') ? '&' : '?'}${STRIP_PARAM}=${scope}`;
    },
  };
}

export function AttentionStrip({ jobs, scope, unpaid, overdue, owed }: AttentionStripProps) {
  const unpaidText = countText(unpaid);
  const { otherHref, tileHref } = useScopeLinks(scope);
  return (
    <nav aria-labelledby="attention-heading" data-testid="attention-strip" data-scope={scope}>
      <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="attention-heading" className="text-base font-semibold text-ink">
          What needs me
        </h2>
        <p className="text-sm text-muted" data-testid="strip-scope">
          {scope === 'mine' ? 'Your jobs: ordered by you or naming you as contact.' : "All of the firm's jobs."}{' '}
          <Link href={otherHref} data-testid="strip-scope-switch">
            {scope === 'mine' ? "Count the firm's jobs" : 'Count only my jobs'}
          </Link>
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
        {(Object.keys(ATTENTION_LABELS) as JobAttentionKey[]).map((key) => (
          <li key={key}>
            <Link href={tileHref(key)} className="tile" data-attention={key}>
              {/* The count and its label take their look from .tile (app/globals.css). */}
              <span data-count>{countText(jobs[key].n, jobs[key].capped)}</span>
              <span>{ATTENTION_LABELS[key]}</span>
            </Link>
          </li>
        ))}
        <li className="col-span-2 sm:col-span-4 xl:col-span-8">
          <div className="panel flex flex-wrap items-baseline gap-x-4 gap-y-1 px-3 py-2 text-sm shadow-xs">
            <Link href={`/Invoice?${INVOICE_PARAM.payment}=unpaid`} className="font-medium" data-attention="unpaid">
              <span className="tabular-nums" data-count>
                {unpaidText}
              </span>{' '}
              unpaid {unpaidText === '1' ? 'invoice' : 'invoices'}
            </Link>
            <span data-testid="unpaid-total">{owed} owed</span>
            <Link href={`/Invoice?${INVOICE_PARAM.payment}=overdue`} data-attention="overdue-invoices">
              <span className="tabular-nums" data-count>
                {countText(overdue)}
              </span>{' '}
              overdue
            </Link>
          </div>
        </li>
      </ul>
    </nav>
  );
}
