/**
 * /Ops/Invoices/New: issue an invoice for one or more of a client's jobs. ?client=<id>&jobs=<JMS numbers>
 * or ?ids=<job ids> ("Invoice these jobs") open it as a draft: the client, the jobs, a line per job priced
 * from the client's price list, the due date from its payment terms and the next invoice number. Jobs a live invoice
 * already bills are left out of the draft and named.
 */
import { formatInTimeZone } from 'date-fns-tz';
import type { Metadata } from 'next';
import { InvoiceForm } from '@/components/ops/InvoiceForm';
import { clientChoices } from '@/lib/clients/service';
import { now } from '@/lib/clock';
import { requireStaffPage } from '@/lib/ops/page';
import { invoiceDraft } from '@/lib/invoices/prices';
import { getSupplier } from '@/lib/invoices/supplier';
import { Alert } from '@/components/ui/Alert';
import { issueInvoiceAction } from '../actions';

export const metadata: Metadata = { title: 'Issue invoice' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsNewInvoicePage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('invoices.manage');
  const sp = await searchParams;
  const clients = await clientChoices(actor);
  const wanted = typeof sp.client === 'string' && /^\d{1,9}$/.test(sp.client) ? Number(sp.client) : null;
  const jobs = typeof sp.jobs === 'string' ? sp.jobs.replace(/[^\d, ]/g, '').slice(0, 400) : '';
  const ids =
    typeof sp.ids === 'string'
      ? sp.ids
          .split(/[\s,]+/)
          .filter((v) => /^\d{1,9}$/.test(v))
          .map(Number)
          .slice(0, 100)
      : [];
  const draft = await invoiceDraft(actor, {
    clientId: clients.some((c) => c.id === wanted) ? wanted : null,
    jmsNumbers: jobs.split(/[\s,]+/).filter(Boolean),
    jobIds: ids,
  });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Issue invoice</h1>
      {draft?.billed.length ? (
        <Alert tone="warning">
          Left out, already billed: {draft.billed.map((b) => `job ${b.jmsNumber} on ${b.invoiceNumber}`).join('; ')}.
          {draft.values ? '' : ' There is nothing left to invoice.'}
        </Alert>
      ) : null}
      {draft?.values ? (
        <Alert tone="info">
          Prefilled for {draft.clientName}: a line per job from its price list, due in {draft.paymentTermsDays} days;
          the number is the next of the client&apos;s series, given when you issue. Check and change anything before
          issuing.
          {draft.unpriced.length
            ? ` No price for the order type of job ${draft.unpriced.join(', ')}: please enter its amount.`
            : ''}
        </Alert>
      ) : null}
      <InvoiceForm
        draft={draft?.values ?? null}
        gstRateBp={(await getSupplier()).gstRateBp}
        nextNumber={draft?.nextNumber ?? null}
        clients={clients}
        initialClientId={clients.some((c) => c.id === wanted) ? wanted : null}
        initialJobs={draft && !draft.values ? '' : jobs}
        today={formatInTimeZone(now(), actor.timeZone, 'yyyy-MM-dd')}
        save={issueInvoiceAction}
      />
    </div>
  );
}
