/**
 * A payment received: ONE schema for the staff form (/Ops/Invoices/Payment), its server action, the
 * service and POST /api/v1/payments. Browser-safe.
 *
 * A payment has a date, an amount and a reference, and pays one or several invoices of one client: it is applied
 * to them in the order given, each up to what is left to pay on it, so a part payment leaves the rest owing. A
 * payment larger than what the invoices owe is refused.
 */
import { z } from 'zod';
import { isCalendarDate } from '@/lib/core/calendar-date';
import { formText } from '@/lib/validation';

export const PAYMENT_MSG = {
  invoicesRequired: 'Please enter at least one invoice number.',
  invoiceNumber: 'Invoice numbers contain only letters, digits and - / and are separated by commas or spaces.',
  invoiceMissing: (n: string) => `Invoice ${n} does not exist.`,
  invoicePaid: (n: string) => `Invoice ${n} is already paid.`,
  invoiceVoid: (n: string) => `Invoice ${n} is void: there is nothing to pay.`,
  oneClient: 'The invoices of one payment must all be of one client.',
  oneCurrency: 'The invoices of one payment must all be in one currency.',
  date: 'Please enter a date (yyyy-mm-dd).',
  amount: 'Please enter an amount greater than zero with at most two decimals (e.g. 125.50).',
  tooMuch: (owing: string) => `The payment is more than the invoices owe (${owing}).`,
} as const;

export const invoiceNumbersField = z
  .union([z.string(), z.array(z.string())], { error: PAYMENT_MSG.invoicesRequired })
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((s) => s.trim()).filter(Boolean))
  .refine((v) => v.every((n) => /^[A-Za-z0-9/-]{1,40}$/.test(n)), PAYMENT_MSG.invoiceNumber)
  .refine((v) => v.length >= 1, PAYMENT_MSG.invoicesRequired)
  .transform((v) => [...new Set(v)])
  .refine((v) => v.length <= 50, 'Please enter no more than 50 invoices.');

export const paymentSchema = z.object({
  InvoiceNumbers: invoiceNumbersField,
  PaymentDate: z
    .string({ error: PAYMENT_MSG.date })
    .transform((v) => v.trim())
    .refine(isCalendarDate, PAYMENT_MSG.date),
  Amount: z
    .union([z.string(), z.number()], { error: PAYMENT_MSG.amount })
    .transform((v) => String(v).trim().replace(/,/g, '').replace(/^\$/, ''))
    .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v) && Number(v) > 0, PAYMENT_MSG.amount),
  Reference: formText(100, { required: false }),
});
export type PaymentInput = z.input<typeof paymentSchema>;
export type PaymentForm = z.output<typeof paymentSchema>;
