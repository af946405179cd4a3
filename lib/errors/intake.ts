/**
 * Exception reports sent by the browser (spec §8: api/Exception/Add and api/Email/SendException):
 * validated and rate-limited (per user; per client IP and for all anonymous callers together), then stored and
 * e-mailed to support through saveExceptionReport (one row, one outbox e-mail; the same error within a minute is
 * counted on its report instead). The endpoints accept anonymous callers (a sign-in page can fail too), so a flood
 * must neither fill the table nor the support mailbox.
 */
import { z } from 'zod';
import { FIELD_MSG, missingMessage } from '@/lib/validation';
import type { Actor } from '@/lib/auth/actor';
import { clientIpKey, consumeRateLimits, type Limit } from '@/lib/core/rate-limit';
import { saveExceptionReport } from './report';

const text = (max: number) =>
  z
    .string({ error: missingMessage(FIELD_MSG.required) })
    .max(200_000)
    .transform((s) => s.slice(0, max));

const optionalText = (max: number) => z.preprocess((v) => (v === '' ? null : v), text(max).nullish());

/** The exception report of spec §3 (Message, InnerException, StackTrace, Status), plus the page URL. */
export const exceptionReportSchema = z.object({
  Message: text(2000).refine((s) => s.trim().length > 0, FIELD_MSG.required),
  InnerException: optionalText(4000),
  StackTrace: optionalText(16000),
  Status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(0).max(999).nullable(),
  ),
  Url: optionalText(2000),
});

export type ExceptionReportBody = z.output<typeof exceptionReportSchema>;

/** Reports per signed-in user, per anonymous client IP, and for all anonymous callers together, per minute. */
export const REPORT_WINDOW_MS = 60_000;
export const USER_REPORTS_PER_WINDOW = 10;
export const IP_REPORTS_PER_WINDOW = 10;
export const ANONYMOUS_REPORTS_PER_WINDOW = 60;

export interface IntakeResult {
  Stored: boolean;
  /** Why it was not stored: the same error arrived within a minute (counted on its report), or too many calls. */
  Reason?: 'duplicate' | 'rate-limited';
}

/**
 * The limits of one report call: a signed-in user's own; an anonymous caller's IP, and a ceiling for all anonymous
 * callers together (a caller able to forge its IP key must still not flood the table). `scope` separates the error
 * reports, the CSP violation reports and the single sign-on client errors.
 */
export function reportLimits(scope: 'exception' | 'csp' | 'sso', actor: Actor | null, headers: Headers): Limit[] {
  if (actor)
    return [{ key: `${scope}:user:${actor.userId}`, max: USER_REPORTS_PER_WINDOW, windowMs: REPORT_WINDOW_MS }];
  return [
    { key: `${scope}:ip:${clientIpKey(headers)}`, max: IP_REPORTS_PER_WINDOW, windowMs: REPORT_WINDOW_MS },
    { key: `${scope}:anonymous`, max: ANONYMOUS_REPORTS_PER_WINDOW, windowMs: REPORT_WINDOW_MS },
  ];
}

export async function acceptExceptionReport(
  actor: Actor | null,
  body: ExceptionReportBody,
  headers: Headers,
): Promise<IntakeResult> {
  if (!(await consumeRateLimits(reportLimits('exception', actor, headers))))
    return { Stored: false, Reason: 'rate-limited' };
  const saved = await saveExceptionReport({
    Message: body.Message,
    InnerException: body.InnerException ?? null,
    StackTrace: body.StackTrace ?? null,
    Status: body.Status,
    url: body.Url ?? headers.get('referer')?.slice(0, 2000) ?? null,
    userId: actor?.userId ?? null,
    kind: 'client',
  });
  return saved.stored ? { Stored: true } : { Stored: false, Reason: 'duplicate' };
}
