/**
 * /Ops/Invoices: every client's invoices with the list machinery (URL state, debounced text
 * filter, client and status filters, page size, page links); issue a new one; mark one paid; record a payment;
 * void one or issue an adjustment note (/Ops/Invoices/Adjust);
 * the PDF of each; the supplier details and price lists.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { OpsActionButton } from '@/components/ops/OpsActionButton';
import { OpsFilters } from '@/components/ops/OpsFilters';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { Pagination } from '@/components/ui/Pagination';
import { clientChoices } from '@/lib/clients/service';
import { listStaffInvoices } from '@/lib/invoices/issue';
import { displayCalendarDate } from '@/lib/display-date';
import { formatMoney } from '@/lib/invoices/money';
import { invoicePdfHref } from '@/lib/invoices/present';
import { INVOICE_STATUS_TONE, invoiceStatus } from '@/lib/invoices/status';
import { pageFrom, pageSizeFrom } from '@/lib/lists/paging';
import { requireStaffPage } from '@/lib/ops/page';
import { markInvoicePaidAction } from './actions';

export const metadata: Metadata = { title: 'Invoices' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** To void the invoice or issue an adjustment note (/Ops/Invoices/Adjust). */
function AdjustLink({ invoiceNumber }: { invoiceNumber: string }) {
  return (
    <Link
      href={`/Ops/Invoices/Adjust?invoice=${encodeURIComponent(invoiceNumber)}`}
      className="text-sm text-brand-700 underline"
      aria-label={`Void or adjust invoice ${invoiceNumber}`}
    >
      Void or adjust
    </Link>
  );
}

export default async function OpsInvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('invoices.manage');
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === 'string' ? (sp[k] as string) : '');
  const text = one('q').slice(0, 100);
  const clientId = /^\d{1,9}$/.test(one('client')) ? Number(one('client')) : null;
  const paid = (['paid', 'unpaid', 'part', 'overdue', 'void'] as const).find((v) => v === one('paid')) ?? 'any';
  const page = pageFrom(one('page'));
  const pageSize = pageSizeFrom(one('pageSize'));
  const [result, clients] = await Promise.all([
    listStaffInvoices(actor, { text, clientId, paid }, { page, size: pageSize }),
    clientChoices(actor),
  ]);
  const href = (p: number) => {
    const q = new URLSearchParams();
    for (const k of ['q', 'client', 'paid', 'pageSize']) if (one(k)) q.set(k, one(k));
    if (p > 1) q.set('page', String(p));
    return `/Ops/Invoices?${q.toString()}`;
  };
  // "Mark paid" comes back to this list with its confirmation (the amount recorded).
  const here = href(page);
  const markedTo = `${here}${here.endsWith('?') ? '' : '&'}msg=3&done=`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Invoices</h1>
        <div className="flex flex-wrap gap-2">
          <Link href="/Ops/Invoices/Supplier" className={buttonClasses()}>
            Supplier details
          </Link>
          <Link href="/Ops/Invoices/Prices" className={buttonClasses()}>
            Price lists
          </Link>
          <Link href="/Ops/Invoices/Payment" className={buttonClasses()}>
            Record payment
          </Link>
          <Link href="/Ops/Invoices/New" className={buttonClasses({ variant: 'primary' })}>
            Issue invoice
          </Link>
        </div>
      </div>
      {one('msg') === '1' && (
        <Alert tone="success">The invoice has been issued: the client sees it in its invoice list now.</Alert>
      )}
      {one('msg') === '2' && (
        <Alert tone="success">
          The payment has been recorded: {one('paid').slice(0, 300)}. The client has been sent a receipt.
        </Alert>
      )}
      {one('msg') === '3' && one('done') && <Alert tone="success">{one('done').slice(0, 300)}</Alert>}
      <OpsFilters
        label="Invoice filters"
        text={{ name: 'q', label: 'Invoice, job number or client' }}
        choices={[
          {
            name: 'client',
            label: 'Client',
            options: [{ value: '', label: 'Any' }, ...clients.map((c) => ({ value: String(c.id), label: c.name }))],
          },
          {
            name: 'paid',
            label: 'Status',
            options: [
              { value: '', label: 'Any' },
              { value: 'unpaid', label: 'Unpaid (part paid too)' },
              { value: 'part', label: 'Part paid' },
              { value: 'overdue', label: 'Overdue' },
              { value: 'paid', label: 'Paid' },
              { value: 'void', label: 'Void' },
            ],
          },
        ]}
        pageSize={pageSize}
      />
      {result.totals.length > 0 && (
        <p className="text-sm" data-testid="invoice-list-total">
          {result.totals
            .map(
              (t) =>
                `Total of the ${t.count} invoice${t.count === 1 ? '' : 's'} shown${result.totals.length > 1 ? ` in ${t.currencyCode}` : ''}: ${formatMoney(t.amount, t.currencyCode)}, of which ${formatMoney(t.owed, t.currencyCode)} is still owed.`,
            )
            .join(' ')}
        </p>
      )}
      <OpsTable
        caption="Invoices"
        headers={['Invoice', 'Client', 'Job', 'Issued', 'Due', 'Amount', 'State']}
        empty={result.rows.length === 0}
      >
        {result.rows.map((i) => (
          <tr key={i.id}>
            <td className={`${td} font-medium break-all`}>
              {i.invoiceNumber}{' '}
              {/* aria-label, not an sr-only span: an absolutely placed span in the scrolling table widened the page at 390 px. */}
              <a
                href={invoicePdfHref(i.invoiceNumber)}
                className="text-sm font-normal text-brand-700 underline"
                aria-label={`PDF of invoice ${i.invoiceNumber}`}
                download
              >
                PDF
              </a>
            </td>
            <td className={td}>{i.clientName}</td>
            <td className={td}>{i.jmsNumber}</td>
            <td className={td}>{displayCalendarDate(i.issueDate)}</td>
            <td className={td}>{displayCalendarDate(i.dueDate)}</td>
            <td className={`${td} whitespace-nowrap`}>
              {formatMoney(i.amount, i.currencyCode)}
              {!i.isPaid && Number(i.amountPaid) > 0 ? (
                <span className="block text-xs text-muted">{formatMoney(i.amountPaid, i.currencyCode)} paid</span>
              ) : null}
              {!i.isVoid && Number(i.amountCredited) > 0 ? (
                <span className="block text-xs text-muted">
                  {formatMoney(i.amountCredited, i.currencyCode)} credited
                </span>
              ) : null}
            </td>
            <td className={td}>
              {i.isVoid ? (
                <Badge tone="neutral">Void</Badge>
              ) : i.isPaid ? (
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone={INVOICE_STATUS_TONE[invoiceStatus(i)]}>{invoiceStatus(i)}</Badge>
                  <AdjustLink invoiceNumber={i.invoiceNumber} />
                </span>
              ) : (
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone={INVOICE_STATUS_TONE[invoiceStatus(i)]}>{invoiceStatus(i)}</Badge>
                  <Link
                    href={`/Ops/Invoices/Payment?invoices=${encodeURIComponent(i.invoiceNumber)}`}
                    className="text-sm text-brand-700 underline"
                    aria-label={`Record payment for invoice ${i.invoiceNumber}`}
                  >
                    Record payment
                  </Link>
                  <OpsActionButton
                    label="Mark paid"
                    target={`invoice ${i.invoiceNumber}`}
                    confirm={{
                      title: 'Mark invoice paid',
                      message: `Mark invoice ${i.invoiceNumber} paid? A payment of the ${formatMoney(i.balance, i.currencyCode)} still owed is recorded, dated today, and the client is sent a receipt. Its pay link disappears.`,
                    }}
                    action={markInvoicePaidAction.bind(null, i.invoiceNumber)}
                    resultTo={markedTo}
                    done={`Invoice ${i.invoiceNumber} is marked paid.`}
                  />
                  <AdjustLink invoiceNumber={i.invoiceNumber} />
                </span>
              )}
              {i.payments.length ? (
                <ul
                  className="mt-1 flex flex-col text-xs text-muted"
                  aria-label={`Payments of invoice ${i.invoiceNumber}`}
                >
                  {i.payments.map((p, k) => (
                    <li key={k}>
                      {displayCalendarDate(p.paymentDate)}: {formatMoney(p.amount, i.currencyCode)}
                      {p.reference ? ` (${p.reference})` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
          </tr>
        ))}
      </OpsTable>
      <Pagination
        page={page}
        totalCount={result.totalCount}
        pageSize={pageSize}
        hrefForPage={href}
        showSummary={result.totalCount > 0}
        label="Invoice pages"
      />
    </div>
  );
}
