/**
 * The outbox worker: claims due messages (FOR UPDATE SKIP LOCKED, so several instances can run
 * it), sends them with nodemailer, and retries failures with exponential backoff. An SMTP
 * outage delays mail; it never loses a message. With no SMTP_URL, each message is printed whole
 * in the log (lib/mail/console.ts) and kept in the outbox with status 'logged'. Each run first turns the job alert digests that are due
 * into outbox rows (lib/jobs/alerts.ts).
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { getDb, type Db } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { sendDueDigests } from '@/lib/jobs/alerts';
import { log } from '@/lib/log';
import { printConsoleMail } from './console';

const LOCK_MS = 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 5_000, 60 * 60_000);
}

export interface SendResult {
  sent: number;
  failed: number;
  logged: number;
}

let cachedTransport: { url: string; t: Transporter } | undefined;
function transportFor(url: string): Transporter {
  if (cachedTransport?.url !== url) {
    cachedTransport = { url, t: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return cachedTransport.t;
}

/** Sends what is due, once. Returns counts. */
export async function processOutboxOnce(opts: { db?: Db; batch?: number; smtpUrl?: string | null } = {}): Promise<SendResult> {
  const db = opts.db ?? (await getDb());
  const c = config();
  const smtpUrl = opts.smtpUrl === undefined ? c.SMTP_URL : opts.smtpUrl;
  const t = now();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.status, ['pending', 'sending']),
          lte(emailOutbox.nextAttemptAt, t),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, t)),
        ),
      )
      .orderBy(emailOutbox.id)
      .limit(opts.batch ?? 20)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ status: 'sending', lockedUntil: new Date(t.getTime() + LOCK_MS), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due.map((d) => d.id)))
      .returning();
  });

  const result: SendResult = { sent: 0, failed: 0, logged: 0 };
  for (const m of claimed) {
    if (!smtpUrl) {
      printConsoleMail({ from: c.MAIL_FROM, to: m.toAddress, subject: m.subject, text: m.textBody, messageId: m.messageId, kind: m.kind });
      await db.update(emailOutbox).set({ status: 'logged', lockedUntil: null }).where(eq(emailOutbox.id, m.id));
      result.logged++;
      continue;
    }
    try {
      await transportFor(smtpUrl).sendMail({
        from: c.MAIL_FROM,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        html: m.htmlBody ?? undefined,
        messageId: m.messageId,
      });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: now(), lockedUntil: null, lastError: null }).where(eq(emailOutbox.id, m.id));
      result.sent++;
    } catch (e) {
      const giveUp = m.attempts >= c.MAIL_MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: e instanceof Error ? e.message.slice(0, 500) : String(e),
          nextAttemptAt: new Date(now().getTime() + backoffMs(m.attempts)),
        })
        .where(eq(emailOutbox.id, m.id));
      log().warn({ outboxId: m.id, attempts: m.attempts, giveUp }, 'mail send failed');
      result.failed++;
    }
  }
  return result;
}

const g = globalThis as unknown as { __jmsMailWorker?: NodeJS.Timeout };

/** Starts the periodic worker in this process (once). */
export function startMailWorker(): void {
  const c = config();
  if (!c.MAIL_WORKER_ENABLED || g.__jmsMailWorker) return;
  let running = false;
  g.__jmsMailWorker = setInterval(() => {
    if (running) return;
    running = true;
    // Job alert digests that are due become outbox rows first (claimed in the database, so any instance may).
    sendDueDigests()
      .catch((e) => log().error({ err: e }, 'job alert digests failed'))
      .then(() => processOutboxOnce())
      .catch((e) => log().error({ err: e }, 'mail worker run failed'))
      .finally(() => {
        running = false;
      });
  }, c.MAIL_WORKER_INTERVAL_MS);
  g.__jmsMailWorker.unref();
}

export function stopMailWorker(): void {
  if (g.__jmsMailWorker) clearInterval(g.__jmsMailWorker);
  g.__jmsMailWorker = undefined;
}
