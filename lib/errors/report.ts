/**
 * Exception reports (spec §3, §8): stored in exception_reports and e-mailed (through the outbox)
 * to the support address, in one transaction.
 */
import { getDb } from '@/db/client';
import { exceptionReports } from '@/db/schema';
import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { enqueueMail } from '@/lib/mail/outbox';

export interface ExceptionInput {
  Message: string;
  InnerException?: string | null;
  StackTrace?: string | null;
  Status?: number | null;
  url?: string | null;
  userId?: number | null;
}

const clip = (s: string | null | undefined, n: number) => (s == null ? null : s.slice(0, n));

export async function saveExceptionReport(input: ExceptionInput): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exceptionReports)
      .values({
        message: clip(input.Message, 2000) ?? '',
        innerException: clip(input.InnerException, 4000),
        stackTrace: clip(input.StackTrace, 16000),
        status: input.Status ?? null,
        url: clip(input.url, 2000),
        userId: input.userId ?? null,
      })
      .returning({ id: exceptionReports.id });
    if (!row) throw new Error('exception report not stored');
    await enqueueMail(tx, {
      to: config().SUPPORT_EMAIL,
      kind: 'exception',
      subject: `JMS Portal exception #${row.id}: ${clip(input.Message, 120)}`,
      text: [
        `Message: ${input.Message}`,
        `Status: ${input.Status ?? ''}`,
        `URL: ${input.url ?? ''}`,
        `User: ${input.userId ?? ''}`,
        `InnerException: ${input.InnerException ?? ''}`,
        `StackTrace:\n${input.StackTrace ?? ''}`,
      ].join('\n'),
    });
    return row.id;
  });
}

/** Reports a server-side error: logged, stored and e-mailed. */
export async function reportException(opts: { error: unknown; status: number; url?: string; userId: number | null }): Promise<void> {
  const err = opts.error instanceof Error ? opts.error : new Error(String(opts.error));
  log().error({ err, url: opts.url }, 'unhandled error');
  const cause = err.cause instanceof Error ? err.cause.message : err.cause == null ? null : String(err.cause);
  await saveExceptionReport({ Message: err.message, InnerException: cause, StackTrace: err.stack ?? null, Status: opts.status, url: opts.url, userId: opts.userId });
}
