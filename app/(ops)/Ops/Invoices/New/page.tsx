/** /Ops/Invoices/New (issue 13): issue an invoice for one or more of a client's jobs. ?client=<id>&jobs=<JMS numbers> pre-fill it. */
import { formatInTimeZone } from 'date-fns-tz';
import type { Metadata } from 'next';
import { InvoiceForm } from '@/components/ops/InvoiceForm';
import { clientChoices } from '@/lib/clients/service';
import { now } from '@/lib/clock';
import { requireStaffPage } from '@/lib/ops/page';
import { issueInvoiceAction } from '../actions';

export const metadata: Metadata = { title: 'Issue invoice' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsNewInvoicePage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('invoices.manage');
  const sp = await searchParams;
  const clients = await clientChoices(actor);
  const wanted = typeof sp.client === 'string' && /^\d{1,9}$/.test(sp.client) ? Number(sp.client) : null;
  const jobs = typeof sp.jobs === 'string' ? sp.jobs.replace(/[^\d, ]/g, '').slice(0, 400) : '';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Issue invoice</h1>
      <InvoiceForm
        clients={clients}
        initialClientId={clients.some((c) => c.id === wanted) ? wanted : null}
        initialJobs={jobs}
        today={formatInTimeZone(now(), actor.timeZone, 'yyyy-MM-dd')}
        save={issueInvoiceAction}
      />
    </div>
  );
}
