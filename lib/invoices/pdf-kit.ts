/**
 * The few drawing helpers the invoice and statement PDFs share, over pdfkit: an A4 page with the
 * standard Helvetica fonts (no font files of our own), a table that continues on a new page, and the document
 * collected into one Buffer. Server-only.
 *
 * The documents are tagged PDFs with their language set (en-AU), so a screen reader reads them in order: every
 * helper puts what it draws in the document's structure tree (H1, P, Figure with its alternative text, Table with
 * TR/TH/TD), and rules are marked as artifacts (decoration, not content).
 */
import PDFDocument from 'pdfkit';
import type { Supplier } from './supplier';
import { formatAbn } from './supplier-schema';

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 48;
const PAGE_WIDTH = 595.28; // A4
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** The language of the documents' text. */
export const PDF_LANG = 'en-AU';

type Struct = PDFKit.PDFStructureElement;
const roots = new WeakMap<Pdf, Struct>();

export function newPdf(title: string, author: string): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: author || 'JMS Portal' },
    bufferPages: false,
    tagged: true,
    lang: PDF_LANG,
    displayTitle: true,
    pdfVersion: '1.7',
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  roots.set(doc, root);
  return doc;
}

/** Draws into a new element of the structure tree (under `parent`, else the document's root). */
export function tag(doc: Pdf, role: string, draw: () => void, parent?: Struct, alt?: string): void {
  const el = doc.struct(role, alt ? { alt } : {}, draw);
  (parent ?? roots.get(doc)!).add(el);
}

/** A container element (Table, TR) under `parent` or the root; end it once its children are added. */
export function group(doc: Pdf, role: string, parent?: Struct): Struct {
  const el = doc.struct(role);
  (parent ?? roots.get(doc)!).add(el);
  return el;
}

/** Decoration (rules) outside the structure tree. */
function artifact(doc: Pdf, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** The whole document as bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    roots.get(doc)?.end();
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
      const logo = Buffer.from(s.logo.base64, 'base64');
      // Opened first, so a logo pdfkit cannot read throws before anything is added to the structure tree.
      (doc as unknown as { openImage(src: Buffer): unknown }).openImage(logo); // pdfkit has it; its types do not
      tag(
        doc,
        'Figure',
        () => doc.image(logo, MARGIN, top, { fit: [120, 56] }),
        undefined,
        `Logo of ${pdfText(s.legalName || 'the supplier')}`,
      );
      x = MARGIN + 132;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the invoice.
    }
  }
  const width = CONTENT_WIDTH - (x - MARGIN);
  tag(doc, 'P', () =>
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(pdfText(s.legalName || 'Supplier details not configured'), x, top, { width }),
  );
  doc.font('Helvetica').fontSize(9);
  const contact = [s.phone, s.email].filter(Boolean).join('  ');
  for (const line of [s.abn ? `ABN ${formatAbn(s.abn)}` : '', s.address, contact]) {
    if (line) tag(doc, 'P', () => doc.font('Helvetica').fontSize(9).text(pdfText(line), x, doc.y, { width }));
  }
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
  const table = group(doc, 'Table');
  // A heading that wraps (e.g. "Amount excl. GST" in a narrow column) pushes the rule and the rows down with it.
  const header = (at: number): number => {
    doc.font('Helvetica-Bold').fontSize(9);
    const height = Math.max(...columns.map((c) => doc.heightOfString(c.header, { width: c.width - 4 })), 10);
    const tr = group(doc, 'TR', table);
    let x = MARGIN;
    for (const c of columns) {
      const left = x;
      tag(doc, 'TH', () => doc.text(c.header, left + 2, at, { width: c.width - 4, align: c.align ?? 'left' }), tr);
      x += c.width;
    }
    tr.end();
    const below = at + height + 3;
    artifact(doc, () =>
      doc
        .moveTo(MARGIN, below)
        .lineTo(MARGIN + CONTENT_WIDTH, below)
        .lineWidth(0.5)
        .stroke(),
    );
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
    const tr = group(doc, 'TR', table);
    let x = MARGIN;
    row.forEach((cell, i) => {
      const c = columns[i]!;
      const left = x;
      tag(doc, 'TD', () => doc.text(pdfText(cell), left + 2, at, { width: c.width - 4, align: c.align ?? 'left' }), tr);
      x += c.width;
    });
    tr.end();
    at += height + 4;
  }
  table.end();
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
    const line = at;
    tag(doc, 'P', () => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      doc.text(label, MARGIN, line, { width: CONTENT_WIDTH - 110, align: 'right' });
      doc.text(value, MARGIN + CONTENT_WIDTH - 100, line, { width: 100, align: 'right' });
    });
    at += 14;
  }
  return at;
}

/** A paragraph at the left margin from y (a new page when it does not fit). */
export function drawParagraph(
  doc: Pdf,
  y: number,
  lines: readonly string[],
  o: { bold?: boolean; size?: number; role?: 'P' | 'H1' | 'H2' } = {},
): number {
  doc.font(o.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(o.size ?? 9);
  const text = lines.map(pdfText).join('\n');
  let at = y;
  if (at + doc.heightOfString(text, { width: CONTENT_WIDTH }) > doc.page.height - MARGIN) {
    doc.addPage();
    at = MARGIN;
  }
  tag(doc, o.role ?? 'P', () => doc.text(text, MARGIN, at, { width: CONTENT_WIDTH }));
  return doc.y + 6;
}
