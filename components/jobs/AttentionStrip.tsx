'use client';
/**
 * "What needs me": the strip of counts above the job list on /JobClient. Each count is a link to the
 * list behind it (the job list or the invoice list, already filtered), whose total shows the same number. A client
 * component given only the counts: its labels and links come from constants (lib/jobs/attention-keys.ts), so the
 * page's payload carries a few numbers, not the strip's markup a second time. Plain links, no state.
 */
import Link from 'next/link';
import type { JobAttentionCounts, JobAttentionKey } from '@/lib/jobs/attention-keys';
import { ATTENTION_LABELS } from '@/lib/jobs/attention-keys';
import { countText, jobListHref } from '@/lib/jobs/attention-present';
import { INVOICE_PARAM } from '@/lib/invoices/schema';

export interface AttentionStripProps {
  jobs: JobAttentionCounts;
  /** The client's unpaid and overdue invoices. */
  unpaid: number;
  overdue: number;
  /** The unpaid total, formatted per currency (lib/invoices/attention.ts presentInvoiceAttention). */
  owed: string;
}

export function AttentionStrip({ jobs, unpaid, overdue, owed }: AttentionStripProps) {
  const unpaidText = countText(unpaid);
  return (
    <nav aria-labelledby="attention-heading" data-testid="attention-strip">
      <h2 id="attention-heading" className="mb-2 text-base font-semibold text-ink">
        What needs me
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
        {(Object.keys(ATTENTION_LABELS) as JobAttentionKey[]).map((key) => (
          <li key={key}>
            <Link href={jobListHref(key)} className="tile" data-attention={key}>
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
