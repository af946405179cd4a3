/**
 * An invoice as a PDF: an Australian tax invoice made with pdfkit. The words "Tax invoice", the
 * supplier's legal name and ABN, the issue date, the client, each line with its GST, and the subtotal, GST and
 * total; then how to pay (the payments page, or the bank details). Every job of the invoice is named with its
 * matter; a tagged PDF in English (lib/invoices/pdf-kit.ts). Server-only.
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
  tag,
} from './pdf-kit';
import type { InvoiceSlip } from './service';
import { invoiceStatus } from './status';
import { hasBankDetails } from './supplier';

/**
 * The status the document states, in the words of every other page (lib/invoices/status.ts). A document keeps no
 * "today", so it never says Overdue: it prints the due date instead.
 */
function pdfStatus(slip: InvoiceSlip): string {
  return invoiceStatus({
    ...slip.invoice,
    amountPaid: slip.amountPaid,
    amountCredited: slip.amountCredited,
    overdue: false,
  });
}

export async function invoicePdf(slip: InvoiceSlip): Promise<Buffer> {
  const { invoice: i, client, supplier } = slip;
  const money = (v: string) => formatMoney(v, i.currencyCode);
  const doc = newPdf(`Tax invoice ${i.invoiceNumber}`, supplier.legalName);
  let y = drawSupplier(doc, supplier);

  tag(doc, 'H1', () => doc.font('Helvetica-Bold').fontSize(18).text('Tax invoice', MARGIN, y));
  y = doc.y + 6;
  // Every job the invoice is for, each with its matter: one line each.
  const jobLines = slip.jobs.map((j) => `${j.jmsNumber}${j.matterReference ? `, matter ${j.matterReference}` : ''}`);
  const facts: [string, string][] = [
    ['Invoice number', i.invoiceNumber],
    ['Issue date', displayCalendarDate(i.issueDate)],
    ['Due date', displayCalendarDate(i.dueDate)],
    ['Bill to', `${client.name} (account ${client.accountNumber})`],
    [jobLines.length > 1 ? 'Jobs' : 'Job', jobLines.join('\n')],
    ['Status', pdfStatus(slip)],
    ['Reason voided', i.isVoid ? (slip.voidReason ?? '') : ''],
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    const at = y;
    // The value's height, not the label's, moves the next fact down: a value of several lines never meets the next.
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
  const credited = Number(slip.amountCredited) > 0;
  const partPaid = !i.isPaid && (Number(slip.amountPaid) > 0 || credited);
  y = drawTotals(doc, y, [
    ['Subtotal excl. GST', money(slip.linesTotal)],
    ['GST', money(slip.gst)],
    ['Total incl. GST', money(i.amount), true],
    ...(partPaid
      ? ([
          ...(Number(slip.amountPaid) > 0 ? ([['Paid', money(slip.amountPaid)]] as const) : []),
          ...(credited ? ([['Credited by adjustment notes', money(slip.amountCredited)]] as const) : []),
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
      y = drawParagraph(doc, y + 12, ['How to pay'], { bold: true, size: 11, role: 'H2' });
      y = drawParagraph(doc, y, how);
    }
  }
  // Only an invoice with sheets of paper on it says how many.
  if (Number(slip.sheetsTotal) > 0) drawParagraph(doc, y + 6, [`Sheets of paper: ${formatQuantity(slip.sheetsTotal)}`]);
  return pdfBytes(doc);
}
