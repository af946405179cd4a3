'use client';
/** Columns of the invoice table and the mobile card template. */
import { MatterLink } from '@/components/jobs/MatterLink';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { type DataTableColumn } from '@/components/ui/DataTable';
import type { InvoiceRowView } from '@/lib/invoices/present';
import { InvoiceStatusBadge as StatusBadge } from './InvoiceStatusBadge';
import { INVOICE_SORT } from '@/lib/invoices/schema';

/** Opens the slip in a new tab (spec §1). */
function SlipLink({
  row,
  children,
  className,
}: {
  row: InvoiceRowView;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <a href={row.slipHref} target="_blank" rel="noopener" className={className}>
      {children}
    </a>
  );
}

function Actions({ row }: { row: InvoiceRowView }) {
  return (
    <span className="inline-flex gap-2">
      <SlipLink row={row} className={buttonClasses({ size: 'sm' })}>
        View<span className="sr-only">{` invoice ${row.invoiceNumber}`}</span>
      </SlipLink>
      {row.payHref ? (
        <a href={row.payHref} className={buttonClasses({ size: 'sm', variant: 'primary' })}>
          Pay<span className="sr-only">{` invoice ${row.invoiceNumber}`}</span>
        </a>
      ) : null}
    </span>
  );
}

export const invoiceColumns: DataTableColumn<InvoiceRowView>[] = [
  { id: 'jmsNumber', header: 'JMS Number', sortKey: INVOICE_SORT.jmsNumber, cell: (r) => r.jmsNumber },
  {
    id: 'matterReference',
    header: 'Matter Reference',
    sortKey: INVOICE_SORT.matterReference,
    cell: (r) => <MatterLink reference={r.matterReference} />,
    className: 'wa',
  },
  {
    id: 'invoiceNumber',
    header: 'Invoice Number',
    sortKey: INVOICE_SORT.invoiceNumber,
    // The row header: medium weight from the table (.dt), not a class on the link.
    cell: (r) => <SlipLink row={r}>{r.invoiceNumber}</SlipLink>,
  },
  { id: 'issueDate', header: 'Issue Date', sortKey: INVOICE_SORT.issueDate, cell: (r) => r.issueDate, className: 'nw' },
  { id: 'dueDate', header: 'Due Date', cell: (r) => r.dueDate, className: 'nw' },
  {
    id: 'amount',
    header: 'Amount',
    sortKey: INVOICE_SORT.amount,
    align: 'right',
    cell: (r) => r.amount,
    className: 'nw tabular-nums',
  },
  { id: 'status', header: 'Status', sortKey: INVOICE_SORT.status, cell: (r) => <StatusBadge status={r.status} /> },
  { id: 'actions', header: 'Actions', cell: (r) => <Actions row={r} /> },
];

export function InvoiceCard({ row }: { row: InvoiceRowView }) {
  return (
    <Card
      as="article"
      titleAs="h3"
      title={<SlipLink row={row}>{row.invoiceNumber}</SlipLink>}
      actions={<StatusBadge status={row.status} />}
      footer={<Actions row={row} />}
    >
      <dl className="dl">
        <dt>JMS Number</dt>
        <dd>{row.jmsNumber}</dd>
        <dt>Matter Reference</dt>
        <dd className="wa">
          <MatterLink reference={row.matterReference} />
        </dd>
        <dt>Issue Date</dt>
        <dd>{row.issueDate}</dd>
        <dt>Due Date</dt>
        <dd>{row.dueDate}</dd>
        <dt>Amount</dt>
        <dd className="font-semibold tabular-nums">{row.amount}</dd>
      </dl>
    </Card>
  );
}
