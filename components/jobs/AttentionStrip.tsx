/**
 * "What needs me" (issue 28): the strip of counts above the job list on /JobClient. Each count is a link to the
 * list behind it (the job list or the invoice list, already filtered), whose total shows the same number. A server
 * component: plain links, nothing to hydrate.
 */
import Link from 'next/link';
import type { AttentionStripView } from '@/lib/jobs/attention-present';

/** A count's link: the .tile class of app/globals.css. */
const tile = 'tile';

export function AttentionStrip({ view }: { view: AttentionStripView }) {
  return (
    <nav aria-labelledby="attention-heading" data-testid="attention-strip">
      <h2 id="attention-heading" className="mb-2 text-base font-semibold text-ink">
        What needs me
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
        {view.jobs.map((t) => (
          <li key={t.key}>
            <Link href={t.href} className={tile} data-attention={t.key}>
              {/* The count and its label take their look from .tile (app/globals.css). */}
              <span data-count>{t.countText}</span>
              <span>{t.label}</span>
            </Link>
          </li>
        ))}
        <li className="col-span-2 sm:col-span-4 xl:col-span-8">
          <div className="panel flex flex-wrap items-baseline gap-x-4 gap-y-1 px-3 py-2 text-sm shadow-xs">
            <Link href={view.invoices.unpaidHref} className="font-medium" data-attention="unpaid">
              <span className="tabular-nums" data-count>
                {view.invoices.unpaidText}
              </span>{' '}
              unpaid {view.invoices.unpaidText === '1' ? 'invoice' : 'invoices'}
            </Link>
            <span data-testid="unpaid-total">{view.invoices.owedText} owed</span>
            <Link href={view.invoices.overdueHref} data-attention="overdue-invoices">
              <span className="tabular-nums" data-count>
                {view.invoices.overdueText}
              </span>{' '}
              overdue
            </Link>
          </div>
        </li>
      </ul>
    </nav>
  );
}
