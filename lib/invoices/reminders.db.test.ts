/**
 * Payment reminders: on the days the provider set before and after the due date (in the provider's zone, by the
 * clock), the firm's billing contacts are e-mailed a reminder with the invoice PDF, once per invoice per step, through
 * the one queue and the cron route; payment or voiding stops them; a step long past is not sent.
 */
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as cronRoute } from '@/app/api/cron/run/route';
import { emailOutbox, invoiceReminders, invoices } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { userPrincipal } from '@/lib/core/principal';
import { processOutboxOnce } from '@/lib/mail/worker';
import { registerTasks } from '@/lib/server/tasks';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn } from '@/test/factories';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { staffActor } from '@/test/staff';
import { issueInvoice, markInvoicePaid } from './issue';
import { invoiceIssueSchema } from './issue-schema';
import { processRemindersOnce, REMINDER_KIND } from './reminders';
import { getSupplier, saveSupplier } from './supplier';
import { supplierSchema } from './supplier-schema';

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const SECRET = 'cron-secret-for-the-reminder-test-0123';

/** Noon in Sydney on a calendar day. */
const sydneyNoon = (day: string) => new Date(`${day}T02:00:00Z`);

describe('payment reminders', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  let restoreClock: (() => void) | null = null;
  const at = (day: string) => {
    restoreClock?.();
    restoreClock = setClock(fixedClock(sydneyNoon(day)));
  };
  beforeAll(async () => {
    smtp = await startTestSmtp();
    registerTasks();
  });
  afterAll(async () => {
    delete process.env.CRON_SECRET;
    delete process.env.SMTP_URL;
    resetConfigForTests();
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db().update(emailOutbox).set({ status: 'sent' });
  });
  afterEach(() => {
    restoreClock?.();
    restoreClock = null;
  });

  async function issue(clientId: number, dueDate: string, issueDate = '2026-11-20') {
    const staff = await staffActor(2);
    const job = await makeJob({ clientId });
    const number = `INV-${uid()}`;
    await issueInvoice(
      userPrincipal(staff),
      invoiceIssueSchema.parse({
        ClientId: clientId,
        InvoiceNumber: number,
        JobNumbers: job.jmsNumber,
        IssueDate: issueDate,
        DueDate: dueDate,
        CurrencyCode: 'AUD',
        Lines: [{ ExtStockId: 'COPY', Description: 'Copies', Quantity: '1', Amount: '100.00' }],
      }),
    );
    await t.db().update(emailOutbox).set({ status: 'sent' });
    return number;
  }

  async function remindersTo(email: string) {
    return t
      .db()
      .select({ subject: emailOutbox.subject, attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, REMINDER_KIND), eq(emailOutbox.toAddress, email)))
      .orderBy(emailOutbox.id);
  }

  it('the provider’s days: before and after the due date, each once, until paid; the cron route sends it with the PDF', async () => {
    const staff = await staffActor(2);
    const s = await getSupplier();
    await saveSupplier(
      staff,
      userPrincipal(staff),
      supplierSchema.parse({
        LegalName: s.legalName || 'Legal Copy Services Pty Ltd',
        Abn: '51 824 753 556',
        Address: s.address || '1 George Street, Sydney NSW 2000',
        Email: '',
        Phone: '',
        BankAccountName: 'Legal Copy Services',
        BankBsb: '062000',
        BankAccountNumber: '12345678',
        GstRate: '10',
        ReminderDaysBefore: '3',
        ReminderDaysAfter: '14, 1,7',
      }),
    );
    expect((await getSupplier()).reminderDaysAfter).toEqual([1, 7, 14]);
    const admin = await signedIn(4);
    const number = await issue(admin.clientId, '2026-12-04');

    // Four days before: nothing yet.
    at('2026-11-30');
    expect((await processRemindersOnce()).sent).toBe(0);
    expect(await remindersTo(admin.user.email)).toEqual([]);

    // Three days before, through the cron route: the reminder arrives with the invoice PDF.
    at('2026-12-01');
    process.env.CRON_SECRET = SECRET;
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    const res = await cronRoute(
      new Request('http://localhost/api/cron/run', { headers: { authorization: `Bearer ${SECRET}` } }),
    );
    expect(res.status).toBe(200);
    const report = (await res.json()) as { tasks: Record<string, { handled: number }> };
    expect(report.tasks['payment-reminders']?.handled).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor((m) => m.to.includes(admin.user.email) && m.subject.includes(number));
    expect(mail.subject).toBe(`Reminder: invoice ${number}, $110.00 due 04-Dec-2026`);
    expect(mail.text).toContain(`Invoice ${number} is due in 3 days, on 04-Dec-2026. $110.00 is left to pay.`);
    expect(mail.files.map((f) => f.contentType)).toEqual(['application/pdf']);
    const { text } = await extractText(new Uint8Array(mail.files[0]!.content), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(number);
    delete process.env.CRON_SECRET;
    delete process.env.SMTP_URL;
    resetConfigForTests();

    // The same day again: not twice.
    expect((await processRemindersOnce()).planned).toBe(0);
    expect(await remindersTo(admin.user.email)).toHaveLength(1);

    // A day after: the overdue reminder. Eight days after: the 7-day one, once.
    at('2026-12-05');
    expect((await processRemindersOnce()).sent).toBe(1);
    at('2026-12-12');
    expect((await processRemindersOnce()).sent).toBe(1);
    expect((await processRemindersOnce()).sent).toBe(0);
    const subjects = (await remindersTo(admin.user.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `Reminder: invoice ${number}, $110.00 due 04-Dec-2026`,
      `Overdue: invoice ${number}, $110.00 to pay`,
      `Overdue: invoice ${number}, $110.00 to pay`,
    ]);
    expect((await remindersTo(admin.user.email)).every((m) => m.attachments?.[0]?.kind === 'invoice-pdf')).toBe(true);

    // Paid: the 14-day reminder is not sent.
    await markInvoicePaid(userPrincipal(staff), number);
    at('2026-12-18');
    await processRemindersOnce();
    expect(await remindersTo(admin.user.email)).toHaveLength(3);
  });

  it('a reminder planned before the invoice was paid or voided is stopped, not sent', async () => {
    const admin = await signedIn(4);
    const number = await issue(admin.clientId, '2026-12-04');
    at('2026-12-05');
    // Planned, then the invoice is voided before the send.
    const [inv] = await t.db().select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, number));
    await t
      .db()
      .insert(invoiceReminders)
      .values({ invoiceId: inv!.id, step: 1, nextAttemptAt: sydneyNoon('2026-12-05') });
    await t
      .db()
      .update(invoices)
      .set({ voidedAt: sydneyNoon('2026-12-05') })
      .where(eq(invoices.id, inv!.id));
    const r = await processRemindersOnce();
    expect(r.stopped).toBeGreaterThanOrEqual(1);
    const [row] = await t
      .db()
      .select({ status: invoiceReminders.status })
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, inv!.id));
    expect(row?.status).toBe('stopped');
    expect(await remindersTo(admin.user.email)).toEqual([]);
  });

  it('an invoice whose step is long past is not reminded of it (no pile of reminders when they are first set)', async () => {
    const admin = await signedIn(4);
    await issue(admin.clientId, '2026-10-01', '2026-09-17');
    // 14 days after was 15-Oct: more than a week before today.
    at('2026-11-25');
    await processRemindersOnce();
    expect(await remindersTo(admin.user.email)).toEqual([]);
    await processOutboxOnce({ smtpUrl: null });
  });
});
