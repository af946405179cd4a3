/** Reads the messages the portal sent to the e2e SMTP server. */
import { MAILBOX_URL } from './ports';

/** A message as the mailbox answers it (test/smtp.ts ReceivedMail, as JSON). */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part ('' when there is none). */
  html: string;
  /** The message's own content type: multipart/alternative for text and HTML. */
  contentType: string;
  messageId: string;
  /** The header lines by lower-case name, unfolded. */
  headers: Record<string, string>;
}

export async function messagesTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Mail[];
}

/** Waits for a new message to `address` (beyond `after` already seen) whose subject matches. */
export async function waitForMail(
  address: string,
  opts: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
): Promise<Mail> {
  const until = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const list = (await messagesTo(address)).slice(opts.after ?? 0);
    const hit = list.reverse().find((m) => !opts.subject || opts.subject.test(m.subject));
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no mail to ${address}${opts.subject ? ` matching ${opts.subject}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
