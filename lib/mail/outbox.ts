/**
 * Mail goes through an outbox: enqueueMail renders a kind of the catalogue (lib/mail/catalogue.ts) with its props
 * and the sender's brand, and writes the subject, the text, the HTML and what to attach (lib/mail/attachments.ts) in
 * an outbox row in the caller's transaction, so the message exists if and only if the change that caused it committed. The worker
 * (lib/mail/worker.ts) sends it as multipart/alternative: right after the response of the request that queued it
 * (`after()`, so a sign-in code leaves at once on any platform), else on the in-process timer or the cron route.
 */
import { randomUUID } from 'node:crypto';
import { emailOutbox } from '@/db/schema';
import type { Queryable } from '@/db/client';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { drainAfterResponse } from '@/lib/core/queue';
import type { AttachmentRef } from './attachments';
import { mailBrand } from './brand';
import type { MailKind, MailProps } from './catalogue';
import { renderMail } from './render';

export type { MailKind, MailProps } from './catalogue';

/** The name of the mail task (lib/server/tasks.ts). */
export const MAIL_TASK = 'mail';

export interface MailMessage<K extends MailKind> {
  to: string;
  /** What the message is: a kind of the catalogue, stored with the row. */
  kind: K;
  props: MailProps<K>;
  /** Extra headers, stored with the row and carried by the SMTP message (e.g. List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
  /** Files to attach, rendered when the message is sent (lib/mail/attachments.ts). */
  attachments?: readonly AttachmentRef[];
}

export async function enqueueMail<K extends MailKind>(
  q: Queryable,
  m: MailMessage<K>,
): Promise<{ id: number; messageId: string }> {
  const domain = new URL(config().appUrl).hostname || 'jms.local';
  const messageId = `<${randomUUID()}@${domain}>`;
  const mail = await renderMail(m.kind, m.props, await mailBrand(q));
  const [row] = await q
    .insert(emailOutbox)
    .values({
      messageId,
      toAddress: m.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      kind: m.kind,
      headers: m.headers ?? null,
      attachments: m.attachments?.length ? [...m.attachments] : null,
      nextAttemptAt: now(),
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox row not written');
  drainAfterResponse(MAIL_TASK);
  return { id: row.id, messageId };
}
