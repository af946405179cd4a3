/** An invoice's status as the lists show it (lib/invoices/status.ts), each in its Badge tone. */
import type { InvoiceRowStatus } from '@/lib/invoices/present';

const STATUS_CLASS: Record<InvoiceRowStatus, string> = {
  Paid: 'badge badge-ok',
  Unpaid: 'badge badge-wt',
  'Part paid': 'badge badge-wt',
  'Part credited': 'badge badge-wt',
  'Credited in full': 'badge badge-ok',
  Overdue: 'badge badge-dg',
  Void: 'badge',
};

/** One short class each (app/globals.css .badge-ok and others), so a long list renders little markup. */
export function InvoiceStatusBadge({ status }: { status: InvoiceRowStatus }) {
  return <span className={STATUS_CLASS[status]}>{status}</span>;
}
