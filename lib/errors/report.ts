/**
 * Exception reports (spec §3, §8): stored in exception_reports and e-mailed (through the outbox) to the support
 * address, in one transaction.
 *
 * The same error (same fingerprint: kind, message, status and stack) is e-mailed at most once a minute: within a
 * minute of its report, a repeat only counts on that row (`occurrences`, `last_seen_at`), and the next e-mail says
 * how often the previous report's error was seen. Nothing is dropped, and a flood of one error neither fills the
 * table nor support's mailbox.
 */
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { exceptionReports } from '@/db/schema';
import { now } from '@/lib/clock';
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
  /** What reported it, part of the fingerprint: 'server' (a 500), 'client' (the browser), 'csp' (a CSP violation). */
  kind?: 'server' | 'client' | 'csp';
}

/** The same error is e-mailed at most once in this window; repeats are counted on the stored report. */
export const REPEAT_WINDOW_MS = 60_000;

export interface SavedReport {
  id: number;
  /** false: the same error was reported within the window; it was counted on report `id`, not stored or mailed. */
  stored: boolean;
}

const clip = (s: string | null | undefined, n: number) => (s == null ? null : s.slice(0, n));

export function exceptionFingerprint(input: ExceptionInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        input.kind ?? 'server',
        clip(input.Message, 2000),
        input.Status ?? null,
        clip(input.StackTrace, 16000),
      ]),
    )
    .digest('hex');
}

export async function saveExceptionReport(input: ExceptionInput): Promise<SavedReport> {
  const db = await getDb();
  const fingerprint = exceptionFingerprint(input);
  const at = now();
  return db.transaction(async (tx) => {
    // One report per fingerprint at a time, across instances: parallel repeats wait here and then count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${fingerprint}, 0))`);
    const [latest] = await tx
      .select({
        id: exceptionReports.id,
        createdAt: exceptionReports.createdAt,
        occurrences: exceptionReports.occurrences,
      })
      .from(exceptionReports)
      .where(eq(exceptionReports.fingerprint, fingerprint))
      .orderBy(desc(exceptionReports.createdAt), desc(exceptionReports.id))
      .limit(1);
    if (latest && at.getTime() - latest.createdAt.getTime() < REPEAT_WINDOW_MS) {
      await tx
        .update(exceptionReports)
        .set({ occurrences: sql`${exceptionReports.occurrences} + 1`, lastSeenAt: at })
        .where(eq(exceptionReports.id, latest.id));
      return { id: latest.id, stored: false };
    }
    const [row] = await tx
      .insert(exceptionReports)
      .values({
        message: clip(input.Message, 2000) ?? '',
        innerException: clip(input.InnerException, 4000),
        stackTrace: clip(input.StackTrace, 16000),
        status: input.Status ?? null,
        url: clip(input.url, 2000),
        userId: input.userId ?? null,
        createdAt: at,
        fingerprint,
        occurrences: 1,
        lastSeenAt: at,
      })
      .returning({ id: exceptionReports.id });
    if (!row) throw new Error('exception report not stored');
    const repeats =
      latest && latest.occurrences > 1
        ? `Report #${latest.id} of the same error was seen ${latest.occurrences} times in all.`
        : null;
    await enqueueMail(tx, {
      to: config().SUPPORT_EMAIL,
      kind: 'exception',
      props: {
        reportId: row.id,
        message: clip(input.Message, 2000) ?? '',
        status: input.Status === undefined || input.Status === null ? '' : String(input.Status),
        url: input.url ?? '',
        user: input.userId === undefined || input.userId === null ? '' : String(input.userId),
        innerException: input.InnerException ?? '',
        repeats,
        stackTrace: input.StackTrace ?? '',
      },
    });
    return { id: row.id, stored: true };
  });
}

/** Reports a server-side error: logged, stored and e-mailed (repeats within a minute counted, see above). */
export async function reportException(opts: {
  error: unknown;
  status: number;
  url?: string;
  userId: number | null;
}): Promise<void> {
  const err = opts.error instanceof Error ? opts.error : new Error(String(opts.error));
  log().error({ err, url: opts.url }, 'unhandled error');
  const cause = err.cause instanceof Error ? err.cause.message : err.cause == null ? null : String(err.cause);
  await saveExceptionReport({
    Message: err.message,
    InnerException: cause,
    StackTrace: err.stack ?? null,
    Status: opts.status,
    url: opts.url,
    userId: opts.userId,
    kind: 'server',
  });
}
