'use server';
/** Server actions of /Ops/Invoices: thin adapters over lib/invoices/issue.ts (policy invoices.manage). */
import { invoiceIssueSchema, invoiceNumberSchema } from '@/lib/invoices/issue-schema';
import { issueInvoice, markedPaidSummary, markInvoicePaid } from '@/lib/invoices/issue';
import { saveSupplier } from '@/lib/invoices/supplier';
import { supplierSchema } from '@/lib/invoices/supplier-schema';
import { paymentSchema } from '@/lib/invoices/payment-schema';
import { paymentSummary, recordPayment } from '@/lib/invoices/payments';
import { priceListSchema } from '@/lib/invoices/prices-schema';
import { savePriceList } from '@/lib/invoices/prices';
import { creditNoteSchema, voidInvoiceSchema } from '@/lib/invoices/credit-note-schema';
import { issueCreditNote, voidInvoice } from '@/lib/invoices/credit-notes';
import { formatMoney } from '@/lib/invoices/money';
import { runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

export async function issueInvoiceAction(input: unknown): Promise<ActionResult<{ invoiceNumber: string }>> {
  return runAction(staff('invoices.manage'), invoiceIssueSchema, input, async (form, { principal }) => ({
    invoiceNumber: (await issueInvoice(principal, form)).invoiceNumber,
  }));
}

/** Answers the confirmation to show, with the amount recorded. */
export async function markInvoicePaidAction(invoiceNumber: unknown): Promise<ActionResult<string>> {
  return runAction(staff('invoices.manage'), invoiceNumberSchema, invoiceNumber, async (n, { principal }) =>
    markedPaidSummary(await markInvoicePaid(principal, n)),
  );
}

export async function saveSupplierAction(input: unknown): Promise<ActionResult> {
  return runAction(staff('invoices.manage'), supplierSchema, input, async (form, { actor, principal }) => {
    await saveSupplier(actor, principal, form);
    return null;
  });
}

export async function recordPaymentAction(input: unknown): Promise<ActionResult<{ summary: string }>> {
  return runAction(staff('invoices.manage'), paymentSchema, input, async (form, { principal }) => ({
    summary: paymentSummary(await recordPayment(principal, form)),
  }));
}

export async function savePriceListAction(input: unknown): Promise<ActionResult> {
  return runAction(staff('invoices.manage'), priceListSchema, input, async (form, { principal }) => {
    await savePriceList(principal, form);
    return null;
  });
}

/** Answers the confirmation to show on the invoice list. */
export async function voidInvoiceAction(input: unknown): Promise<ActionResult<string>> {
  return runAction(staff('invoices.manage'), voidInvoiceSchema, input, async (form, { principal }) => {
    const r = await voidInvoice(principal, form);
    return `Invoice ${r.invoiceNumber} is void. The firm has been e-mailed the reason.`;
  });
}

export async function issueCreditNoteAction(input: unknown): Promise<ActionResult<string>> {
  return runAction(staff('invoices.manage'), creditNoteSchema, input, async (form, { principal }) => {
    const r = await issueCreditNote(principal, form);
    return `Adjustment note ${r.creditNoteNumber} of ${formatMoney(r.amount, r.currencyCode)} has been issued for invoice ${r.invoiceNumber}. The firm has been e-mailed its PDF.`;
  });
}
