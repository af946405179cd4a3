/** The statement of account as a PDF, with pdfkit: supplier, client, opening balance, lines, closing balance, ageing. Server-only. */
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
import { hasCredit, type Statement } from './statement';

export async function statementPdf(s: Statement): Promise<Buffer> {
  const money = (v: string) => formatMoney(v, s.currencyCode);
  const doc = newPdf(`Statement of account ${s.client.accountNumber}`, s.supplier.legalName);
  let y = drawSupplier(doc, s.supplier);
  tag(doc, 'H1', () => doc.font('Helvetica-Bold').fontSize(18).text('Statement of account', MARGIN, y));
  tag(doc, 'P', () =>
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(pdfText(`${s.client.name} (account ${s.client.accountNumber})`)),
  );
  tag(doc, 'P', () => doc.text(`From ${displayCalendarDate(s.from)} to ${displayCalendarDate(s.asOf)}`));
  y = drawTotals(doc, doc.y + 6, [['Opening balance', money(s.opening), true]]);
  const w = CONTENT_WIDTH - 70 - 90 - 75 - 75 - 80;
  y = drawTable(
    doc,
    y + 6,
    [
      { header: 'Date', width: 70 },
      { header: 'Reference', width: 90 },
      { header: 'Description', width: w },
      { header: 'Debit', width: 75, align: 'right' },
      { header: 'Credit', width: 75, align: 'right' },
      { header: 'Balance', width: 80, align: 'right' },
    ],
    s.lines.map((l) => [
      displayCalendarDate(l.date),
      l.reference,
      l.description,
      l.debit ? money(l.debit) : '',
      l.credit ? money(l.credit) : '',
      money(l.balance),
    ]),
  );
  y = drawTotals(doc, y, [['Closing balance', money(s.closing), true]]);
  y = drawParagraph(doc, y + 12, ['Ageing of what is owed (by days past the due date)'], {
    bold: true,
    size: 11,
    role: 'H2',
  });
  y = drawTable(
    doc,
    y,
    [
      { header: 'Current', width: CONTENT_WIDTH / 5, align: 'right' },
      { header: '30 days', width: CONTENT_WIDTH / 5, align: 'right' },
      { header: '60 days', width: CONTENT_WIDTH / 5, align: 'right' },
      { header: '90+ days', width: CONTENT_WIDTH / 5, align: 'right' },
      { header: 'Total owed', width: CONTENT_WIDTH / 5, align: 'right' },
    ],
    [
      [
        money(s.ageing.current),
        money(s.ageing.days30),
        money(s.ageing.days60),
        money(s.ageing.days90),
        money(s.ageing.total),
      ],
    ],
  );
  if (hasCredit(s))
    y = drawParagraph(doc, y + 8, [
      `In credit: ${money(s.inCredit)}. An adjustment note reduced an invoice that had already been paid, so the closing balance is the total owed less this credit.`,
    ]);
  const bank = s.supplier.bankAccountName && s.supplier.bankBsb && s.supplier.bankAccountNumber;
  if (bank && s.unpaid.length) {
    drawParagraph(doc, y + 12, [
      `Bank transfer: ${s.supplier.bankAccountName}, BSB ${s.supplier.bankBsb}, account ${s.supplier.bankAccountNumber}. Please quote the invoice numbers as the reference.`,
    ]);
  }
  return pdfBytes(doc);
}
