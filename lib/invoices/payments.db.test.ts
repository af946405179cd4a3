/**
 * Payments recorded: part payments, several invoices at once, Paid at the full amount, the receipt over
 * real SMTP; "Mark paid" records what is left as a payment like any other.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, integrationEvents, invoices, paymentAllocations, payments } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { userPrincipal } from '@/lib/core/principal';
import { ValidationError } from '@/lib/core/errors';
import { processOutboxOnce } from '@/lib/mail/worker';
import { registerTasks } from '@/lib/server/tasks';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import { issueInvoice, listStaffInvoices, markInvoicePaid } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { paymentSchema } from './payment-schema';
import { RECEIPT_KIND, recordPayment } from './payments';
import { getInvoiceSlip, listInvoices } from './service';
import { invoiceListQuerySchema } from './schema';
import { invoiceAttention } from './attention';
import { statementFor } from './statement';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('payments recorded', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // As at start-up: the receipt PDF's attachment kind is registered with the tasks.
    registerTasks();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });
  let restoreClock: (() => void) | null = null;
  afterEach(() => {
    restoreClock?.();
    restoreClock = null;
  });

  async function invoiceOf(clientId: number, amount: string) {
    const staff = await staffActor(2);
    const job = await makeJob({ clientId });
    const number = `INV-${uid()}`;
    await issueInvoice(
      userPrincipal(staff),
      invoiceIssueSchema.parse({
        ClientId: clientId,
        InvoiceNumber: number,
        JobNumbers: job.jmsNumber,
        IssueDate: '2026-11-01',
        DueDate: '2026-11-15',
        CurrencyCode: 'AUD',
        Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: amount }],
      }),
    );
    return number;
  }
  const pay = async (numbers: string[], amount: string, reference = 'EFT 1') =>
    recordPayment(
      userPrincipal(await staffActor(2)),
      paymentSchema.parse({ InvoiceNumbers: numbers, PaymentDate: '2026-11-20', Amount: amount, Reference: reference }),
    );

  it('a part payment, then the rest: Paid, with a receipt each time over SMTP; the event log has both payments and invoice.paid', async () => {
    const admin = await signedIn(4);
    const number = await invoiceOf(admin.clientId, '100.00'); // total 110.00 with GST
    const first = await pay([number], '40.00', 'EFT 771');
    expect(first.allocations).toEqual([{ invoiceNumber: number, amount: '40.00', balance: '70.00', isPaid: false }]);
    let slip = await getInvoiceSlip(admin.actor, number);
    expect(slip).toMatchObject({ amountPaid: '40.00', balance: '70.00' });
    expect(slip?.invoice.isPaid).toBe(false);
    // The /JobClient strip's owed total is what is left to pay, not what was issued (migration 0023).
    expect(await invoiceAttention(admin.actor)).toMatchObject({
      unpaid: 1,
      totals: [{ currencyCode: 'AUD', cents: 7000 }],
    });

    await processOutboxOnce({ smtpUrl: smtp.url });
    const part = await smtp.waitFor(
      (m) => m.to.includes(admin.user.email) && m.subject === 'Receipt for your payment of $40.00',
    );
    expect(part.text).toContain(`Invoice ${number}: $40.00 received; $70.00 still to pay.`);
    expect(part.text).toContain('reference EFT 771');

    const rest = await pay([number], '70.00', 'EFT 772');
    expect(rest.allocations[0]).toMatchObject({ balance: '0.00', isPaid: true });
    slip = await getInvoiceSlip(admin.actor, number);
    expect(slip?.invoice.isPaid).toBe(true);
    expect(await invoiceAttention(admin.actor)).toMatchObject({ unpaid: 0, totals: [] });
    await processOutboxOnce({ smtpUrl: smtp.url });
    const done = await smtp.waitFor(
      (m) => m.to.includes(admin.user.email) && m.subject === `Receipt: invoice ${number} is paid`,
    );
    expect(done.text).toContain(`Invoice ${number}: $70.00 received; now paid in full.`);

    const events = await t.db().select().from(integrationEvents).where(eq(integrationEvents.invoiceNumber, number));
    expect(
      events.filter((e) => e.kind === 'payment.received').map((e) => (e.data as { amount: string }).amount),
    ).toEqual(['40.00', '70.00']);
    expect(events.filter((e) => e.kind === 'invoice.paid')).toHaveLength(1);
    const audit = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.payment.recorded'), eq(auditLog.clientId, admin.clientId)));
    expect(audit).toHaveLength(2);
  });

  it('one payment over several invoices in the order given; too much, a paid invoice or another client’s invoice is refused', async () => {
    const admin = await signedIn(4);
    const colleague = await makeUser({ clientId: admin.clientId, role: 3, invoiceAlert: false });
    const a = await invoiceOf(admin.clientId, '10.00'); // 11.00
    const b = await invoiceOf(admin.clientId, '20.00'); // 22.00
    const r = await pay([a, b], '20.00');
    expect(r.allocations).toEqual([
      { invoiceNumber: a, amount: '11.00', balance: '0.00', isPaid: true },
      { invoiceNumber: b, amount: '9.00', balance: '13.00', isPaid: false },
    ]);
    expect(r.receiptsQueued).toBe(1); // the administrator; not the colleague without the invoice alert
    expect(
      await t
        .db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, colleague.email), eq(emailOutbox.kind, RECEIPT_KIND))),
    ).toEqual([]);

    const refused = async (p: Promise<unknown>) => {
      const e = await p.catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ValidationError);
      return (e as ValidationError).fields;
    };
    expect(await refused(pay([b], '13.01'))).toEqual({
      Amount: ['The payment is more than the invoices owe ($13.00).'],
    });
    expect(await refused(pay([a], '1.00'))).toEqual({ InvoiceNumbers: [`Invoice ${a} is already paid.`] });
    const other = await signedIn(4);
    const foreign = await invoiceOf(other.clientId, '5.00');
    expect(await refused(pay([b, foreign], '1.00'))).toEqual({
      InvoiceNumbers: ['The invoices of one payment must all be of one client.'],
    });
    expect(await refused(pay(['NOPE-1'], '1.00'))).toEqual({ InvoiceNumbers: ['Invoice NOPE-1 does not exist.'] });
    const [row] = await t
      .db()
      .select({ amountPaid: invoices.amountPaid })
      .from(invoices)
      .where(eq(invoices.invoiceNumber, b));
    expect(row?.amountPaid).toBe('9.00');
  });

  it('Mark paid records what is left as a payment dated today: Paid, a receipt over SMTP, payment.received, and the statement shows the payment with nothing owed', async () => {
    // 26 Nov 2026, 10:00 in Sydney (the staff member's zone); 25 Nov in UTC.
    restoreClock = setClock(fixedClock('2026-11-25T23:00:00Z'));
    const admin = await signedIn(4);
    const staff = await staffActor(2);
    const number = await invoiceOf(admin.clientId, '100.00'); // 110.00 with GST
    await pay([number], '40.00', 'EFT 881');
    expect(
      (await listStaffInvoices(staff, { text: number, clientId: null, paid: 'any' }, { page: 1, size: 10 })).rows[0],
    ).toMatchObject({ amountPaid: '40.00', balance: '70.00' });

    const marked = await markInvoicePaid(userPrincipal(staff), number);
    expect(marked).toMatchObject({ changed: true });
    expect(await markInvoicePaid(userPrincipal(staff), number)).toMatchObject({ changed: false, paymentId: null });

    const [row] = await t
      .db()
      .select({ isPaid: invoices.isPaid, amountPaid: invoices.amountPaid })
      .from(invoices)
      .where(eq(invoices.invoiceNumber, number));
    expect(row).toEqual({ isPaid: true, amountPaid: '110.00' });
    const [recorded] = await t.db().select().from(payments).where(eq(payments.id, marked.paymentId!));
    expect(recorded).toMatchObject({
      clientId: admin.clientId,
      paymentDate: '2026-11-26',
      amount: '70.00',
      currencyCode: 'AUD',
      reference: `Marked paid by ${staff.userName}`,
    });
    expect(
      await t
        .db()
        .select({ amount: paymentAllocations.amount })
        .from(paymentAllocations)
        .where(eq(paymentAllocations.paymentId, recorded!.id)),
    ).toEqual([{ amount: '70.00' }]);

    await processOutboxOnce({ smtpUrl: smtp.url });
    const receipt = await smtp.waitFor(
      (m) => m.to.includes(admin.user.email) && m.subject === `Receipt: invoice ${number} is paid`,
    );
    expect(receipt.text).toContain(`Invoice ${number}: $70.00 received; now paid in full.`);
    expect(receipt.text).toContain(`reference Marked paid by ${staff.userName}`);

    const events = await t.db().select().from(integrationEvents).where(eq(integrationEvents.invoiceNumber, number));
    expect(
      events.filter((e) => e.kind === 'payment.received').map((e) => (e.data as { amount: string }).amount),
    ).toEqual(['40.00', '70.00']);
    expect(events.filter((e) => e.kind === 'invoice.paid')).toHaveLength(1);
    const audit = await t
      .db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, admin.clientId), eq(auditLog.actorUserId, staff.userId)))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['ops.payment.recorded', 'ops.invoice.paid']);

    // The statement: the invoice, both payments (no settlement line), a closing balance of nothing and nothing aged.
    const s = await statementFor(admin.actor, { from: '2026-10-01' });
    expect(s.lines.map((l) => [l.date, l.kind, l.reference, l.debit, l.credit, l.balance])).toEqual([
      ['2026-11-01', 'invoice', number, '110.00', null, '110.00'],
      ['2026-11-20', 'payment', 'EFT 881', null, '40.00', '70.00'],
      ['2026-11-26', 'payment', `Marked paid by ${staff.userName}`, null, '70.00', '0.00'],
    ]);
    expect(s.opening).toBe('0.00');
    expect(s.closing).toBe('0.00');
    expect(s.ageing).toEqual({ current: '0.00', days30: '0.00', days60: '0.00', days90: '0.00', total: '0.00' });
    expect(s.unpaid).toEqual([]);
  });

  it('a part-paid invoice’s Pay link asks for what is left: in the firm’s list (with and without a filter), on its slip and in the staff list', async () => {
    process.env.PAYMENT_URL = 'https://pay.example.com/checkout';
    resetConfigForTests();
    try {
      const admin = await signedIn(4);
      const staff = await staffActor(2);
      const number = await invoiceOf(admin.clientId, '100.00'); // 110.00 with GST
      await pay([number], '40.00');
      const amountOf = (url: string | null | undefined) =>
        url ? new URL(url).searchParams.get('payment_amount') : null;
      const all = await listInvoices(admin.actor, invoiceListQuerySchema.parse({}), { page: 1, size: 10 });
      expect(all.rows.find((r) => r.invoiceNumber === number)).toMatchObject({ amount: '110.00' });
      expect(amountOf(all.rows.find((r) => r.invoiceNumber === number)?.payUrl)).toBe('70.00');
      const filtered = await listInvoices(admin.actor, invoiceListQuerySchema.parse({ InvoiceNumber: number }), {
        page: 1,
        size: 10,
      });
      expect(filtered.rows.map((r) => [r.invoiceNumber, amountOf(r.payUrl)])).toEqual([[number, '70.00']]);
      expect(amountOf((await getInvoiceSlip(admin.actor, number))?.payUrl)).toBe('70.00');
      const ops = await listStaffInvoices(staff, { text: number, clientId: null, paid: 'any' }, { page: 1, size: 10 });
      expect(ops.rows.map((r) => [r.amount, r.balance, amountOf(r.payUrl)])).toEqual([['110.00', '70.00', '70.00']]);
    } finally {
      delete process.env.PAYMENT_URL;
      resetConfigForTests();
    }
  });
});
