/**
 * The statement of account with a fixed clock: ageing of invoices dated 10, 40, 70 and 100 days ago,
 * the opening balance, payments and the running balance; the PDF and CSV downloads for the firm's administrator.
 */
import { extractText } from 'unpdf';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { invoices } from '@/db/schema';
import { GET as statementRoute } from '@/app/api/Invoice/Statement/[format]/route';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { userPrincipal } from '@/lib/core/principal';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { issueInvoice } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { paymentSchema } from './payment-schema';
import { recordPayment } from './payments';
import { statementFor } from './statement';

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
    const issue = async (days: number, amount: string) => {
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
          DueDate: daysAgo(days - 14),
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

  it('ages what is owed by invoice date: 10, 40, 70 and 100 days ago fall in current, 30, 60 and 90+', async () => {
    const { admin, issue, pay } = await firm();
    const a = await issue(10, '100.00'); // 110.00
    await issue(40, '200.00'); // 220.00
    await issue(70, '300.00'); // 330.00
    const d = await issue(100, '400.00'); // 440.00
    await pay([d], '40.00', daysAgo(5)); // 400.00 left in 90+
    await issue(130, '10.00'); // 11.00, paid in full below: not aged
    const s0 = await statementFor(admin.actor);
    const old = s0.unpaid.find((u) => u.ageDays === 130)!.invoiceNumber;
    await pay([old], '11.00', daysAgo(120));

    const s = await statementFor(admin.actor, { from: daysAgo(110) });
    expect(s.asOf).toBe(TODAY);
    expect(s.ageing).toEqual({
      current: '110.00',
      days30: '220.00',
      days60: '330.00',
      days90: '400.00',
      total: '1060.00',
    });
    expect(s.unpaid.map((u) => [u.ageDays, u.bucket])).toEqual([
      [100, 'days90'],
      [70, 'days60'],
      [40, 'days30'],
      [10, 'current'],
    ]);
    // Opening balance on the period's first day: the 130-day invoice and its payment, both before it: 0.
    expect(s.opening).toBe('0.00');
    expect(s.closing).toBe('1060.00');
    expect(s.lines.map((l) => [l.kind, l.debit, l.credit, l.balance])).toEqual([
      ['invoice', '440.00', null, '440.00'],
      ['invoice', '330.00', null, '770.00'],
      ['invoice', '220.00', null, '990.00'],
      ['invoice', '110.00', null, '1100.00'],
      ['payment', null, '40.00', '1060.00'],
    ]);
    expect(s.lines[3]?.reference).toBe(a);

    // A later period: the opening balance carries what was owed before it.
    const later = await statementFor(admin.actor, { from: daysAgo(50) });
    expect(later.opening).toBe('770.00');
    expect(later.closing).toBe('1060.00');
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
    expect(text).toContain(',110.00,55.00,0.00,0.00,165.00');

    const pdf = await get('pdf', admin.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text: pdfText } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    const flat = pdfText.replace(/\s+/g, ' ');
    expect(flat).toContain('Statement of account');
    expect(flat).toMatch(/Closing balance \$165\.00/);
    expect(flat).toContain('$110.00');

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

  it('an invoice paid by older data without payments for all of it is settled by a credit of the rest on the day it was paid', async () => {
    const { admin, issue, pay } = await firm();
    const number = await issue(20, '100.00'); // 110.00
    await pay([number], '10.00', daysAgo(15));
    // As demo data or an invoice marked paid before "Mark paid" recorded a payment: the flag and its time only.
    await t
      .db()
      .update(invoices)
      .set({ isPaid: true, paidAt: new Date(`${daysAgo(5)}T02:00:00Z`) })
      .where(eq(invoices.invoiceNumber, number));
    const s = await statementFor(admin.actor, { from: daysAgo(30) });
    expect(s.lines.map((l) => [l.date, l.kind, l.debit, l.credit, l.balance])).toEqual([
      [daysAgo(20), 'invoice', '110.00', null, '110.00'],
      [daysAgo(15), 'payment', null, '10.00', '100.00'],
      [daysAgo(5), 'settlement', null, '100.00', '0.00'],
    ]);
    expect(s.closing).toBe('0.00');
    expect(s.ageing.total).toBe('0.00');
  });
});
