/**
 * Voiding an invoice and issuing an adjustment (credit) note: ONE schema each for the staff forms
 * (/Ops/Invoices/Adjust), their server actions, the service and POST /api/v1/invoices/{invoiceNumber}/void and
 * /credit-notes. Browser-safe.
 *
 * A void needs a reason; an adjustment note an amount (GST included, greater than zero, at most two decimals) and a
 * reason. The rules that need the invoice (no payment before a void; no more credit than the invoice has left to
 * credit) are the service's (lib/invoices/credit-notes.ts).
 */
import { z } from 'zod';
import { formText } from '@/lib/validation';

export const REASON_MAX = 500;

export const CREDIT_MSG = {
  notFound: 'This invoice does not exist.',
  amount: 'Please enter an amount greater than zero with at most two decimals (e.g. 125.50).',
  void: (n: string) => `Invoice ${n} is void.`,
  hasPayment: (n: string) =>
    `Invoice ${n} has a payment recorded against it, so it cannot be voided. Please issue an adjustment note instead.`,
  hasCredit: (n: string) =>
    `Invoice ${n} has an adjustment note, so it cannot be voided. Please credit what is left instead.`,
  tooMuch: (left: string) => `The adjustment is more than is left to credit on this invoice (${left}).`,
  fullyCredited: (n: string) => `Invoice ${n} has already been credited in full.`,
} as const;

const invoiceNumber = z
  .string({ error: CREDIT_MSG.notFound })
  .trim()
  .min(1, CREDIT_MSG.notFound)
  .max(40, CREDIT_MSG.notFound);

export const voidInvoiceSchema = z.object({
  InvoiceNumber: invoiceNumber,
  Reason: formText(REASON_MAX),
});
export type VoidInvoiceInput = z.input<typeof voidInvoiceSchema>;
export type VoidInvoiceForm = z.output<typeof voidInvoiceSchema>;

export const creditNoteSchema = z.object({
  InvoiceNumber: invoiceNumber,
  Amount: z
    .union([z.string(), z.number()], { error: CREDIT_MSG.amount })
    .transform((v) => String(v).trim().replace(/,/g, '').replace(/^\$/, ''))
    .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v) && Number(v) > 0, CREDIT_MSG.amount),
  Reason: formText(REASON_MAX),
});
export type CreditNoteInput = z.input<typeof creditNoteSchema>;
export type CreditNoteForm = z.output<typeof creditNoteSchema>;
