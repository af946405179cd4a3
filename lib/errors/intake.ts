/**
 * Exception reports sent by the browser (spec §8: api/Exception/Add and api/Email/SendException):
 * validated, de-duplicated and rate-limited, then stored and e-mailed to support through
 * saveExceptionReport (one row, one outbox e-mail). The endpoints accept anonymous callers (a
 * sign-in page can fail too), so a flood must neither fill the table nor the support mailbox.
 */
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { exceptionReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { saveExceptionReport } from './report';

const text = (max: number) =>
  z
    .string()
    .max(200_000)
    .transform((s) => s.slice(0, max));

const optionalText = (max: number) => z.preprocess((v) => (v === '' ? null : v), text(max).nullish());

/** The exception report of spec §3 (Message, InnerException, StackTrace, Status), plus the page URL. */
export const exceptionReportSchema = z.object({
  Message: text(2000).refine((s) => s.trim().length > 0, 'Message is required.'),
  InnerException: optionalText(4000),
  StackTrace: optionalText(16000),
  Status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(0).max(999).nullable(),
  ),
  Url: optionalText(2000),
});

export type ExceptionReportBody = z.output<typeof exceptionReportSchema>;

/** Same report from the same user within this window: stored once. */
export const DUPLICATE_WINDOW_MS = 60_000;
/** At most this many reports per signed-in user, and for all anonymous callers together, per window. */
export const USER_REPORTS_PER_WINDOW = 10;
export const ANONYMOUS_REPORTS_PER_WINDOW = 20;

export interface IntakeResult {
  Stored: boolean;
  /** Why it was not stored: the same report arrived a moment ago, or too many arrived. */
  Reason?: 'duplicate' | 'rate-limited';
}

export async function acceptExceptionReport(actor: Actor | null, body: ExceptionReportBody, referer?: string | null): Promise<IntakeResult> {
  const db = await getDb();
  const since = new Date(now().getTime() - DUPLICATE_WINDOW_MS);
  const userId = actor?.userId ?? null;
  const url = body.Url ?? referer?.slice(0, 2000) ?? null;
  const recent = await db
    .select({ message: exceptionReports.message, url: exceptionReports.url, stackTrace: exceptionReports.stackTrace })
    .from(exceptionReports)
    .where(and(userId === null ? isNull(exceptionReports.userId) : eq(exceptionReports.userId, userId), gte(exceptionReports.createdAt, since)))
    .orderBy(desc(exceptionReports.id))
    .limit(ANONYMOUS_REPORTS_PER_WINDOW + 1);
  if (recent.some((r) => r.message === body.Message && r.url === url && r.stackTrace === (body.StackTrace ?? null))) {
    return { Stored: false, Reason: 'duplicate' };
  }
  if (recent.length >= (userId === null ? ANONYMOUS_REPORTS_PER_WINDOW : USER_REPORTS_PER_WINDOW)) {
    return { Stored: false, Reason: 'rate-limited' };
  }
  await saveExceptionReport({
    Message: body.Message,
    InnerException: body.InnerException ?? null,
    StackTrace: body.StackTrace ?? null,
    Status: body.Status,
    url,
    userId,
  });
  return { Stored: true };
}
