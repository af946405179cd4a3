/**
 * Unpaid and overdue invoices, written once for the invoice lists' Status filters (the client's and staff's) and
 * the /Ops overview's numbers, so that a number and the list it links to count the same rows. Overdue: unpaid, with a due
 * date before today in the staff member's zone. Both are served by the partial index invoices_unpaid_due_idx.
 */
import { and, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { formatInTimeZone } from 'date-fns-tz';
import { invoices } from '@/db/schema';

/** Today as an invoice date (yyyy-MM-dd) in a zone. */
export function invoiceToday(at: Date, timeZone: string): string {
  return formatInTimeZone(at, timeZone, 'yyyy-MM-dd');
}

/** Not paid: written as the partial index's predicate. */
export const UNPAID_INVOICE: SQL = sql`not ${invoices.isPaid}`;

export function overdueInvoice(today: string): SQL {
  return and(UNPAID_INVOICE, lt(invoices.dueDate, today))!;
}

/**
 * The conditions of a Status filter: unpaid (part paid too), part paid, paid, overdue as of `today`, or void. A void
 * invoice has nothing left to pay (is_paid) but is not paid: only the void filter shows it.
 */
export function paymentStatusWhere(filter: 'unpaid' | 'part' | 'paid' | 'overdue' | 'void', today: string): SQL {
  switch (filter) {
    case 'paid':
      return and(eq(invoices.isPaid, true), isNull(invoices.voidedAt))!;
    case 'void':
      return isNotNull(invoices.voidedAt);
    case 'unpaid':
      return UNPAID_INVOICE;
    case 'part':
      return and(UNPAID_INVOICE, gt(invoices.amountPaid, '0'))!;
    case 'overdue':
      return overdueInvoice(today);
  }
}
