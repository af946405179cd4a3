/** A real SMTP server for tests (smtp-server): collects what arrives; can be stopped and restarted. */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part ('' when there is none). */
  html: string;
  /** The message's own content type: multipart/alternative for text and HTML. */
  contentType: string;
  messageId: string;
  /** The raw header lines by lower-case name, value as sent (unfolded). */
  headers: Record<string, string>;
  /** The file names of its attachments (none for the portal's alerts). */
  attachments: string[];
  /** Its attachments whole: name, content type and bytes. */
  files: { filename: string; contentType: string; content: Buffer }[];
  /** The message as it arrived (headers and MIME parts). */
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Waits until a message matching the predicate arrives. */
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          new Promise<Buffer>((resolve, reject) => {
            stream.on('end', () => resolve(Buffer.concat(chunks)));
            stream.on('error', reject);
          })
            .then(async (bytes) => ({ mail: await simpleParser(bytes), raw: bytes.toString('utf8') }))
            .then(({ mail, raw }) => {
              const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
              const headers: Record<string, string> = {};
              for (const h of mail.headerLines)
                headers[h.key] = h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim();
              received.push({
                to: to.map((a) => a.address ?? ''),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: mail.html || '',
                contentType: (mail.headers.get('content-type') as { value?: string } | undefined)?.value ?? '',
                messageId: mail.messageId ?? '',
                headers,
                attachments: mail.attachments.map((a) => a.filename ?? ''),
                files: mail.attachments.map((a) => ({
                  filename: a.filename ?? '',
                  contentType: a.contentType,
                  content: a.content,
                })),
                raw,
              });
              callback();
            })
            .catch(callback);
        },
      });
      server.once('error', reject);
      server.listen(boundPort, '127.0.0.1', () => {
        const addr = server?.server.address();
        if (addr && typeof addr === 'object') boundPort = addr.port;
        server?.off('error', reject);
        // Once listening, an error is a client's connection failing, e.g. a portal killed in the middle of a
        // message (smtp-server reports a reset inside a transaction as a server error). That message simply
        // never arrives, which is what the tests check; left unheard, the error would crash the test run.
        server?.on('error', () => undefined);
        resolve();
      });
    });

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    received,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start: listen,
    async waitFor(pred, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const m = received.find(pred);
        if (m) return m;
        if (Date.now() > until) throw new Error('expected mail did not arrive');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
