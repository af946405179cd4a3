/** The one vocabulary of an invoice's state: the same facts give the same word on every page and the PDF. */
import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, INVOICE_STATUS_TONE, invoiceStatus, type InvoiceStatusFacts } from './status';

const facts = (over: Partial<InvoiceStatusFacts> = {}): InvoiceStatusFacts => ({
  isVoid: false,
  isPaid: false,
  amount: '110.00',
  amountPaid: '0.00',
  amountCredited: '0.00',
  overdue: false,
  ...over,
});

describe('invoice status words', () => {
  it('names each state once', () => {
    expect(invoiceStatus(facts())).toBe('Unpaid');
    expect(invoiceStatus(facts({ amountPaid: '10.00' }))).toBe('Part paid');
    expect(invoiceStatus(facts({ amountCredited: '10.00' }))).toBe('Part credited');
    expect(invoiceStatus(facts({ amountPaid: '10.00', amountCredited: '10.00' }))).toBe('Part paid');
    expect(invoiceStatus(facts({ amountPaid: '10.00', overdue: true }))).toBe('Overdue');
    expect(invoiceStatus(facts({ isPaid: true, amountPaid: '110.00' }))).toBe('Paid');
    // Settled by a payment and a note together: paid.
    expect(invoiceStatus(facts({ isPaid: true, amountPaid: '60.00', amountCredited: '50.00' }))).toBe('Paid');
    // Paid, then a price correction: still paid (the firm is in credit on its statement).
    expect(invoiceStatus(facts({ isPaid: true, amountPaid: '110.00', amountCredited: '22.00' }))).toBe('Paid');
    expect(invoiceStatus(facts({ isPaid: true, amountCredited: '110.00' }))).toBe('Credited in full');
    expect(invoiceStatus(facts({ isPaid: true, isVoid: true, overdue: true }))).toBe('Void');
    for (const s of INVOICE_STATUSES) expect(INVOICE_STATUS_TONE[s]).toBeTruthy();
  });
});
