/**
 * /InvoiceSlip (spec §2): ir (encoded invoice number) with cD (encoded issue date), or jm (encoded job
 * number: every invoice of the job). Opened in a new tab from the list, without the portal navigation,
 * printable. Unknown, foreign or malformed references answer 404 like a missing invoice.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { InvoiceSlipView } from '@/components/invoices/InvoiceSlipView';
import { PrintButton } from '@/components/invoices/PrintButton';
import { requirePageClientActor } from '@/lib/auth/page';
import { now } from '@/lib/clock';
import { todayIn } from '@/lib/invoices/issue-date';
import { slipLookupFrom } from '@/lib/invoices/links';
import { presentSlip } from '@/lib/invoices/present';
import { getInvoiceSlip, getInvoiceSlipsByJob } from '@/lib/invoices/service';

export const metadata: Metadata = { title: 'Invoice' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function InvoiceSlipPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor();
  const lookup = slipLookupFrom(await searchParams);
  if (!lookup) notFound();

  const slips =
    lookup.kind === 'invoice'
      ? [await getInvoiceSlip(actor, lookup.invoiceNumber, lookup.issueDate)].flatMap((s) => (s ? [s] : []))
      : await getInvoiceSlipsByJob(actor, lookup.jmsNumber);
  if (slips.length === 0) notFound();
  const today = todayIn(actor.timeZone, now());
  const views = slips.map((s) => presentSlip(s, today));

  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 print:max-w-none print:p-0">
      <div className="no-print flex flex-wrap items-center justify-between gap-3">
        {lookup.kind === 'job' ? (
          <h1 className="text-xl font-semibold text-ink">Invoices of job {lookup.jmsNumber}</h1>
        ) : (
          <span />
        )}
        <PrintButton />
      </div>
      {views.map((v, i) => (
        <InvoiceSlipView
          key={v.id}
          slip={v}
          headingLevel={lookup.kind === 'job' ? 2 : 1}
          className={i > 0 ? 'print:break-before-page' : undefined}
        />
      ))}
    </main>
  );
}
