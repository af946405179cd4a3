/**
 * /Ops/Invoices/Adjust?invoice=<number>: void the invoice (no payment, no adjustment note yet) or issue an
 * adjustment note for all or part of it; its adjustment notes so far, each with its PDF.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { CreditNoteForm, VoidInvoiceForm } from '@/components/ops/AdjustInvoiceForms';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { displayCalendarDate } from '@/lib/display-date';
import { adjustableInvoice } from '@/lib/invoices/credit-notes';
import { formatMoney } from '@/lib/invoices/money';
import { creditNotePdfHref } from '@/lib/invoices/present';
import { requireStaffPage } from '@/lib/ops/page';
import { issueCreditNoteAction, voidInvoiceAction } from '../actions';

export const metadata: Metadata = { title: 'Void or adjust invoice' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsAdjustInvoicePage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('invoices.manage');
  const sp = await searchParams;
  const number = typeof sp.invoice === 'string' ? sp.invoice.trim().slice(0, 40) : '';
  const inv = number ? await adjustableInvoice(actor, number) : null;
  if (!inv) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="page-title">Void or adjust invoice</h1>
        <Alert tone="error">This invoice does not exist.</Alert>
        <Link href="/Ops/Invoices" className={buttonClasses()}>
          Back to invoices
        </Link>
      </div>
    );
  }
  const money = (v: string) => formatMoney(v, inv.currencyCode);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="page-title break-all">Invoice {inv.invoiceNumber}</h1>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Client</dt>
        <dd>{inv.clientName}</dd>
        <dt className="font-medium">Total</dt>
        <dd>{money(inv.amount)}</dd>
        <dt className="font-medium">Paid</dt>
        <dd>{money(inv.amountPaid)}</dd>
        <dt className="font-medium">Credited</dt>
        <dd>{money(inv.amountCredited)}</dd>
      </dl>
      {inv.isVoid && <Alert tone="info">This invoice is void. Reason: {inv.voidReason}</Alert>}
      {inv.creditNotes.length > 0 && (
        <section aria-labelledby="notes-heading" className="flex flex-col gap-2">
          <h2 id="notes-heading" className="text-lg font-semibold">
            Adjustment notes
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {inv.creditNotes.map((n) => (
              <li key={n.creditNoteNumber} className="break-words">
                <a
                  href={creditNotePdfHref(n.creditNoteNumber)}
                  className="text-brand-700 underline"
                  aria-label={`PDF of adjustment note ${n.creditNoteNumber}`}
                  download
                >
                  {n.creditNoteNumber}
                </a>{' '}
                of {displayCalendarDate(n.issueDate)}: {money(n.amount)} (GST {money(n.gst)}). {n.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      {inv.canVoid && (
        <VoidInvoiceForm invoiceNumber={inv.invoiceNumber} amount={money(inv.amount)} save={voidInvoiceAction} />
      )}
      {!inv.isVoid && Number(inv.creditable) > 0 && Number(inv.amountPaid) > 0 && (
        <Alert tone="info">
          The firm has paid {money(inv.amountPaid)} of this invoice. An adjustment note beyond what is still owed leaves
          the firm in credit, shown on its statement; refunding it is done outside the portal.
        </Alert>
      )}
      {!inv.isVoid && Number(inv.creditable) > 0 && (
        <CreditNoteForm
          invoiceNumber={inv.invoiceNumber}
          creditable={money(inv.creditable)}
          save={issueCreditNoteAction}
        />
      )}
      <div>
        <Link href="/Ops/Invoices" className={buttonClasses()}>
          Back to invoices
        </Link>
      </div>
    </div>
  );
}
