/**
 * Unpaid and overdue invoices, written once for the staff invoice list's "Paid" filter and the /Ops
 * overview's numbers, so that a number and the list it links to count the same rows. Overdue: unpaid, with a due
 * date before today in the staff member's zone. Both are served by the partial index invoices_unpaid_due_idx.
 */
import { and, lt, sql, type SQL } from 'drizzle-orm';
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
