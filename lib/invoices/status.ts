/**
 * The words for an invoice's state, one set for every place that shows it (the firm's list and slip, the staff
 * list, the PDF, the matter search), so an operator and a firm read the same word for the same invoice:
 *
 * - Void: voided (owes nothing, was never paid).
 * - Credited in full: adjustment notes credited its whole total.
 * - Paid: nothing is left to pay otherwise (payments, with any adjustment notes).
 * - Overdue: something is left to pay after the due date (where the page knows today).
 * - Part paid: a payment covered part of it (the lists' "Part paid" filter).
 * - Part credited: an adjustment note reduced it, nothing paid yet.
 * - Unpaid: nothing paid or credited.
 *
 * Browser-safe.
 */

export const INVOICE_STATUSES = [
  'Unpaid',
  'Part paid',
  'Part credited',
  'Overdue',
  'Paid',
  'Credited in full',
  'Void',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceStatusFacts {
  isVoid: boolean;
  /** Nothing is left to pay (paid, credited in full or void). */
  isPaid: boolean;
  /** Decimal strings, two places. */
  amount: string;
  amountPaid: string;
  amountCredited: string;
  /** Unpaid past its due date; false where the reader has no "today" (a document). */
  overdue: boolean;
}

const cents = (v: string) => Math.round(Number(v) * 100);

export function invoiceStatus(f: InvoiceStatusFacts): InvoiceStatus {
  if (f.isVoid) return 'Void';
  if (f.isPaid) return cents(f.amountCredited) >= cents(f.amount) ? 'Credited in full' : 'Paid';
  if (f.overdue) return 'Overdue';
  if (cents(f.amountPaid) > 0) return 'Part paid';
  return cents(f.amountCredited) > 0 ? 'Part credited' : 'Unpaid';
}

/** The tone of each state: settled, waiting, late or neither. */
export const INVOICE_STATUS_TONE: Record<InvoiceStatus, 'success' | 'warning' | 'danger' | 'neutral'> = {
  Paid: 'success',
  'Credited in full': 'success',
  Unpaid: 'warning',
  'Part paid': 'warning',
  'Part credited': 'warning',
  Overdue: 'danger',
  Void: 'neutral',
};
