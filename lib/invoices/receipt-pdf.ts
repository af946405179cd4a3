/**
 * A receipt for a payment as a PDF, made with pdfkit like the invoice (lib/invoices/pdf-kit.ts: a tagged PDF in
 * English): the supplier, the word "Receipt", who paid, the date, the reference and the amount, and each invoice
 * the payment went to with what it received and what was left on it after. Server-only.
 */
import { displayCalendarDate } from '@/lib/display-date';
import { formatMoney } from './money';
import {
  CONTENT_WIDTH,
  MARGIN,
  drawParagraph,
  drawSupplier,
  drawTable,
  drawTotals,
  newPdf,
  pdfBytes,
  pdfText,
  tag,
} from './pdf-kit';
import type { Supplier } from './supplier';

export interface Receipt {
  paymentId: number;
  client: { name: string; accountNumber: string };
  paymentDate: string;
  amount: string;
  currencyCode: string;
  reference: string;
  /** Each invoice paid, in order: what it received, and what was left on it after this payment. */
  allocations: { invoiceNumber: string; issueDate: string; amount: string; balanceAfter: string }[];
  supplier: Supplier;
}

/** The receipt's file name. */
export function receiptFileName(r: Pick<Receipt, 'paymentId' | 'paymentDate'>): string {
  return `Receipt-${r.paymentDate}-${r.paymentId}.pdf`;
}

export async function receiptPdf(r: Receipt): Promise<Buffer> {
  const money = (v: string) => formatMoney(v, r.currencyCode);
  const doc = newPdf(`Receipt for a payment of ${money(r.amount)}`, r.supplier.legalName);
  const y0 = drawSupplier(doc, r.supplier);
  tag(doc, 'H1', () => doc.font('Helvetica-Bold').fontSize(18).text('Receipt', MARGIN, y0));
  let y = doc.y + 6;
  const facts: [string, string][] = [
    ['Received from', `${r.client.name} (account ${r.client.accountNumber})`],
    ['Payment date', displayCalendarDate(r.paymentDate)],
    ['Reference', r.reference],
    ['Amount received', money(r.amount)],
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    const at = y;
    tag(doc, 'P', () => {
      doc.font('Helvetica-Bold').fontSize(10).text(`${label}:`, MARGIN, at, { width: 110 });
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(pdfText(value), MARGIN + 110, at, { width: CONTENT_WIDTH - 110 });
    });
    y = doc.y + 2;
  }
  y = drawTable(
    doc,
    y + 12,
    [
      { header: 'Invoice', width: CONTENT_WIDTH - 80 - 110 - 110 },
      { header: 'Issued', width: 80 },
      { header: 'Received', width: 110, align: 'right' },
      { header: 'Left to pay', width: 110, align: 'right' },
    ],
    r.allocations.map((a) => [
      a.invoiceNumber,
      displayCalendarDate(a.issueDate),
      money(a.amount),
      money(a.balanceAfter),
    ]),
  );
  y = drawTotals(doc, y, [['Total received', money(r.amount), true]]);
  drawParagraph(doc, y + 12, ['Thank you for your payment. This receipt is for your records.']);
  return pdfBytes(doc);
}
