/** /Ops/Invoices/Payment: record a payment against one or several invoices. ?invoices=<numbers> pre-fills them and what they owe. */
import { formatInTimeZone } from 'date-fns-tz';
import type { Metadata } from 'next';
import { PaymentForm } from '@/components/ops/PaymentForm';
import { now } from '@/lib/clock';
import { owingOf } from '@/lib/invoices/payments';
import { requireStaffPage } from '@/lib/ops/page';
import { recordPaymentAction } from '../actions';

export const metadata: Metadata = { title: 'Record payment' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsPaymentPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('invoices.manage');
  const sp = await searchParams;
  const invoices = typeof sp.invoices === 'string' ? sp.invoices.replace(/[^A-Za-z0-9/, -]/g, '').slice(0, 800) : '';
  const owing = invoices ? await owingOf(actor, invoices.split(/[\s,]+/).filter(Boolean)) : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">Record payment</h1>
      <PaymentForm
        initial={{
          InvoiceNumbers: invoices,
          PaymentDate: formatInTimeZone(now(), actor.timeZone, 'yyyy-MM-dd'),
          Amount: owing ?? '',
          Reference: '',
        }}
        save={recordPaymentAction}
      />
    </div>
  );
}
