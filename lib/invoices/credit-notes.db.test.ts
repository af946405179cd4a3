/**
 * Void and adjustment notes: a void takes an unpaid invoice out of what is owed and frees its jobs; an adjustment
 * note has its own number, its GST, a PDF that reads back as an ATO adjustment note, a ledger row, an event and an
 * e-mail with the PDF over real SMTP; the amounts the firm owes follow both.
 */
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as creditNotePdfRoute } from '@/app/api/Invoice/CreditNote/[number]/route';
import { auditLog, clients, creditNotes, emailOutbox, integrationEvents, invoiceJobs } from '@/db/schema';
import { userPrincipal } from '@/lib/core/principal';
import { ConflictError, ValidationError } from '@/lib/core/errors';
import { processOutboxOnce } from '@/lib/mail/worker';
import { registerTasks } from '@/lib/server/tasks';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import { invoiceAttention } from './attention';
import { CREDIT_MSG, creditNoteSchema, voidInvoiceSchema } from './credit-note-schema';
import { creditGstCents, issueCreditNote, listCreditNotes, voidInvoice } from './credit-notes';
import { issueInvoice, listStaffInvoices } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { paymentSchema } from './payment-schema';
import { recordPayment } from './payments';
import { getInvoiceSlip, listInvoices } from './service';
import { invoiceListQuerySchema } from './schema';
import { saveSupplier } from './supplier';
import { supplierSchema } from './supplier-schema';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('void and adjustment notes', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  beforeAll(async () => {
    // The mail worker renders attachments through the kinds registered at start-up (the adjustment note's PDF).
    registerTasks();
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });

  const staff = async () => userPrincipal(await staffActor(2));

  /** An invoice of 100.00 + 10.00 GST for a new job of the client. */
  async function invoiceOf(clientId: number, jobId?: string) {
    const job = jobId ?? (await makeJob({ clientId })).jmsNumber;
    const number = `INV-${uid()}`;
    await issueInvoice(
      await staff(),
      invoiceIssueSchema.parse({
        ClientId: clientId,
        InvoiceNumber: number,
        JobNumbers: job,
        IssueDate: '2026-11-01',
        DueDate: '2026-11-15',
        CurrencyCode: 'AUD',
        Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: '100.00' }],
      }),
    );
    return { number, job };
  }
  const credit = async (InvoiceNumber: string, Amount: string, Reason = 'Pages charged twice') =>
    issueCreditNote(await staff(), creditNoteSchema.parse({ InvoiceNumber, Amount, Reason }));

  it('voids an unpaid invoice: it shows Void, owes nothing, frees its job, tells the webhooks and e-mails the firm', async () => {
    const admin = await signedIn(4);
    const { number, job } = await invoiceOf(admin.clientId);
    expect(await invoiceAttention(admin.actor)).toMatchObject({ unpaid: 1 });

    const done = await voidInvoice(
      await staff(),
      voidInvoiceSchema.parse({ InvoiceNumber: number, Reason: ' Wrong firm ' }),
    );
    expect(done).toMatchObject({ invoiceNumber: number, reason: 'Wrong firm', mailsQueued: 1 });

    const slip = await getInvoiceSlip(admin.actor, number);
    expect(slip?.invoice).toMatchObject({ isVoid: true, isPaid: true });
    expect(slip).toMatchObject({ voidReason: 'Wrong firm', balance: '0.00' });
    expect(await invoiceAttention(admin.actor)).toMatchObject({ unpaid: 0, totals: [] });
    const list = await listInvoices(admin.actor, invoiceListQuerySchema.parse({}), { page: 1, size: 10 });
    expect(list.rows.find((r) => r.invoiceNumber === number)).toMatchObject({ isVoid: true, payUrl: null });

    // The staff list: in "Void", not in "Paid" nor "Unpaid".
    const staffActorRow = await staffActor(2);
    const of = async (paid: 'void' | 'paid' | 'unpaid') =>
      (await listStaffInvoices(staffActorRow, { text: number, clientId: null, paid }, { page: 1, size: 10 })).rows.map(
        (r) => r.invoiceNumber,
      );
    expect(await of('void')).toEqual([number]);
    expect(await of('paid')).toEqual([]);
    expect(await of('unpaid')).toEqual([]);

    // The job may be billed again.
    const links = await t.db().select().from(invoiceJobs).where(eq(invoiceJobs.live, true));
    expect(links.some((l) => l.invoiceId === slip!.invoice.id)).toBe(false);
    const again = await invoiceOf(admin.clientId, job);
    expect(again.number).not.toBe(number);

    const events = await t.db().select().from(integrationEvents).where(eq(integrationEvents.invoiceNumber, number));
    expect(events.map((e) => e.kind).sort()).toEqual(['invoice.issued', 'invoice.voided']);
    expect(events.find((e) => e.kind === 'invoice.voided')?.data).toMatchObject({ reason: 'Wrong firm' });
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.invoice.voided'), eq(auditLog.clientId, admin.clientId)));
    expect(audit?.details).toMatchObject({ invoiceNumber: number, reason: 'Wrong firm' });

    await processOutboxOnce({ smtpUrl: smtp.url });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(admin.user.email) && m.subject === `Invoice ${number} has been voided`,
    );
    expect(mail.text).toContain('Reason: Wrong firm');

    // Voiding twice, or paying a void invoice, is refused with the reason.
    await expect(voidInvoice(await staff(), { InvoiceNumber: number, Reason: 'again' })).rejects.toThrow(
      CREDIT_MSG.void(number),
    );
    await expect(
      recordPayment(
        await staff(),
        paymentSchema.parse({ InvoiceNumbers: number, PaymentDate: '2026-11-20', Amount: '1', Reference: '' }),
      ),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses a void without a reason, of an invoice with a payment, and of an unknown invoice', async () => {
    const r = voidInvoiceSchema.safeParse({ InvoiceNumber: 'INV-1', Reason: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['Reason']);

    const admin = await signedIn(4);
    const { number } = await invoiceOf(admin.clientId);
    await recordPayment(
      await staff(),
      paymentSchema.parse({ InvoiceNumbers: number, PaymentDate: '2026-11-20', Amount: '10', Reference: '' }),
    );
    const refused = voidInvoice(await staff(), { InvoiceNumber: number, Reason: 'Wrong firm' });
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(CREDIT_MSG.hasPayment(number));
    await expect(voidInvoice(await staff(), { InvoiceNumber: 'INV-NONE', Reason: 'x' })).rejects.toThrow(
      CREDIT_MSG.notFound,
    );
    expect((await getInvoiceSlip(admin.actor, number))?.invoice.isVoid).toBe(false);
  });

  it('credits part, then the rest: own numbers, GST in proportion, owed amounts follow, the PDF mailed, the job freed', async () => {
    const admin = await signedIn(4);
    const { number } = await invoiceOf(admin.clientId); // 110.00 incl. 10.00 GST
    const [client] = await t.db().select().from(clients).where(eq(clients.id, admin.clientId));
    const account = client!.accountNumber.replace(/[^A-Za-z0-9/-]/g, '');

    const first = await credit(number, '55.00');
    expect(first).toMatchObject({
      creditNoteNumber: `CN-${account}-1`,
      amount: '55.00',
      gst: '5.00',
      amountCredited: '55.00',
      balance: '55.00',
      mailsQueued: 1,
    });
    let slip = await getInvoiceSlip(admin.actor, number);
    expect(slip).toMatchObject({ balance: '55.00', amountCredited: '55.00' });
    expect(slip?.creditNotes).toEqual([
      {
        creditNoteNumber: `CN-${account}-1`,
        issueDate: first.issueDate,
        amount: '55.00',
        gst: '5.00',
        reason: 'Pages charged twice',
      },
    ]);
    expect(await invoiceAttention(admin.actor)).toMatchObject({
      unpaid: 1,
      totals: [{ currencyCode: 'AUD', cents: 5500 }],
    });

    // More than is left to credit: a 400 on the amount, nothing written.
    const tooMuch = credit(number, '55.01');
    await expect(tooMuch).rejects.toBeInstanceOf(ValidationError);
    await expect(tooMuch).rejects.toMatchObject({ fields: { Amount: [CREDIT_MSG.tooMuch('$55.00')] } });

    const rest = await credit(number, '55.00', 'Job cancelled');
    expect(rest).toMatchObject({ creditNoteNumber: `CN-${account}-2`, gst: '5.00', balance: '0.00' });
    slip = await getInvoiceSlip(admin.actor, number);
    expect(slip?.invoice).toMatchObject({ isPaid: true, isVoid: false });
    expect(await invoiceAttention(admin.actor)).toMatchObject({ unpaid: 0, totals: [] });
    const live = await t.db().select().from(invoiceJobs).where(eq(invoiceJobs.invoiceId, slip!.invoice.id));
    expect(live.map((l) => l.live)).toEqual([false]);
    await expect(credit(number, '1.00')).rejects.toThrow(CREDIT_MSG.fullyCredited(number));

    const events = await t.db().select().from(integrationEvents).where(eq(integrationEvents.invoiceNumber, number));
    expect(events.filter((e) => e.kind === 'credit_note.issued').map((e) => e.data)).toMatchObject([
      { creditNoteNumber: `CN-${account}-1`, amount: '55.00', gst: '5.00' },
      { creditNoteNumber: `CN-${account}-2`, amount: '55.00', gst: '5.00', amountCredited: '110.00' },
    ]);
    // Credited in full is not "paid" to the webhooks.
    expect(events.filter((e) => e.kind === 'invoice.paid')).toEqual([]);
    const audit = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.credit_note.issued'), eq(auditLog.clientId, admin.clientId)));
    expect(audit.map((a) => (a.details as { creditNoteNumber: string }).creditNoteNumber)).toEqual([
      `CN-${account}-1`,
      `CN-${account}-2`,
    ]);

    await processOutboxOnce({ smtpUrl: smtp.url });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(admin.user.email) && m.subject === `Adjustment note CN-${account}-1 for invoice ${number}`,
    );
    expect(mail.attachments).toEqual([`Adjustment-note-CN-${account}-1.pdf`]);
    expect(mail.text).toContain(`reduces invoice ${number} by $55.00 (GST $5.00 included)`);

    const listed = await listCreditNotes(await staff(), { invoiceNumber: number, limit: 10 });
    expect(listed.map((n) => n.creditNoteNumber)).toEqual([`CN-${account}-1`, `CN-${account}-2`]);
  });

  it('credits a paid invoice (the firm is then in credit), and gives parallel notes distinct numbers', async () => {
    const admin = await signedIn(4);
    const { number } = await invoiceOf(admin.clientId);
    await recordPayment(
      await staff(),
      paymentSchema.parse({ InvoiceNumbers: number, PaymentDate: '2026-11-20', Amount: '110.00', Reference: '' }),
    );
    const [a, b] = await Promise.all([credit(number, '11.00'), credit(number, '22.00')]);
    expect(new Set([a.creditNoteNumber, b.creditNoteNumber]).size).toBe(2);
    const rows = await t.db().select().from(creditNotes).where(eq(creditNotes.clientId, admin.clientId));
    expect(rows.map((r) => r.creditNoteNumber.replace(/^.*-/, '')).sort()).toEqual(['1', '2']);
    const slip = await getInvoiceSlip(admin.actor, number);
    expect(slip).toMatchObject({ amountCredited: '33.00', balance: '0.00' });
    expect(slip?.invoice.isPaid).toBe(true);
  });

  it('the GST of a credit is in proportion, and the last credit takes exactly the GST left', () => {
    const inv = { amountCents: 11000n, gstCents: 1000n, creditedCents: 0n, creditedGstCents: 0n };
    expect(creditGstCents(3333n, inv)).toBe(303n);
    expect(creditGstCents(11000n, inv)).toBe(1000n);
    expect(creditGstCents(7667n, { ...inv, creditedCents: 3333n, creditedGstCents: 303n })).toBe(697n);
  });

  it('the adjustment note PDF reads back as an ATO adjustment note; another firm gets 404', async () => {
    await saveSupplier(
      await staffActor(2),
      await staff(),
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
      }),
    );
    const user = await signedIn(3);
    const { number } = await invoiceOf(user.clientId);
    const note = await credit(number, '33.00', 'Ten pages were charged twice');
    const get = (token: string) =>
      creditNotePdfRoute(
        new Request(`http://localhost/api/Invoice/CreditNote/${encodeURIComponent(note.creditNoteNumber)}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
        { params: Promise.resolve({ number: note.creditNoteNumber }) },
      );
    const res = await get(user.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { text: raw } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
    const text = raw.replace(/\s+/g, ' ');
    expect(text).toContain('Adjustment note');
    expect(text).toContain('Legal Copy Services Pty Ltd');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(`Adjustment note number: ${note.creditNoteNumber}`);
    expect(text).toMatch(/Date: \d{2}-[A-Z][a-z]{2}-\d{4}/);
    expect(text).toContain(`Original invoice: ${number}, issued 01-Nov-2026, $110.00`);
    expect(text).toContain('Reason: Ten pages were charged twice');
    expect(text).toContain('Adjustment excl. GST $30.00');
    expect(text).toContain('GST $3.00');
    expect(text).toContain('Adjustment incl. GST $33.00');

    const other = await signedIn(3);
    expect((await get(other.token)).status).toBe(404);
  });
});
