/**
 * One invoice slip (spec §3 InvoiceModel and InvoiceLineItemModel): header, line items, totals in the
 * invoice's currency, the sheets-of-paper total, and the Pay button. Print-friendly: black on white,
 * buttons hidden by the print stylesheet (app/globals.css). On a phone the line items scroll sideways in a
 * frame that says so.
 */
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { ScrollRegion } from '@/components/ui/ScrollRegion';
import type { InvoiceSlipView as Slip } from '@/lib/invoices/present';
import { INVOICE_STATUS_TONE } from '@/lib/invoices/status';

function Item({ label, value, href }: { label: string; value: string; href?: string | null }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-sm text-ink break-words">{value ? href ? <a href={href}>{value}</a> : value : '—'}</dd>
    </div>
  );
}

function SupplierBlock({ supplier }: { supplier: Slip['supplier'] }) {
  if (!supplier.legalName) return null;
  return (
    <div className="flex flex-wrap items-start gap-4 border-b border-line pb-4">
      {supplier.logoSrc ? (
        // A data: URL from the database: next/image adds nothing here.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={supplier.logoSrc}
          alt={`${supplier.legalName} logo`}
          className="h-14 w-auto max-w-40 object-contain"
        />
      ) : null}
      <div className="flex min-w-0 flex-col text-sm">
        <p className="font-semibold text-ink">{supplier.legalName}</p>
        {supplier.abn ? <p>ABN {supplier.abn}</p> : null}
        {supplier.address ? <p className="whitespace-pre-line">{supplier.address}</p> : null}
        {supplier.contact ? <p>{supplier.contact}</p> : null}
      </div>
    </div>
  );
}

export function PayLink({ href, invoiceNumber }: { href: string; invoiceNumber: string }) {
  return (
    <a href={href} className={cn(buttonClasses({ variant: 'primary' }), 'no-print')} data-print="hide">
      Pay<span className="sr-only"> invoice {invoiceNumber}</span>
    </a>
  );
}

export function InvoiceSlipView({
  slip,
  headingLevel = 1,
  className,
}: {
  slip: Slip;
  headingLevel?: 1 | 2;
  className?: string;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = `invoice-${slip.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-6 rounded-lg border border-line bg-surface p-6 print:border-0 print:p-0',
        className,
      )}
    >
      <SupplierBlock supplier={slip.supplier} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold tracking-wide text-ink uppercase">Tax invoice</p>
          <Heading id={headingId} className="text-2xl font-semibold text-ink">
            Invoice {slip.invoiceNumber}
          </Heading>
          <p className="text-sm text-ink">
            {slip.clientName} · Account {slip.accountNumber}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <Badge tone={INVOICE_STATUS_TONE[slip.status]}>{slip.status}</Badge>
          <a href={slip.pdfHref} className={cn(buttonClasses(), 'no-print')} data-print="hide" download>
            Download PDF<span className="sr-only"> of invoice {slip.invoiceNumber}</span>
          </a>
          {slip.payHref ? <PayLink href={slip.payHref} invoiceNumber={slip.invoiceNumber} /> : null}
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Item label="JMS Number" value={slip.jmsNumber} />
        <Item label="Matter Reference" value={slip.matterReference} href={slip.matterHref} />
        <Item label="Issue Date" value={slip.issueDate} />
        <Item label="Due Date" value={slip.dueDate} />
        <Item label="Branch" value={slip.branch} />
        <Item label="Currency" value={slip.currencyCode} />
      </dl>

      <ScrollRegion label="Line items">
        <table className="w-full border-collapse text-sm">
          <caption className="pb-2 text-left font-semibold text-ink">Line items</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="border-b border-line-strong px-3 py-2 text-left">
                Stock Code
              </th>
              <th scope="col" className="border-b border-line-strong px-3 py-2 text-left">
                Description
              </th>
              <th scope="col" className="border-b border-line-strong px-3 py-2 text-right">
                Quantity
              </th>
              <th scope="col" className="border-b border-line-strong px-3 py-2 text-right">
                Unit Price
              </th>
              <th scope="col" className="border-b border-line-strong px-3 py-2 text-right">
                Amount excl. GST
              </th>
              <th scope="col" className="border-b border-line-strong px-3 py-2 text-right">
                GST
              </th>
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((l) => (
              <tr key={l.id} className="border-b border-line">
                <td className="px-3 py-2">{l.stockCode}</td>
                <td className="px-3 py-2">{l.description}</td>
                <td className="px-3 py-2 text-right tabular-nums">{l.quantity}</td>
                <td className="px-3 py-2 text-right tabular-nums">{l.unitPrice}</td>
                <td className="px-3 py-2 text-right tabular-nums">{l.amount}</td>
                <td className="px-3 py-2 text-right tabular-nums">{l.gst}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5} className="px-3 py-2 text-right font-medium">
                Subtotal excl. GST
              </th>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="invoice-subtotal">
                {slip.subtotal}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={5} className="px-3 py-2 text-right font-medium">
                GST
              </th>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="invoice-gst">
                {slip.gst}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={5} className="px-3 py-2 text-right font-semibold">
                Total incl. GST
              </th>
              <td className="px-3 py-2 text-right font-semibold tabular-nums" data-testid="invoice-total">
                {slip.total}
              </td>
            </tr>
            {slip.amountPaid && slip.balance ? (
              <>
                <tr>
                  <th scope="row" colSpan={5} className="px-3 py-2 text-right font-medium">
                    Paid
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{slip.amountPaid}</td>
                </tr>
                {slip.amountCredited ? (
                  <tr>
                    <th scope="row" colSpan={5} className="px-3 py-2 text-right font-medium">
                      Credited
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{slip.amountCredited}</td>
                  </tr>
                ) : null}
                <tr>
                  <th scope="row" colSpan={5} className="px-3 py-2 text-right font-semibold">
                    Balance due
                  </th>
                  <td className="px-3 py-2 text-right font-semibold tabular-nums" data-testid="invoice-balance">
                    {slip.balance}
                  </td>
                </tr>
              </>
            ) : null}
          </tfoot>
        </table>
      </ScrollRegion>

      {slip.payments.length ? (
        <section aria-labelledby={`${headingId}-payments`} className="flex flex-col gap-2" data-print="keep-together">
          <h2 id={`${headingId}-payments`} className="text-sm font-semibold text-ink">
            Payments
          </h2>
          <ScrollRegion label={`Payments of invoice ${slip.invoiceNumber}`}>
            <table className="w-full border-collapse text-sm" data-testid="invoice-payments">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="border-b border-line-strong px-3 py-2 text-left">
                    Date
                  </th>
                  <th scope="col" className="border-b border-line-strong px-3 py-2 text-right">
                    Amount
                  </th>
                  <th scope="col" className="border-b border-line-strong px-3 py-2 text-left">
                    Reference
                  </th>
                </tr>
              </thead>
              <tbody>
                {slip.payments.map((p) => (
                  <tr key={p.key} className="border-b border-line">
                    <td className="px-3 py-2 whitespace-nowrap">{p.date}</td>
                    <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">{p.amount}</td>
                    <td className="px-3 py-2 break-words">{p.reference || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      ) : null}

      {slip.isVoid ? (
        <p className="rounded-lg border border-line p-4 text-sm text-ink" data-testid="invoice-void">
          This invoice is void: nothing is owed on it. Reason: {slip.voidReason}
        </p>
      ) : null}

      {slip.creditNotes.length > 0 ? (
        <section
          aria-labelledby={`${headingId}-credits`}
          className="flex flex-col gap-2 text-sm"
          data-print="keep-together"
        >
          <h2 id={`${headingId}-credits`} className="font-semibold text-ink">
            Adjustment notes
          </h2>
          <ul className="flex flex-col gap-1">
            {slip.creditNotes.map((n) => (
              <li key={n.creditNoteNumber} className="break-words">
                <a href={n.pdfHref} className="text-brand-700 underline" download>
                  Adjustment note {n.creditNoteNumber}
                  <span className="sr-only"> (PDF)</span>
                </a>{' '}
                of {n.issueDate}: {n.amount} (GST {n.gst}). {n.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="text-sm text-ink" data-print="keep-together">
        <span className="font-medium">Sheets of paper:</span> <span data-testid="sheets-total">{slip.sheetsTotal}</span>
      </p>

      {slip.howToPay ? (
        <section
          aria-labelledby={`${headingId}-pay`}
          className="rounded-lg border border-line p-4 text-sm"
          data-print="keep-together"
        >
          <h2 id={`${headingId}-pay`} className="font-semibold text-ink">
            How to pay
          </h2>
          <p className="mt-1">
            Please pay by bank transfer by the due date, quoting the invoice number as the reference.
          </p>
          <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-4">
            <Item label="Account name" value={slip.howToPay.accountName} />
            <Item label="BSB" value={slip.howToPay.bsb} />
            <Item label="Account number" value={slip.howToPay.accountNumber} />
            <Item label="Reference" value={slip.howToPay.reference} />
          </dl>
        </section>
      ) : null}
    </article>
  );
}
