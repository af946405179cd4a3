/**
 * The outbox worker: claims due messages through the one queue (lib/core/queue.ts: FOR UPDATE SKIP LOCKED with a
 * lease, so several instances can run it), sends them with nodemailer, and retries failures with exponential
 * backoff; the headers and attachments stored with a row (List-Unsubscribe, a PDF) go with its message. An SMTP outage delays mail;
 * it never loses a message. With no SMTP_URL, each message is printed whole in the log (lib/mail/console.ts) and
 * kept in the outbox with status 'logged'. It runs as the task 'mail' (lib/server/tasks.ts): on the in-process
 * timer, right after a request that queued mail, and from the cron route. A row's attachments are rendered as it is
 * sent (lib/mail/attachments.ts); printed mail names them without rendering them.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { getDb, type Db } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { claimDue, exponentialWaits, settle, whileLeased, type RetryPolicy, type WorkTable } from '@/lib/core/queue';
import { log } from '@/lib/log';
import { countMailFailure } from '@/lib/telemetry';
import { renderAttachments } from './attachments';
import { printConsoleMail } from './console';

/**
 * A claim holds for 10 s and is renewed every ~3 s while this instance works on it (lib/core/queue.ts
 * whileLeased), so a send slower than the lease is not taken twice, and an instance that dies right after
 * claiming leaves its messages to the others within 10 s (a sign-in code lives 5 minutes). Few at once: the
 * messages one instance holds wait for its sends one by one while another instance may be idle.
 */
export const OUTBOX: WorkTable = { table: 'email_outbox', leaseMs: 10_000 };
export const MAIL_BATCH = 5;

/** 5 s after the first failure, doubling, at most an hour. */
export const backoffMs = exponentialWaits(5_000, 60 * 60_000);

function retryPolicy(): RetryPolicy {
  return { maxAttempts: config().MAIL_MAX_ATTEMPTS, waitMs: backoffMs };
}

export interface SendResult {
  sent: number;
  failed: number;
  logged: number;
}

let cachedTransport: { url: string; t: Transporter } | undefined;
function transportFor(url: string): Transporter {
  if (cachedTransport?.url !== url) {
    cachedTransport = {
      url,
      t: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  return cachedTransport.t;
}

/** Sends what is due, once. Returns counts. */
export async function processOutboxOnce(
  opts: { db?: Db; batch?: number; smtpUrl?: string | null } = {},
): Promise<SendResult> {
  const db = opts.db ?? (await getDb());
  const c = config();
  const smtpUrl = opts.smtpUrl === undefined ? c.SMTP_URL : opts.smtpUrl;
  // Sign-in codes and password resets first: a person is waiting for them, and a code lives only minutes, so they
  // never queue behind a burst of notices (order confirmations and alerts of many jobs at once); then oldest first.
  const claims = await claimDue(db, OUTBOX, {
    batch: opts.batch ?? MAIL_BATCH,
    orderBy: sql`(d.kind not in ('otp', 'reset', 'reset-locked')), d.id`,
  });
  const ids = claims.map((x) => x.id);
  const claimed = ids.length
    ? await db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids)).orderBy(emailOutbox.id)
    : [];

  const result: SendResult = { sent: 0, failed: 0, logged: 0 };
  if (claimed.length === 0) return result;
  await whileLeased(db, OUTBOX, claims, async (release) => {
    for (const m of claimed) {
      await sendOne(db, m, smtpUrl, result);
      release(m.id);
    }
  });
  return result;
}

async function sendOne(
  db: Db,
  m: typeof emailOutbox.$inferSelect,
  smtpUrl: string | undefined | null,
  result: SendResult,
): Promise<void> {
  const c = config();
  if (!smtpUrl) {
    printConsoleMail({
      from: c.MAIL_FROM,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      messageId: m.messageId,
      kind: m.kind,
      attachments: m.attachments,
    });
    await db.update(emailOutbox).set({ status: 'logged', lockedUntil: null }).where(eq(emailOutbox.id, m.id));
    result.logged++;
    return;
  }
  try {
    // The files are rendered now, from the committed rows the row names; one that cannot be is a failed attempt.
    const attachments = await renderAttachments(db, m.attachments);
    await transportFor(smtpUrl).sendMail({
      from: c.MAIL_FROM,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      html: m.htmlBody ?? undefined,
      messageId: m.messageId,
      headers: m.headers ?? undefined,
      attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    });
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: now(), lockedUntil: null, lastError: null })
      .where(eq(emailOutbox.id, m.id));
    result.sent++;
  } catch (e) {
    const { status, lockedUntil, nextAttemptAt, gaveUp } = settle(m.attempts, false, retryPolicy(), 'sent');
    await db
      .update(emailOutbox)
      .set({
        status,
        lockedUntil,
        lastError: e instanceof Error ? e.message.slice(0, 500) : String(e),
        ...(nextAttemptAt ? { nextAttemptAt } : {}),
      })
      .where(eq(emailOutbox.id, m.id));
    log().warn({ outboxId: m.id, attempts: m.attempts, giveUp: gaveUp }, 'mail send failed');
    countMailFailure(gaveUp);
    result.failed++;
  }
}

/** The task of lib/server/tasks.ts: one batch; answers how many messages it handled. */
export async function mailTaskRun(): Promise<number> {
  const r = await processOutboxOnce();
  return r.sent + r.failed + r.logged;
}

/** The in-process timer's period for mail (null: MAIL_WORKER_ENABLED=false). */
export function mailTimerMs(): number | null {
  const c = config();
  return c.MAIL_WORKER_ENABLED ? c.MAIL_WORKER_INTERVAL_MS : null;
}
