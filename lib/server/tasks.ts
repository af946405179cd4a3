/**
 * The background tasks of the portal, composed in one place above the domains (imports run one way: this file →
 * the domains → lib/core). Each is a "drain what is due" function on the one queue (lib/core/queue.ts):
 *
 * - 'digests': job alert digests that are due become outbox mails (lib/jobs/alerts.ts);
 * - 'payment-reminders': the payment reminders whose day has come become outbox mails, each invoice's step once,
 *   none for a paid or voided invoice (lib/invoices/reminders.ts);
 * - 'mail': the mail outbox (lib/mail/worker.ts);
 * - 'webhooks': new events become deliveries, due deliveries are sent (lib/webhooks/worker.ts);
 * - 'orphan-sweep': drafts past 30 days are purged (lib/jobs/drafts.ts), news past the bell's 30 days are pruned
 *   (lib/jobs/news.ts), files no document names are removed (lib/documents/sweep.ts).
 *
 * Three triggers run them: the in-process timer of `next start` (startTasks, from lib/server/start.ts; each task's
 * own *_ENABLED / *_INTERVAL variables), `after()` right after a request that queued mail (lib/mail/outbox.ts) or a webhook's "send again"
 * (lib/webhooks/outbox.ts),
 * and the cron route of a serverless platform (runCron, from lib/server/cron.ts).
 */
import { drainAll, registerTask, registeredTasks, startTaskTimer, type DrainReport } from '@/lib/core/queue';
import { SWEEP_TASK, sweepTaskRun, sweepTimerMs } from '@/lib/documents/sweep';
import { sendDueDigests } from '@/lib/jobs/alerts';
import { purgeExpiredDrafts } from '@/lib/jobs/drafts';
import { pruneOldNews } from '@/lib/jobs/news';
import { INVOICE_ATTACHMENT_KINDS } from '@/lib/invoices/attachments';
import { REMINDER_TASK, reminderTaskRun, reminderTimerMs } from '@/lib/invoices/reminders';
import { registerAttachmentKind } from '@/lib/mail/attachments';
import { MAIL_TASK } from '@/lib/mail/outbox';
import { mailTaskRun, mailTimerMs } from '@/lib/mail/worker';
import { WEBHOOK_TASK } from '@/lib/webhooks/outbox';
import { webhookTaskRun, webhookTimerMs } from '@/lib/webhooks/worker';

export const DIGEST_TASK = 'digests';

/**
 * Registers the tasks in the order a drain runs them: digests and reminders before mail, so they leave in the same
 * run; and the attachment kinds the mail worker renders.
 */
export function registerTasks(): void {
  // What the mail worker attaches (lib/mail/attachments.ts): the invoices' PDFs.
  for (const k of INVOICE_ATTACHMENT_KINDS) registerAttachmentKind(k);
  registerTask({ name: DIGEST_TASK, run: () => sendDueDigests(), intervalMs: mailTimerMs });
  // Payment reminders whose day has come become outbox mails, before the mail task (lib/invoices/reminders.ts).
  registerTask({ name: REMINDER_TASK, run: reminderTaskRun, intervalMs: reminderTimerMs });
  registerTask({ name: MAIL_TASK, run: mailTaskRun, intervalMs: mailTimerMs });
  registerTask({ name: WEBHOOK_TASK, run: webhookTaskRun, intervalMs: webhookTimerMs });
  // The sweep also purges drafts past their 30 days (lib/jobs/drafts.ts), before their uploads are swept, and the
  // news past the bell's 30 days (lib/jobs/news.ts).
  registerTask({
    name: SWEEP_TASK,
    run: async () => (await purgeExpiredDrafts()) + (await pruneOldNews()) + (await sweepTaskRun()),
    intervalMs: sweepTimerMs,
    repeat: false,
  });
}

/** Trigger 1: registers the tasks and starts the one in-process timer (ticking at the shortest period, at least 100 ms). */
export function startTasks(): void {
  registerTasks();
  const periods = registeredTasks()
    .map((t) => t.intervalMs())
    .filter((ms): ms is number => ms !== null);
  if (periods.length) startTaskTimer(Math.max(100, Math.min(...periods)));
}

/**
 * The time the cron route gives a drain. A serverless function has a maximum duration (app/api/cron/run exports
 * maxDuration = 60 s); the drain stops starting new rounds after this budget and leaves the rest for the next call.
 */
export const CRON_BUDGET_MS = 45_000;

/** Trigger 3: drains every task once within the budget and answers what each did. */
export async function runCron(budgetMs = CRON_BUDGET_MS): Promise<DrainReport> {
  registerTasks();
  return drainAll(budgetMs);
}
