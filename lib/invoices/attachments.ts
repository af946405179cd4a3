/**
 * The invoices' attachment kinds of the mail outbox (lib/mail/attachments.ts), registered by lib/server/tasks.ts:
 * the tax invoice PDF of an invoice ('invoice-pdf', by invoice id), the receipt PDF of a payment ('receipt-pdf',
 * by payment id) and the adjustment note PDF of a credit note ('credit-note-pdf', by credit note id). Each renders
 * from the committed rows when the message is sent.
 */
import type { AttachmentKind } from '@/lib/mail/attachments';
import { creditNotePdf } from './credit-note-pdf';
import { CREDIT_NOTE_PDF_ATTACHMENT, creditNoteDocumentById, creditNotePdfName } from './credit-notes';
import { invoicePdf } from './pdf';
import { RECEIPT_PDF_ATTACHMENT, receiptOf } from './payments';
import { receiptFileName, receiptPdf } from './receipt-pdf';
import { getInvoiceSlipById } from './service';

export const INVOICE_PDF_ATTACHMENT = 'invoice-pdf';

/** The invoice PDF's file name (as the PDF route names it). */
export function invoiceFileName(invoiceNumber: string): string {
  return `Invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

export const INVOICE_ATTACHMENT_KINDS: readonly AttachmentKind[] = [
  {
    kind: INVOICE_PDF_ATTACHMENT,
    async render(_q, id) {
      const slip = await getInvoiceSlipById(id);
      if (!slip) return null;
      return {
        filename: invoiceFileName(slip.invoice.invoiceNumber),
        contentType: 'application/pdf',
        content: await invoicePdf(slip),
      };
    },
  },
  {
    kind: RECEIPT_PDF_ATTACHMENT,
    async render(q, id) {
      const receipt = await receiptOf(q, id);
      if (!receipt) return null;
      return { filename: receiptFileName(receipt), contentType: 'application/pdf', content: await receiptPdf(receipt) };
    },
  },
  {
    kind: CREDIT_NOTE_PDF_ATTACHMENT,
    async render(q, id) {
      const doc = await creditNoteDocumentById(q, id);
      if (!doc) return null;
      return {
        filename: creditNotePdfName(doc.creditNoteNumber),
        contentType: 'application/pdf',
        content: await creditNotePdf(doc),
      };
    },
  },
];
