/**
 * An invoice as a PDF (issue 30): an Australian tax invoice made with pdfkit. The words "Tax invoice", the
 * supplier's legal name and ABN, the issue date, the client, each line with its GST, and the subtotal, GST and
 * total; then how to pay (the payments page, or the bank details). Server-only.
 */
import { displayCalendarDate } from '@/lib/display-date';
import { formatMoney, formatQuantity, formatUnitPrice } from './money';
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
} from './pdf-kit';
import type { InvoiceSlip } from './service';
import { hasBankDetails } from './supplier';

export async function invoicePdf(slip: InvoiceSlip): Promise<Buffer> {
  const { invoice: i, client, supplier } = slip;
  const money = (v: string) => formatMoney(v, i.currencyCode);
  const doc = newPdf(`Tax invoice ${i.invoiceNumber}`, supplier.legalName);
  let y = drawSupplier(doc, supplier);

  doc.font('Helvetica-Bold').fontSize(18).text('Tax invoice', MARGIN, y);
  y = doc.y + 6;
  const facts: [string, string][] = [
    ['Invoice number', i.invoiceNumber],
    ['Issue date', displayCalendarDate(i.issueDate)],
    ['Due date', displayCalendarDate(i.dueDate)],
    ['Bill to', `${client.name} (account ${client.accountNumber})`],
    ['JMS number', i.jmsNumber],
    ['Matter reference', i.matterReference],
    ['Status', i.isPaid ? 'Paid' : 'Unpaid'],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    if (!value) continue;
    doc.font('Helvetica-Bold').text(`${label}:`, MARGIN, y, { width: 110 });
    doc.font('Helvetica').text(pdfText(value), MARGIN + 110, y, { width: CONTENT_WIDTH - 110 });
    y = doc.y + 2;
  }

  y = drawTable(
    doc,
    y + 12,
    [
      { header: 'Code', width: 60 },
      { header: 'Description', width: CONTENT_WIDTH - 60 - 50 - 70 - 80 - 60 },
      { header: 'Qty', width: 50, align: 'right' },
      { header: 'Unit price', width: 70, align: 'right' },
      { header: 'Amount excl. GST', width: 80, align: 'right' },
      { header: 'GST', width: 60, align: 'right' },
    ],
    slip.lines.map((l) => [
      l.extStockId,
      l.description,
      formatQuantity(l.quantity),
      formatUnitPrice(l.unitPrice, i.currencyCode),
      money(l.amount),
      money(l.gst),
    ]),
  );
  const partPaid = !i.isPaid && Number(slip.amountPaid) > 0;
  y = drawTotals(doc, y, [
    ['Subtotal excl. GST', money(slip.linesTotal)],
    ['GST', money(slip.gst)],
    ['Total incl. GST', money(i.amount), true],
    ...(partPaid
      ? ([
          ['Paid', money(slip.amountPaid)],
          ['Balance due', money(slip.balance), true],
        ] as const)
      : []),
  ]);

  if (!i.isPaid) {
    const how: string[] = [];
    if (slip.payUrl) how.push(`Pay online: ${slip.payUrl}`);
    if (hasBankDetails(supplier)) {
      how.push(
        `Bank transfer: ${supplier.bankAccountName}, BSB ${supplier.bankBsb}, account ${supplier.bankAccountNumber}. Please quote ${i.invoiceNumber} as the reference.`,
      );
    }
    if (how.length) {
      y = drawParagraph(doc, y + 12, ['How to pay'], { bold: true, size: 11 });
      y = drawParagraph(doc, y, how);
    }
  }
  drawParagraph(doc, y + 6, [`Sheets of paper: ${formatQuantity(slip.sheetsTotal)}`]);
  return pdfBytes(doc);
}
