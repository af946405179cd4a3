/**
 * The few drawing helpers the invoice and statement PDFs share (issue 30), over pdfkit: an A4 page with the
 * standard Helvetica fonts (no font files of our own), a table that continues on a new page, and the document
 * collected into one Buffer. Server-only.
 */
import PDFDocument from 'pdfkit';
import type { Supplier } from './supplier';
import { formatAbn } from './supplier-schema';

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 48;
const PAGE_WIDTH = 595.28; // A4
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export function newPdf(title: string, author: string): Pdf {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: author || 'JMS Portal' },
    bufferPages: false,
  });
}

/** The whole document as bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The standard fonts speak WinAnsi: characters outside it are replaced rather than drawn as garbage. */
export function pdfText(v: string): string {
  return v
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF\n]/g, '?');
}

/** The supplier block at the top: logo, legal name, ABN, address, contact. Returns the y below it. */
export function drawSupplier(doc: Pdf, s: Supplier): number {
  const top = MARGIN;
  let x = MARGIN;
  if (s.logo) {
    try {
      doc.image(Buffer.from(s.logo.base64, 'base64'), MARGIN, top, { fit: [120, 56] });
      x = MARGIN + 132;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the invoice.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(pdfText(s.legalName || 'Supplier details not configured'), x, top, { width: CONTENT_WIDTH - (x - MARGIN) });
  doc.font('Helvetica').fontSize(9);
  if (s.abn) doc.text(`ABN ${formatAbn(s.abn)}`);
  if (s.address) doc.text(pdfText(s.address));
  const contact = [s.phone, s.email].filter(Boolean).join('  ');
  if (contact) doc.text(pdfText(contact));
  return Math.max(doc.y, top + (s.logo ? 60 : 0)) + 16;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table from y; rows that do not fit go on a new page under the repeated header. Returns the y below it. */
export function drawTable(
  doc: Pdf,
  y: number,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): number {
  const bottom = doc.page.height - MARGIN - 40;
  const header = (at: number): number => {
    doc.font('Helvetica-Bold').fontSize(9);
    let x = MARGIN;
    for (const c of columns) {
      doc.text(c.header, x + 2, at, { width: c.width - 4, align: c.align ?? 'left' });
      x += c.width;
    }
    const below = at + 14;
    doc
      .moveTo(MARGIN, below)
      .lineTo(MARGIN + CONTENT_WIDTH, below)
      .lineWidth(0.5)
      .stroke();
    return below + 4;
  };
  let at = header(y);
  doc.font('Helvetica').fontSize(9);
  for (const row of rows) {
    const height = Math.max(
      ...row.map((cell, i) => doc.heightOfString(pdfText(cell), { width: columns[i]!.width - 4 })),
      10,
    );
    if (at + height > bottom) {
      doc.addPage();
      at = header(MARGIN);
      doc.font('Helvetica').fontSize(9);
    }
    let x = MARGIN;
    row.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(pdfText(cell), x + 2, at, { width: c.width - 4, align: c.align ?? 'left' });
      x += c.width;
    });
    at += height + 4;
  }
  return at;
}

/** Label and value pairs right-aligned under a table (the totals). Returns the y below them. */
export function drawTotals(doc: Pdf, y: number, pairs: readonly (readonly [string, string, boolean?])[]): number {
  let at = y + 4;
  if (at + pairs.length * 14 > doc.page.height - MARGIN - 20) {
    doc.addPage();
    at = MARGIN;
  }
  for (const [label, value, bold] of pairs) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN, at, { width: CONTENT_WIDTH - 110, align: 'right' });
    doc.text(value, MARGIN + CONTENT_WIDTH - 100, at, { width: 100, align: 'right' });
    at += 14;
  }
  return at;
}

/** A paragraph at the left margin from y (a new page when it does not fit). */
export function drawParagraph(
  doc: Pdf,
  y: number,
  lines: readonly string[],
  o: { bold?: boolean; size?: number } = {},
): number {
  doc.font(o.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(o.size ?? 9);
  const text = lines.map(pdfText).join('\n');
  let at = y;
  if (at + doc.heightOfString(text, { width: CONTENT_WIDTH }) > doc.page.height - MARGIN) {
    doc.addPage();
    at = MARGIN;
  }
  doc.text(text, MARGIN, at, { width: CONTENT_WIDTH });
  return doc.y + 6;
}
