/** The tax invoice PDF, fetched through its route like a browser and read back with unpdf. */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { GET as invoicePdfRoute } from '@/app/api/Invoice/Pdf/[number]/route';
import { userPrincipal } from '@/lib/core/principal';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, signedInStaff } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { creditNoteSchema, voidInvoiceSchema } from './credit-note-schema';
import { issueCreditNote, voidInvoice } from './credit-notes';
import { issueInvoice } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { saveSupplier } from './supplier';
import { supplierSchema } from './supplier-schema';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();
// A 1×1 PNG.
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function readPdf(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const { text } = await extractText(bytes, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const get = (number: string, token: string) =>
  invoicePdfRoute(
    new Request(`http://localhost/api/Invoice/Pdf/${encodeURIComponent(number)}`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
    { params: Promise.resolve({ number }) },
  );

describe('invoice PDF', () => {
  useTestDatabase();

  it('is a tax invoice with the supplier, ABN, lines, GST and total; another firm gets 404, staff get any', async () => {
    const staff = await staffActor(2);
    await saveSupplier(
      staff,
      userPrincipal(staff),
      supplierSchema.parse({
        LegalName: 'Legal Copy Services Pty Ltd',
        Abn: '51 824 753 556',
        Address: '1 George Street, Sydney NSW 2000',
        Email: 'accounts@legalcopy.example',
        Phone: '02 9000 0000',
        BankAccountName: 'Legal Copy Services',
        BankBsb: '062000',
        BankAccountNumber: '12345678',
        GstRate: '10',
        Logo: LOGO,
      }),
    );
    const user = await signedIn(3);
    const job = await makeJob({ clientId: user.clientId });
    const number = `INV-${uid()}`;
    await issueInvoice(
      userPrincipal(staff),
      invoiceIssueSchema.parse({
        ClientId: user.clientId,
        InvoiceNumber: number,
        JobNumbers: job.jmsNumber,
        IssueDate: '2026-11-20',
        DueDate: '2026-12-04',
        CurrencyCode: 'AUD',
        Lines: [
          { ExtStockId: 'EZ999', Description: 'Black and white A4', Quantity: '1200', Amount: '144.05' },
          { ExtStockId: 'BIND', Description: 'Binding', Quantity: '3', Amount: '10.00' },
        ],
      }),
    );
    const text = await readPdf(await get(number, user.token));
    expect(text).toContain('Tax invoice');
    expect(text).toContain('Legal Copy Services Pty Ltd');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(number);
    expect(text).toContain('20-Nov-2026');
    // Line GST: 14.405 → 14.41 (half a cent up) and 1.00; GST 15.41; total 154.05 + 15.41 = 169.46.
    expect(text).toContain('$14.41');
    expect(text).toMatch(/Subtotal excl\. GST \$154\.05/);
    expect(text).toMatch(/GST \$15\.41/);
    expect(text).toMatch(/Total incl\. GST \$169\.46/);
    // No payments page configured: the bank details say how to pay.
    expect(text).toContain('BSB 062-000');
    expect(text).toContain('12345678');

    const other = await signedIn(3);
    expect((await get(number, other.token)).status).toBe(404);
    const ops = await signedInStaff(2);
    expect(await readPdf(await get(number, ops.token))).toMatch(/Total incl\. GST \$169\.46/);
  });
});

describe('invoice PDF after an adjustment note or a void', () => {
  useTestDatabase();

  it('states what was credited and what is left to pay; a void invoice says Void, why, and not how to pay', async () => {
    const staff = userPrincipal(await staffActor(2));
    const user = await signedIn(3);
    const issue = async () => {
      const number = `INV-${uid()}`;
      const job = await makeJob({ clientId: user.clientId });
      await issueInvoice(
        staff,
        invoiceIssueSchema.parse({
          ClientId: user.clientId,
          InvoiceNumber: number,
          JobNumbers: job.jmsNumber,
          IssueDate: '2026-11-20',
          DueDate: '2026-12-04',
          CurrencyCode: 'AUD',
          Lines: [{ ExtStockId: 'BIND', Description: 'Binding', Quantity: '1', Amount: '100.00' }],
        }),
      );
      return number;
    };

    const credited = await issue();
    await issueCreditNote(
      staff,
      creditNoteSchema.parse({ InvoiceNumber: credited, Amount: '22.00', Reason: 'Two volumes not bound' }),
    );
    const part = await readPdf(await get(credited, user.token));
    expect(part).toContain('Status: Part credited');
    expect(part).toMatch(/Total incl\. GST \$110\.00/);
    expect(part).toMatch(/Credited by adjustment notes \$22\.00/);
    expect(part).toMatch(/Balance due \$88\.00/);

    const voided = await issue();
    await voidInvoice(staff, voidInvoiceSchema.parse({ InvoiceNumber: voided, Reason: 'Billed to the wrong firm' }));
    const text = await readPdf(await get(voided, user.token));
    expect(text).toContain('Status: Void');
    expect(text).toContain('Reason voided: Billed to the wrong firm');
    expect(text).not.toContain('Paid');
    expect(text).not.toContain('How to pay');
  });
});

describe('invoice PDF as a document', () => {
  useTestDatabase();

  it('is tagged in en-AU, names every job and matter, has no empty figures and no text over text at $999,999.99', async () => {
    const staff = await staffActor(2);
    const user = await signedIn(3);
    const jobs = [
      await makeJob({ clientId: user.clientId, matterReference: 'Smith v Jones' }),
      await makeJob({ clientId: user.clientId, matterReference: 'Re Estate of Brown' }),
      await makeJob({ clientId: user.clientId, matterReference: 'Harbour Holdings appeal' }),
    ];
    const number = `INV-${uid()}`;
    await issueInvoice(
      userPrincipal(staff),
      invoiceIssueSchema.parse({
        ClientId: user.clientId,
        InvoiceNumber: number,
        JobNumbers: jobs.map((j) => j.jmsNumber),
        IssueDate: '2026-11-20',
        DueDate: '2026-12-04',
        CurrencyCode: 'AUD',
        // 909,090.90 + GST 90,909.09 = 999,999.99: the widest amounts the columns must hold.
        Lines: [{ ExtStockId: 'APPEAL', Description: 'Appeal books', Quantity: '1', Amount: '909090.90' }],
      }),
    );
    const res = await get(number, user.token);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await getDocumentProxy(bytes.slice());
    const meta = await pdf.getMetadata();
    expect((meta.info as { Language?: string }).Language).toBe('en-AU');
    expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });

    const page = await pdf.getPage(1);
    const roles: string[] = [];
    const walk = (n: { role?: string; children?: unknown[] }) => {
      if (n.role) roles.push(n.role);
      for (const c of n.children ?? []) walk(c as { role?: string; children?: unknown[] });
    };
    walk((await page.getStructTree()) as { role?: string; children?: unknown[] });
    expect(roles).toEqual(expect.arrayContaining(['Document', 'H1', 'P', 'Table', 'TR', 'TH', 'TD']));

    const { text } = await extractText(bytes.slice(), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const j of jobs) expect(flat).toContain(j.jmsNumber);
    for (const m of ['Smith v Jones', 'Re Estate of Brown', 'Harbour Holdings appeal']) expect(flat).toContain(m);
    expect(flat).toMatch(/Total incl\. GST \$999,999\.99/);
    expect(flat).not.toContain('Sheets of paper');

    // No two pieces of text share any space on the page.
    const content = await page.getTextContent();
    type Item = { str: string; transform: number[]; width: number; height: number };
    const boxes = (content.items.filter((it) => 'str' in it) as Item[])
      .filter((it) => it.str.trim() !== '')
      .map((it) => ({ s: it.str, x: it.transform[4]!, y: it.transform[5]!, w: it.width, h: it.height }));
    const overlaps: string[] = [];
    for (let a = 0; a < boxes.length; a++)
      for (let b = a + 1; b < boxes.length; b++) {
        const p = boxes[a]!;
        const q = boxes[b]!;
        const dx = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
        const dy = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
        if (dx > 0.5 && dy > 0.5) overlaps.push(`"${p.s}" / "${q.s}"`);
      }
    expect(overlaps).toEqual([]);
  });
});
