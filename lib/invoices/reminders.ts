/**
 * Payment reminders: the provider sets days before an invoice's due date and days after it (supplier settings,
 * /Ops/Invoices/Supplier); on each of those days the firm's billing contacts are e-mailed a reminder with the
 * invoice PDF attached, until the invoice is paid or voided.
 *
 * A task of the one queue (lib/core/queue.ts, composed in lib/server/tasks.ts), in two steps each run:
 * - plan: for every unpaid, unvoided invoice with a due date, the latest step whose day has come (in the
 *   provider's zone) becomes a row of `invoice_reminders`, unless that invoice already has one for that step
 *   (unique per invoice and step: once per invoice per step, whichever instance plans it). Earlier steps whose day
 *   passed unsent are skipped, and a step more than CATCH_UP_DAYS old is not sent at all, so a missed day is caught
 *   up but an old invoice does not receive a pile of reminders when reminders are first set;
 * - send: the due rows are claimed (FOR UPDATE SKIP LOCKED with a lease); each, in one transaction with its
 *   invoice locked, becomes the reminder e-mails in the outbox ('sent'), or 'stopped' when the invoice was paid,
 *   voided or credited in full meanwhile.
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, rowsOf, type Db, type Queryable } from '@/db/client';
import { clients, invoiceReminders, invoices } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { claimDue, exponentialWaits, settle, whileLeased, type WorkTable } from '@/lib/core/queue';
import { displayCalendarDate } from '@/lib/display-date';
import { DEFAULT_TIME_ZONE } from '@/lib/jobs/lookups';
import { log } from '@/lib/log';
import { enqueueMail } from '@/lib/mail/outbox';
import { INVOICE_PDF_ATTACHMENT } from './attachments';
import { billingContacts } from './billing-contacts';
import { fromCents, toCents } from './gst';
import { invoiceSlipHref } from './links';
import { formatMoney } from './money';
import { invoiceToday } from './overdue';
import { getSupplier } from './supplier';

/** The name of the task (lib/server/tasks.ts). */
export const REMINDER_TASK = 'payment-reminders';
export const REMINDER_KIND = 'payment-reminder';

/** A step whose day is further back than this is not sent (see the file comment). */
export const CATCH_UP_DAYS = 7;

export const REMINDERS: WorkTable = { table: 'invoice_reminders', leaseMs: 30_000 };
const BATCH = 20;
const retry = { maxAttempts: 5, waitMs: exponentialWaits(60_000, 6 * 60 * 60_000) };

/** The steps of the settings: days from the due date, negative before it, positive after it. */
export function reminderSteps(s: { reminderDaysBefore: readonly number[]; reminderDaysAfter: readonly number[] }) {
  return [...new Set([...s.reminderDaysBefore.map((d) => -d), ...s.reminderDaysAfter])].sort((a, b) => a - b);
}

/** Writes the reminder rows whose day has come (see the file comment). Answers how many were written. */
export async function planReminders(q: Queryable, today: string): Promise<number> {
  const steps = reminderSteps(await getSupplier(q));
  if (!steps.length) return 0;
  const list = sql.raw(`array[${steps.map((n) => String(Math.trunc(n))).join(',')}]::int[]`);
  const res = await q.execute(sql`
    insert into ${invoiceReminders} (invoice_id, step, next_attempt_at)
    select i.id, max(s.step), ${now().toISOString()}::timestamptz
    from ${invoices} i
    join ${clients} c on c.id = i.client_id and c.is_active and c.deleted_at is null
    cross join unnest(${list}) as s(step)
    where not i.is_paid and i.voided_at is null and i.due_date is not null
      and i.due_date + s.step <= ${today}::date
      and i.due_date + s.step > ${today}::date - ${CATCH_UP_DAYS}::int
    group by i.id
    on conflict (invoice_id, step) do nothing
    returning id`);
  return rowsOf(res).length;
}

/** One claimed reminder, in its own transaction: the e-mails, or stopped. */
async function sendOne(db: Db, id: number): Promise<'sent' | 'stopped'> {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select({
        step: invoiceReminders.step,
        invoiceId: invoices.id,
        clientId: invoices.clientId,
        invoiceNumber: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        amount: invoices.amount,
        amountPaid: invoices.amountPaid,
        amountCredited: invoices.amountCredited,
        currencyCode: invoices.currencyCode,
        isPaid: invoices.isPaid,
        voidedAt: invoices.voidedAt,
      })
      .from(invoiceReminders)
      .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(eq(invoiceReminders.id, id))
      .for('update', { of: invoices })
      .limit(1);
    if (!r) return 'stopped';
    const balance = toCents(r.amount) - toCents(r.amountPaid) - toCents(r.amountCredited);
    let outcome: 'sent' | 'stopped' = 'stopped';
    if (!r.isPaid && !r.voidedAt && balance > 0n && r.dueDate) {
      const owed = fromCents(balance);
      const props = {
        invoiceNumber: r.invoiceNumber,
        balance: formatMoney(owed, r.currencyCode),
        dueDate: displayCalendarDate(r.dueDate),
        daysFromDue: r.step,
        href: invoiceSlipHref({ invoiceNumber: r.invoiceNumber, issueDate: r.issueDate }),
      };
      for (const c of await billingContacts(tx, r.clientId)) {
        await enqueueMail(tx, {
          to: c.email,
          kind: REMINDER_KIND,
          props: { ...props, firstName: c.firstName },
          attachments: [{ kind: INVOICE_PDF_ATTACHMENT, id: r.invoiceId }],
        });
      }
      outcome = 'sent';
    }
    await tx
      .update(invoiceReminders)
      .set({ status: outcome, sentAt: outcome === 'sent' ? now() : null, lockedUntil: null, lastError: null })
      .where(eq(invoiceReminders.id, id));
    return outcome;
  });
}

export interface ReminderRun {
  planned: number;
  sent: number;
  stopped: number;
  failed: number;
}

/** One run: plan what is due today (the provider's zone), then send a batch of due reminders. */
export async function processRemindersOnce(opts: { db?: Db; today?: string } = {}): Promise<ReminderRun> {
  const db = opts.db ?? (await getDb());
  const planned = await planReminders(db, opts.today ?? invoiceToday(now(), DEFAULT_TIME_ZONE));
  const claims = await claimDue(db, REMINDERS, { batch: BATCH });
  const run: ReminderRun = { planned, sent: 0, stopped: 0, failed: 0 };
  await whileLeased(db, REMINDERS, claims, async (release) => {
    for (const c of claims) {
      try {
        run[await sendOne(db, c.id)]++;
      } catch (e) {
        const s = settle(c.attempts, false, retry, 'sent');
        await db
          .update(invoiceReminders)
          .set({
            status: s.status,
            lockedUntil: null,
            lastError: e instanceof Error ? e.message.slice(0, 500) : String(e),
            ...(s.nextAttemptAt ? { nextAttemptAt: s.nextAttemptAt } : {}),
          })
          .where(eq(invoiceReminders.id, c.id));
        log().warn({ reminderId: c.id, attempts: c.attempts, giveUp: s.gaveUp }, 'payment reminder failed');
        run.failed++;
      }
      release(c.id);
    }
  });
  return run;
}

/** The task of lib/server/tasks.ts: answers how many reminders it settled (a claimed batch). */
export async function reminderTaskRun(): Promise<number> {
  const r = await processRemindersOnce();
  return r.sent + r.stopped + r.failed;
}

/** The in-process timer's period (null: PAYMENT_REMINDER_INTERVAL_MINUTES=0). */
export function reminderTimerMs(): number | null {
  const minutes = config().PAYMENT_REMINDER_INTERVAL_MINUTES;
  return minutes ? minutes * 60_000 : null;
}
