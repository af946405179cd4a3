/**
 * The console mail back-end: with no SMTP_URL no e-mail leaves the machine, so each one is printed whole on
 * standard output as a readable block (headers, a blank line, the text body with its codes and links, a rule),
 * the way Django's console EmailBackend does; a newcomer reads the sign-in code there. The worker calls it only
 * when SMTP_URL is unset; with SMTP_URL nothing here runs, and no code or link is ever printed.
 */
import { log } from '@/lib/log';

export interface ConsoleMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId?: string;
  date?: Date;
  /** What the message would carry attached (kind and id of the row each renders). */
  attachments?: readonly { kind: string; id: number }[] | null;
}

const RULE = '-'.repeat(79);

/** The block printed for one e-mail; starts with an "E-MAIL (not sent: no SMTP_URL)" line to find it by. */
export function formatConsoleMail(m: ConsoleMail): string {
  const lines = [
    'E-MAIL (not sent: no SMTP_URL)',
    `Subject: ${m.subject}`,
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Date: ${(m.date ?? new Date()).toUTCString()}`,
    ...(m.messageId ? [`Message-ID: ${m.messageId}`] : []),
    ...(m.attachments?.length ? [`Attachments: ${m.attachments.map((a) => `${a.kind} ${a.id}`).join(', ')}`] : []),
    '',
    m.text.replace(/\r\n/g, '\n').trimEnd(),
    RULE,
  ];
  return `${RULE}\n${lines.join('\n')}\n`;
}

/** Prints one e-mail whole on standard output (whatever LOG_LEVEL says), and a log line without its body. */
export function printConsoleMail(m: ConsoleMail & { kind: string }): void {
  process.stdout.write(formatConsoleMail(m));
  log().info({ mail: { to: m.to, subject: m.subject, kind: m.kind } }, 'mail printed (no SMTP_URL configured)');
}

let warned = false;

/** The warning printed once when a server starts without SMTP_URL. */
export const NO_SMTP_WARNING =
  'WARNING: SMTP_URL is not set, so no e-mail leaves this machine. Every e-mail (sign-in codes and links included) is printed in this log instead.';

/** Warns once per process, at start, that mail is printed rather than sent. */
export function warnConsoleMailOnce(smtpUrl: string | undefined | null): void {
  if (smtpUrl || warned) return;
  warned = true;
  process.stdout.write(`${NO_SMTP_WARNING}\n`);
}
