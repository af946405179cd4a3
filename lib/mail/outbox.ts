/**
 * Mail goes through an outbox: enqueueMail writes a row in the caller's transaction, so the
 * message exists if and only if the change that caused it committed. The worker (lib/mail/worker.ts) sends it:
 * right after the response of the request that queued it (`after()`, so a sign-in code leaves at once on any
 * platform), else on the in-process timer or the cron route.
 */
import { randomUUID } from 'node:crypto';
import { emailOutbox } from '@/db/schema';
import type { Queryable } from '@/db/client';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { drainAfterResponse } from '@/lib/core/queue';

/** The name of the mail task (lib/server/tasks.ts). */
export const MAIL_TASK = 'mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is about: otp, reset, alert, exception, insufficient-rights, test, ... */
  kind: string;
  /** Extra headers, stored with the row and carried by the SMTP message (e.g. List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

export async function enqueueMail(q: Queryable, m: MailMessage): Promise<{ id: number; messageId: string }> {
  const domain = new URL(config().appUrl).hostname || 'jms.local';
  const messageId = `<${randomUUID()}@${domain}>`;
  const [row] = await q
    .insert(emailOutbox)
    .values({
      messageId,
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html ?? null,
      kind: m.kind,
      headers: m.headers ?? null,
      nextAttemptAt: now(),
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox row not written');
  drainAfterResponse(MAIL_TASK);
  return { id: row.id, messageId };
}
