/** Payments recorded (issue 30): part payments, several invoices at once, Paid at the full amount, the receipt over real SMTP. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, integrationEvents, invoices } from '@/db/schema';
import { userPrincipal } from '@/lib/core/principal';
import { ValidationError } from '@/lib/core/errors';
import { processOutboxOnce } from '@/lib/mail/worker';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import { issueInvoice } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { paymentSchema } from './payment-schema';
import { RECEIPT_KIND, recordPayment } from './payments';
import { getInvoiceSlip } from './service';
import { invoiceAttention } from './attention';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('payments recorded', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });

  async function invoiceOf(clientId: number, amount: string) {
    const staff = await staffActor(2);
    const job = await makeJob({ clientId });
    const number = `INV-${uid()}`;
    await issueInvoice(
      userPrincipal(staff),
      invoiceIssueSchema.parse({ ClientId: clientId, InvoiceNumber: number, JobNumbers: job.jmsNumber, IssueDate: '2026-11-01', DueDate: '2026-11-15', CurrencyCode: 'AUD', Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: amount }] }),
    );
    return number;
  }
  const pay = async (numbers: string[], amount: string, reference = 'EFT 1') =>
    recordPayment(userPrincipal(await staffActor(2)), paymentSchema.parse({ InvoiceNumbers: numbers, PaymentDate: '2026-11-20', Amount: amount, Reference: reference }));

  it('a part payment, then the rest: Paid, with a receipt each time over SMTP; the event log has both payments and invoice.paid', async () => {
    const admin = await signedIn(4);
    const number = await invoiceOf(admin.clientId, '100.00'); // total 110.00 with GST
    const first = await pay([number], '40.00', 'EFT 771');
    expect(first.allocations).toEqual([{ invoiceNumber: number, amount: '40.00', balance: '70.00', isPaid: false }]);
    let slip = await getInvoiceSlip(admin.actor, number);
    expect(slip).toMatchObject({ amountPaid: '40.00', balance: '70.00' });
    expect(slip?.invoice.isPaid).toBe(false);
    // The /JobClient strip's owed total is what is left to pay, not what was issued (migration 0023).
    expect(await invoiceAttention(admin.actor)).toMatchObject({ unpaid: 1, totals: [{ currencyCode: 'AUD', cents: 7000 }] });

    await processOutboxOnce({ smtpUrl: smtp.url });
    const part = await smtp.waitFor((m) => m.to.includes(admin.user.email) && m.subject === 'Receipt for your payment of $40.00');
    expect(part.text).toContain(`Invoice ${number}: $40.00 received; $70.00 still to pay.`);
    expect(part.text).toContain('reference EFT 771');

    const rest = await pay([number], '70.00', 'EFT 772');
    expect(rest.allocations[0]).toMatchObject({ balance: '0.00', isPaid: true });
    slip = await getInvoiceSlip(admin.actor, number);
    expect(slip?.invoice.isPaid).toBe(true);
    expect(await invoiceAttention(admin.actor)).toMatchObject({ unpaid: 0, totals: [] });
    await processOutboxOnce({ smtpUrl: smtp.url });
    const done = await smtp.waitFor((m) => m.to.includes(admin.user.email) && m.subject === `Receipt: invoice ${number} is paid`);
    expect(done.text).toContain(`Invoice ${number}: $70.00 received; now paid in full.`);

    const events = await t.db().select().from(integrationEvents).where(eq(integrationEvents.invoiceNumber, number));
    expect(events.filter((e) => e.kind === 'payment.received').map((e) => (e.data as { amount: string }).amount)).toEqual(['40.00', '70.00']);
    expect(events.filter((e) => e.kind === 'invoice.paid')).toHaveLength(1);
    const audit = await t.db().select().from(auditLog).where(and(eq(auditLog.action, 'ops.payment.recorded'), eq(auditLog.clientId, admin.clientId)));
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
    expect(await t.db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, colleague.email), eq(emailOutbox.kind, RECEIPT_KIND)))).toEqual([]);

    const refused = async (p: Promise<unknown>) => {
      const e = await p.catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ValidationError);
      return (e as ValidationError).fields;
    };
    expect(await refused(pay([b], '13.01'))).toEqual({ Amount: ['The payment is more than the invoices owe ($13.00).'] });
    expect(await refused(pay([a], '1.00'))).toEqual({ InvoiceNumbers: [`Invoice ${a} is already paid.`] });
    const other = await signedIn(4);
    const foreign = await invoiceOf(other.clientId, '5.00');
    expect(await refused(pay([b, foreign], '1.00'))).toEqual({ InvoiceNumbers: ['The invoices of one payment must all be of one client.'] });
    expect(await refused(pay(['NOPE-1'], '1.00'))).toEqual({ InvoiceNumbers: ['Invoice NOPE-1 does not exist.'] });
    const [row] = await t.db().select({ amountPaid: invoices.amountPaid }).from(invoices).where(eq(invoices.invoiceNumber, b));
    expect(row?.amountPaid).toBe('9.00');
  });
});
