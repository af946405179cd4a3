/**
 * The invoice reaches the firm: issuing e-mails the firm's billing contacts the invoice with its PDF attached
 * (delivered to a real SMTP server and read back), receipts go to the same people with a receipt PDF, the invoice
 * alert goes to the other users who keep it on, nobody twice; the firm's administrator chooses the billing contacts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '@/db/schema';
import { userPrincipal } from '@/lib/core/principal';
import { ForbiddenError, ValidationError } from '@/lib/core/errors';
import { processOutboxOnce } from '@/lib/mail/worker';
import { registerTasks } from '@/lib/server/tasks';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn } from '@/test/factories';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import { billingContactEmails, getBillingContactsForAdmin, updateBillingContacts } from './billing-contacts';
import { BILLING_CONTACTS_MSG } from './billing-contacts-schema';
import { INVOICE_MAIL_KIND, issueInvoice } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { paymentSchema } from './payment-schema';
import { RECEIPT_KIND, recordPayment } from './payments';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('billing mail', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // As at start-up: the mail worker's attachment kinds are registered with the tasks.
    registerTasks();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });

  async function issue(clientId: number, opts: { lines?: { Amount: string }[] } = {}) {
    const staff = await staffActor(2);
    const job = await makeJob({ clientId });
    const number = `INV-${uid()}`;
    await issueInvoice(
      userPrincipal(staff),
      invoiceIssueSchema.parse({
        ClientId: clientId,
        InvoiceNumber: number,
        JobNumbers: job.jmsNumber,
        IssueDate: '2026-11-20',
        DueDate: '2026-12-04',
        CurrencyCode: 'AUD',
        Lines: (opts.lines ?? [{ Amount: '100.00' }]).map((l) => ({
          ExtStockId: 'COPY',
          Description: 'Copies',
          Quantity: '1',
          Amount: l.Amount,
        })),
      }),
    );
    return { number, job };
  }

  async function queued(kind: string) {
    return t
      .db()
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.status, 'pending')))
      .orderBy(emailOutbox.id);
  }

  it('an issued invoice arrives at the administrators on a real SMTP server: text and HTML, and its PDF attached', async () => {
    const admin = await signedIn(4);
    const { number } = await issue(admin.clientId, { lines: [{ Amount: '1150.00' }] });
    const r = await processOutboxOnce({ smtpUrl: smtp.url, batch: 50 });
    expect(r.failed).toBe(0);
    const mail = await smtp.waitFor((m) => m.to.includes(admin.user.email) && m.subject.includes(number));
    // 1,150.00 plus 10 % GST.
    expect(mail.subject).toBe(`Invoice ${number} for $1,265.00`);
    expect(mail.contentType).toBe('multipart/mixed');
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.text).toContain(`Here is invoice ${number} for $1,265.00. The tax invoice is attached as a PDF.`);
    expect(mail.html).toContain('View the invoice');
    expect(mail.text).toMatch(/View the invoice: http:\/\/[^\s]+\/InvoiceSlip\?ir=/);
    expect(mail.files).toHaveLength(1);
    const [pdf] = mail.files;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`Invoice-${number}.pdf`);
    const text = await pdfText(pdf!.content);
    expect(text).toContain('Tax invoice');
    expect(text).toContain(number);
    expect(text).toContain('$1,265.00');
  });

  it('billing contacts get the invoice and not the alert too; other users with the alert on get the alert; nobody twice', async () => {
    const admin = await signedIn(4);
    // An administrator who also keeps the invoice alert on, and a clerk who keeps it on for the firm's jobs.
    const adminWithAlert = await makeUser({ clientId: admin.clientId, role: 4, invoiceAlert: true });
    const clerk = await makeUser({ clientId: admin.clientId, role: 3, invoiceAlert: true, jobAlertScope: 'firm' });
    const quiet = await makeUser({ clientId: admin.clientId, role: 3 });
    const { number } = await issue(admin.clientId);
    const invoiceMail = await queued(INVOICE_MAIL_KIND);
    expect(invoiceMail.map((m) => m.to).sort()).toEqual([admin.user.email, adminWithAlert.email].sort());
    expect(invoiceMail.every((m) => m.attachments?.[0]?.kind === 'invoice-pdf')).toBe(true);
    const alerts = await queued('invoice-alert');
    expect(alerts.map((m) => m.to)).toEqual([clerk.email]);
    expect(alerts[0]!.subject).toBe(`Invoice ${number} has been issued`);
    const all = [...invoiceMail, ...alerts].map((m) => m.to);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(quiet.email);
  });

  it('the administrator chooses the billing contacts (a user and an accounts mailbox); audited; the firm is told instead of the administrators', async () => {
    const admin = await signedIn(4);
    const clerk = await makeUser({ clientId: admin.clientId, role: 3, firstName: 'Robin' });
    const leaver = await makeUser({ clientId: admin.clientId, role: 3, isActive: false });
    const mailbox = `accounts.${uid().toLowerCase()}@firm-example.com`;
    expect(await getBillingContactsForAdmin(admin.actor)).toEqual({ chosen: [], current: [admin.user.email] });
    const saved = await updateBillingContacts(admin.actor, {
      BillingContacts: `${clerk.email}\n${mailbox}, ${leaver.email}\n${mailbox.toUpperCase()}`,
    });
    expect(saved).toEqual({ changed: true });
    expect(await getBillingContactsForAdmin(admin.actor)).toEqual({
      chosen: [clerk.email, mailbox, leaver.email],
      current: [clerk.email, mailbox],
    });
    const [audit] = await t
      .db()
      .select({ details: auditLog.details, userId: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'billing.contacts_updated'), eq(auditLog.clientId, admin.clientId)));
    expect(audit?.userId).toBe(admin.user.id);
    expect(audit?.details).toMatchObject({ before: [], after: [clerk.email, mailbox, leaver.email] });

    const { number } = await issue(admin.clientId);
    const invoiceMail = await queued(INVOICE_MAIL_KIND);
    expect(invoiceMail.map((m) => m.to)).toEqual([clerk.email, mailbox]);
    await processOutboxOnce({ smtpUrl: smtp.url, batch: 50 });
    const toMailbox = await smtp.waitFor((m) => m.to.includes(mailbox) && m.subject.includes(number));
    expect(toMailbox.text).toMatch(/^Hello,$/m);
    const toClerk = await smtp.waitFor((m) => m.to.includes(clerk.email) && m.subject.includes(number));
    expect(toClerk.text).toContain('Hello Robin,');

    // Cleared: the administrators again.
    await updateBillingContacts(admin.actor, { BillingContacts: '' });
    expect(await billingContactEmails(t.db(), admin.clientId)).toEqual([admin.user.email]);
  });

  it('refuses addresses that are not e-mail addresses with a field message, saving nothing; only the firm’s administrator may', async () => {
    const admin = await signedIn(4);
    await expect(
      updateBillingContacts(admin.actor, { BillingContacts: 'accounts@firm-example.com\nnot-an-address' }),
    ).rejects.toMatchObject({
      fields: { BillingContacts: [BILLING_CONTACTS_MSG.invalid('not-an-address')] },
    } satisfies Partial<ValidationError>);
    const many = Array.from({ length: 11 }, (_, i) => `a${i}@firm-example.com`).join('\n');
    await expect(updateBillingContacts(admin.actor, { BillingContacts: many })).rejects.toMatchObject({
      fields: { BillingContacts: [BILLING_CONTACTS_MSG.tooMany] },
    });
    expect(await getBillingContactsForAdmin(admin.actor)).toEqual({ chosen: [], current: [admin.user.email] });
    const clerk = await signedIn(3, admin.clientId);
    await expect(updateBillingContacts(clerk.actor, { BillingContacts: 'x@firm-example.com' })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    // Another firm's administrator changes only their own firm's contacts.
    const other = await signedIn(4);
    await updateBillingContacts(other.actor, { BillingContacts: 'ap@other-example.com' });
    expect(await billingContactEmails(t.db(), admin.clientId)).toEqual([admin.user.email]);
    expect(await billingContactEmails(t.db(), other.clientId)).toEqual(['ap@other-example.com']);
  });

  it('a receipt goes to the billing contacts, not to other users, with a receipt PDF that parses', async () => {
    const admin = await signedIn(4);
    const alertUser = await makeUser({ clientId: admin.clientId, role: 3, invoiceAlert: true });
    const mailbox = `ap.${uid().toLowerCase()}@firm-example.com`;
    await updateBillingContacts(admin.actor, { BillingContacts: mailbox });
    const { number } = await issue(admin.clientId, { lines: [{ Amount: '100.00' }] });
    await t.db().update(emailOutbox).set({ status: 'sent' });
    const staff = await staffActor(2);
    await recordPayment(
      userPrincipal(staff),
      paymentSchema.parse({ InvoiceNumbers: number, PaymentDate: '2026-11-25', Amount: '60.00', Reference: 'EFT 42' }),
    );
    const receipts = await queued(RECEIPT_KIND);
    expect(receipts.map((m) => m.to)).toEqual([mailbox]);
    expect(receipts.map((m) => m.to)).not.toContain(alertUser.email);
    await processOutboxOnce({ smtpUrl: smtp.url, batch: 50 });
    const mail: ReceivedMail = await smtp.waitFor((m) => m.to.includes(mailbox) && m.subject.startsWith('Receipt'));
    expect(mail.subject).toBe('Receipt for your payment of $60.00');
    expect(mail.files.map((f) => f.contentType)).toEqual(['application/pdf']);
    expect(mail.files[0]!.filename).toMatch(/^Receipt-2026-11-25-\d+\.pdf$/);
    const text = await pdfText(mail.files[0]!.content);
    expect(text).toContain('Receipt');
    expect(text).toContain('EFT 42');
    expect(text).toContain(number);
    // $110.00 (GST included) less $60.00.
    expect(text).toContain('$50.00');
  });

  it('a message whose attachment cannot be rendered is not sent without it: the attempt fails and waits to retry', async () => {
    const admin = await signedIn(4);
    const { id } = await (
      await import('@/lib/mail/outbox')
    ).enqueueMail(t.db(), {
      to: admin.user.email,
      kind: 'invoice-issued',
      props: {
        firstName: null,
        invoiceNumber: 'INV-MISSING',
        total: '$1.00',
        issueDate: '20-Nov-2026',
        dueDate: null,
        jobs: ['1'],
        href: '/InvoiceSlip?ir=x',
      },
      attachments: [{ kind: 'invoice-pdf', id: 2_000_000_000 }],
    });
    const before = smtp.received.length;
    const r = await processOutboxOnce({ smtpUrl: smtp.url, batch: 50 });
    expect(r.failed).toBe(1);
    const [row] = await t
      .db()
      .select({ status: emailOutbox.status, lastError: emailOutbox.lastError })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [id]));
    expect(row?.status).toBe('pending');
    expect(row?.lastError).toContain('could not be rendered');
    expect(smtp.received.slice(before).some((m) => m.subject.includes('INV-MISSING'))).toBe(false);
  });
});
