/**
 * An adjustment (credit) note as a PDF, as the ATO asks of one: the words "Adjustment note", the supplier's legal
 * name and ABN, its date and number, the firm it is for, the original invoice's number and date, the amount of the
 * adjustment with the GST in it, and the reason. A tagged PDF in English (lib/invoices/pdf-kit.ts). Server-only.
 */
import { displayCalendarDate } from '@/lib/display-date';
import type { CreditNoteDocument } from './credit-notes';
import { fromCents, toCents } from './gst';
import { formatMoney } from './money';
import {
  CONTENT_WIDTH,
  MARGIN,
  drawParagraph,
  drawSupplier,
  drawTotals,
  newPdf,
  pdfBytes,
  pdfText,
  tag,
} from './pdf-kit';

export async function creditNotePdf(n: CreditNoteDocument): Promise<Buffer> {
  const money = (v: string) => formatMoney(v, n.currencyCode);
  const doc = newPdf(`Adjustment note ${n.creditNoteNumber}`, n.supplier.legalName);
  let y = drawSupplier(doc, n.supplier);
  tag(doc, 'H1', () => doc.font('Helvetica-Bold').fontSize(18).text('Adjustment note', MARGIN, y));
  y = doc.y + 6;
  const facts: [string, string][] = [
    ['Adjustment note number', n.creditNoteNumber],
    ['Date', displayCalendarDate(n.issueDate)],
    ['To', `${n.client.name} (account ${n.client.accountNumber})`],
    [
      'Original invoice',
      `${n.invoiceNumber}, issued ${displayCalendarDate(n.invoiceIssueDate)}, ${money(n.invoiceAmount)}`,
    ],
    ['Reason', n.reason],
  ];
  for (const [label, value] of facts) {
    const at = y;
    tag(doc, 'P', () => {
      doc.font('Helvetica-Bold').fontSize(10).text(`${label}:`, MARGIN, at, { width: 150 });
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(pdfText(value), MARGIN + 150, at, { width: CONTENT_WIDTH - 150 });
    });
    y = doc.y + 2;
  }
  y = drawTotals(doc, y + 12, [
    ['Adjustment excl. GST', money(fromCents(toCents(n.amount) - toCents(n.gst)))],
    ['GST', money(n.gst)],
    ['Adjustment incl. GST', money(n.amount), true],
  ]);
  drawParagraph(doc, y + 12, [
    `This adjustment note reduces the amount of invoice ${n.invoiceNumber} by ${money(n.amount)}, of which ${money(n.gst)} is GST.`,
  ]);
  return pdfBytes(doc);
}
