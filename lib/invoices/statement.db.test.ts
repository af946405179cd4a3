/**
 * The statement of account with a fixed clock: ageing of invoices dated 10, 40, 70 and 100 days ago,
 * the opening balance, payments and the running balance; the PDF and CSV downloads for the firm's administrator.
 */
import { extractText } from 'unpdf';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { creditNotes, invoices } from '@/db/schema';
import { GET as statementRoute } from '@/app/api/Invoice/Statement/[format]/route';
import { GET as staffStatementRoute } from '@/app/api/Ops/Invoices/Statement/[format]/route';
import { GET as receivablesRoute } from '@/app/api/Ops/Invoices/Receivables/route';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { userPrincipal } from '@/lib/core/principal';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, signedInStaff } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { issueInvoice } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { paymentSchema } from './payment-schema';
import { recordPayment } from './payments';
import { agedReceivables } from './ledger';
import { creditNoteSchema } from './credit-note-schema';
import { issueCreditNote } from './credit-notes';
import { staffStatement, statementFor } from './statement';

const uid = () => Math.random().toString(36).slice(2, 7).toUpperCase();
// 26 Nov 2026, 10:00 in Sydney.
const NOW = '2026-11-25T23:00:00Z';
const TODAY = '2026-11-26';
const daysAgo = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe('statement of account', () => {
  const t = useTestDatabase();
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  async function firm() {
    restore = setClock(fixedClock(NOW));
    const staff = await staffActor(2);
    const admin = await signedIn(4);
    const issue = async (days: number, amount: string, dueIn = 14) => {
      const number = `ST-${uid()}`;
      // A job is billed once: each invoice is for a job of its own.
      const job = await makeJob({ clientId: admin.clientId });
      await issueInvoice(
        userPrincipal(staff),
        invoiceIssueSchema.parse({
          ClientId: admin.clientId,
          InvoiceNumber: number,
          JobNumbers: job.jmsNumber,
          IssueDate: daysAgo(days),
          DueDate: daysAgo(days - dueIn),
          CurrencyCode: 'AUD',
          Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: amount }],
        }),
      );
      return number;
    };
    const pay = (numbers: string[], amount: string, date: string) =>
      recordPayment(
        userPrincipal(staff),
        paymentSchema.parse({ InvoiceNumbers: numbers, PaymentDate: date, Amount: amount, Reference: 'EFT' }),
      );
    return { admin, issue, pay };
  }

  it('ages what is owed by days past the due date: due 4 days ahead, 41, 71 and 106 days ago fall in current, 30, 60 and 90+', async () => {
    const { admin, issue, pay } = await firm();
    const a = await issue(10, '100.00'); // 110.00, due in 4 days
    await issue(55, '200.00'); // 220.00, 41 days past due
    await issue(85, '300.00'); // 330.00, 71 days past due
    const d = await issue(120, '400.00'); // 440.00, 106 days past due
    await pay([d], '40.00', daysAgo(5)); // 400.00 left in 90+
    // 40 days old, due 30 days after issue: 10 days past due, current (by issue date it would be 30 days).
    await issue(40, '1.00', 30); // 1.10
    const old = await issue(130, '10.00'); // 11.00, paid in full below: not aged
    await pay([old], '11.00', daysAgo(120));

    const s = await statementFor(admin.actor, { from: daysAgo(125) });
    expect(s.asOf).toBe(TODAY);
    expect(s.ageing).toEqual({
      current: '111.10',
      days30: '220.00',
      days60: '330.00',
      days90: '400.00',
      total: '1061.10',
    });
    expect(s.unpaid.map((u) => [u.daysPastDue, u.bucket])).toEqual([
      [106, 'days90'],
      [71, 'days60'],
      [41, 'days30'],
      [10, 'current'],
      [-4, 'current'],
    ]);
    // Opening balance on the period's first day: the 130-day invoice, before it: 11.00.
    expect(s.opening).toBe('11.00');
    expect(s.closing).toBe('1061.10');
    expect(s.closing).toBe(s.ageing.total);
    expect(s.lines.map((l) => [l.kind, l.debit, l.credit, l.balance])).toEqual([
      // On one day, the invoice before the payment.
      ['invoice', '440.00', null, '451.00'],
      ['payment', null, '11.00', '440.00'],
      ['invoice', '330.00', null, '770.00'],
      ['invoice', '220.00', null, '990.00'],
      ['invoice', '1.10', null, '991.10'],
      ['invoice', '110.00', null, '1101.10'],
      ['payment', null, '40.00', '1061.10'],
    ]);
    expect(s.lines[5]?.reference).toBe(a);

    // A later period: the opening balance carries what was owed before it.
    const later = await statementFor(admin.actor, { from: daysAgo(50) });
    expect(later.opening).toBe('990.00');
    expect(later.closing).toBe('1061.10');
  });

  it('downloads as PDF and CSV (with a byte-order mark) for the administrator only', async () => {
    const { admin, issue } = await firm();
    await issue(10, '100.00');
    await issue(40, '50.00');
    const get = (format: string, token: string) =>
      statementRoute(
        new Request(`http://localhost/api/Invoice/Statement/${format}?from=${daysAgo(60)}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
        { params: Promise.resolve({ format }) },
      );

    const csv = await get('csv', admin.token);
    expect(csv.status).toBe(200);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split(/\r?\n/)[0]).toBe('Date,Type,Reference,Description,Debit,Credit,Balance');
    expect(text).toContain(`${daysAgo(60)},Opening balance,,,,,0.00`);
    expect(text).toContain(`${TODAY},Closing balance,,,,,165.00`);
    // Both are less than 30 days past due: current.
    expect(text).toContain(',165.00,0.00,0.00,0.00,165.00');

    const pdf = await get('pdf', admin.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text: pdfText } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    const flat = pdfText.replace(/\s+/g, ' ');
    expect(flat).toContain('Statement of account');
    expect(flat).toMatch(/Closing balance \$165\.00/);
    expect(flat).toContain('$110.00');
    // The ageing counts from the due date, and the PDF says so.
    expect(flat).toContain('Ageing of what is owed (by days past the due date)');
    expect(flat).not.toContain('by invoice date');

    const user = await signedIn(3, admin.clientId);
    expect((await get('pdf', user.token)).status).toBe(403);
    expect((await get('xls', admin.token)).status).toBe(400);
  });

  it('offers "Pay all" (one link for every unpaid invoice and what they owe together) only when the payments page takes several', async () => {
    const { admin, issue, pay } = await firm();
    const a = await issue(10, '100.00'); // 110.00
    const b = await issue(40, '20.00'); // 22.00, part paid below: 12.00 left
    const paidOff = await issue(50, '5.00'); // 5.50, paid in full: not in the link
    await pay([b], '10.00', daysAgo(2));
    await pay([paidOff], '5.50', daysAgo(2));
    const env = (url: string | null, multiple: string | null) => {
      for (const [k, v] of [
        ['PAYMENT_URL', url],
        ['PAYMENT_MULTIPLE', multiple],
      ] as const) {
        if (v === null) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfigForTests();
    };
    try {
      env('https://pay.example.com/checkout', null);
      expect((await statementFor(admin.actor)).payAllUrl).toBeNull();
      env(null, 'true');
      expect((await statementFor(admin.actor)).payAllUrl).toBeNull();
      env('https://pay.example.com/checkout', 'true');
      const url = new URL((await statementFor(admin.actor)).payAllUrl!);
      expect(url.origin + url.pathname).toBe('https://pay.example.com/checkout');
      // Oldest first, as the statement lists them; the amount is what they still owe together.
      expect(url.searchParams.get('payment_reference')).toBe(`${b},${a}`);
      expect(url.searchParams.get('payment_amount')).toBe('122.00');
      expect(url.searchParams.get('acno')).toBeTruthy();
    } finally {
      env(null, null);
    }
  });

  it('an adjustment note and a void are credits of the ledger: the closing balance stays what the invoices owe', async () => {
    const { admin, issue, pay } = await firm();
    const credited = await issue(20, '100.00'); // 110.00
    await pay([credited], '10.00', daysAgo(15));
    const voided = await issue(12, '50.00'); // 55.00
    const kept = await issue(3, '20.00'); // 22.00
    const db = t.db();
    const [inv] = await db.select().from(invoices).where(eq(invoices.invoiceNumber, credited));
    // Written as the adjustment-note and void services write them: the note and the invoice's credited amount; a
    // void invoice has nothing left to pay (is_paid).
    await db.insert(creditNotes).values({
      clientId: admin.clientId,
      invoiceId: inv!.id,
      creditNoteNumber: `CN-${uid()}`,
      issueDate: daysAgo(8),
      amount: '33.00',
      gst: '3.00',
      reason: 'Copies not needed',
    });
    await db.update(invoices).set({ amountCredited: '33.00' }).where(eq(invoices.id, inv!.id));
    await db
      .update(invoices)
      .set({ voidedAt: new Date(`${daysAgo(6)}T02:00:00Z`), voidReason: 'Issued twice', isPaid: true })
      .where(eq(invoices.invoiceNumber, voided));

    const s = await statementFor(admin.actor, { from: daysAgo(30) });
    expect(s.lines.map((l) => [l.date, l.kind, l.debit, l.credit, l.balance])).toEqual([
      [daysAgo(20), 'invoice', '110.00', null, '110.00'],
      [daysAgo(15), 'payment', null, '10.00', '100.00'],
      [daysAgo(12), 'invoice', '55.00', null, '155.00'],
      [daysAgo(8), 'credit', null, '33.00', '122.00'],
      [daysAgo(6), 'void', null, '55.00', '67.00'],
      [daysAgo(3), 'invoice', '22.00', null, '89.00'],
    ]);
    expect(s.lines[4]?.description).toBe(`Invoice ${voided} voided (Issued twice)`);
    expect(s.closing).toBe('89.00');
    expect(s.ageing.total).toBe('89.00');
    expect(s.unpaid.map((u) => [u.invoiceNumber, u.outstanding])).toEqual([
      [credited, '67.00'],
      [kept, '22.00'],
    ]);
    // Staff see the same statement of the firm, and the aged receivables count the same debt.
    const staff = await staffActor(2);
    const seen = await staffStatement(staff, admin.clientId, { from: daysAgo(30) });
    expect([seen.closing, seen.ageing.total, seen.lines.length]).toEqual(['89.00', '89.00', 6]);
    const aged = (await agedReceivables(db, TODAY)).find((r) => r.clientId === admin.clientId);
    expect(aged?.ageing.total).toBe(8900n);
    expect(aged?.invoices).toBe(2);
  });

  it('an adjustment note on a paid invoice leaves the firm in credit: the statement states it, and closing = owed less it', async () => {
    const { admin, issue, pay } = await firm();
    const paid = await issue(20, '100.00'); // 110.00
    await pay([paid], '110.00', daysAgo(15));
    const open = await issue(10, '50.00'); // 55.00
    // The price corrected after payment: 22.00 back to the firm.
    await issueCreditNote(
      userPrincipal(await staffActor(2)),
      creditNoteSchema.parse({ InvoiceNumber: paid, Amount: '22.00', Reason: 'Twenty pages charged twice' }),
    );
    const s = await statementFor(admin.actor, { from: daysAgo(30) });
    expect(s.lines.map((l) => [l.kind, l.debit, l.credit, l.balance])).toEqual([
      ['invoice', '110.00', null, '110.00'],
      ['payment', null, '110.00', '0.00'],
      ['invoice', '55.00', null, '55.00'],
      ['credit', null, '22.00', '33.00'],
    ]);
    expect(s.unpaid.map((u) => [u.invoiceNumber, u.outstanding])).toEqual([[open, '55.00']]);
    expect([s.closing, s.ageing.total, s.inCredit]).toEqual(['33.00', '55.00', '22.00']);

    const get = (format: string) =>
      statementRoute(
        new Request(`http://localhost/api/Invoice/Statement/${format}?from=${daysAgo(30)}`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        }),
        { params: Promise.resolve({ format }) },
      );
    const csv = new TextDecoder().decode((await (await get('csv')).arrayBuffer()).slice(3));
    expect(csv).toContain(`${TODAY},Closing balance,,,,,33.00`);
    expect(csv).toContain('In credit,22.00');
    const { text } = await extractText(new Uint8Array(await (await get('pdf')).arrayBuffer()), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('In credit: $22.00.');
  });

  it('staff download a firm’s statement and the aged receivables as CSV; a firm’s user may not', async () => {
    const { admin, issue, pay } = await firm();
    const late = await issue(100, '100.00'); // 110.00, due 86 days ago: 60 days
    await issue(10, '50.00'); // 55.00, current
    await pay([late], '10.00', daysAgo(5));
    const staff = await signedInStaff(2);
    const statement = (token: string) =>
      staffStatementRoute(
        new Request(`http://localhost/api/Ops/Invoices/Statement/csv?client=${admin.clientId}&from=${daysAgo(120)}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
        { params: Promise.resolve({ format: 'csv' }) },
      );
    const res = await statement(staff.token);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split(/\r?\n/)[0]).toBe('Date,Type,Reference,Description,Debit,Credit,Balance');
    expect(text).toContain(`${TODAY},Closing balance,,,,,155.00`);
    expect(text).toContain(',55.00,0.00,100.00,0.00,155.00');

    const receivables = (token: string) =>
      receivablesRoute(
        new Request('http://localhost/api/Ops/Invoices/Receivables', { headers: { Authorization: `Bearer ${token}` } }),
        { params: Promise.resolve({}) },
      );
    const aged = await receivables(staff.token);
    expect(aged.status).toBe(200);
    const rows = new TextDecoder().decode((await aged.arrayBuffer()).slice(3)).split(/\r?\n/);
    expect(rows[0]).toBe('Client,Account,Currency,Invoices owing,Current,30 days,60 days,90+ days,Total owed');
    const mine = rows.filter((r) => r.includes(',AUD,2,55.00,0.00,100.00,0.00,155.00'));
    expect(mine).toHaveLength(1);
    expect(rows.some((r) => r.startsWith('Total,,AUD,'))).toBe(true);

    expect((await statement(admin.token)).status).toBe(403);
    expect((await receivables(admin.token)).status).toBe(403);
  });
});
