/** An invoice's status as the lists show it: Paid, Unpaid, Part paid, Overdue or Void, each in its Badge tone. */
import type { InvoiceRowStatus } from '@/lib/invoices/present';

const STATUS_CLASS: Record<InvoiceRowStatus, string> = {
  Paid: 'badge badge-ok',
  Unpaid: 'badge badge-wt',
  'Part paid': 'badge badge-wt',
  Overdue: 'badge badge-dg',
  Void: 'badge',
};

/** One short class each (app/globals.css .badge-ok and others), so a long list renders little markup. */
export function InvoiceStatusBadge({ status }: { status: InvoiceRowStatus }) {
  return <span className={STATUS_CLASS[status]}>{status}</span>;
}
