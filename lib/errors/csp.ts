/**
 * Content Security Policy violation reports: browsers POST them to /api/csp-report, either in the
 * classic `application/csp-report` shape ({"csp-report": {...}}, from report-uri) or as a Reporting API batch
 * (`application/reports+json`, an array of {type: "csp-violation", body: {...}}, from report-to). They are stored
 * like the other client errors (exception_reports, e-mailed to support, the same violation within a minute
 * counted, not mailed again) and rate-limited like them: per user, per client IP and for all anonymous callers.
 * Query strings and fragments are cut from every URL: a reset-password page carries its token in the query.
 */
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { consumeRateLimits } from '@/lib/core/rate-limit';
import { reportLimits } from './intake';
import { saveExceptionReport } from './report';

const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).slice(0, 2000))
  .optional()
  .nullable();

const classic = z.object({
  'document-uri': text,
  'blocked-uri': text,
  'violated-directive': text,
  'effective-directive': text,
  'source-file': text,
  'line-number': text,
  'column-number': text,
  'script-sample': text,
  disposition: text,
});

const modern = z.object({
  documentURL: text,
  blockedURL: text,
  effectiveDirective: text,
  sourceFile: text,
  lineNumber: text,
  columnNumber: text,
  sample: text,
  disposition: text,
});

/** The most violations one call may carry (a Reporting API batch); more are ignored. */
export const MAX_VIOLATIONS_PER_CALL = 10;

export const cspReportBody = z.union([
  z.object({ 'csp-report': classic }),
  z.array(z.object({ type: z.string().max(100), url: text, body: modern.optional().nullable() })).max(100),
]);

export type CspReportBody = z.output<typeof cspReportBody>;

export interface Violation {
  documentUrl: string | null;
  blocked: string | null;
  directive: string | null;
  source: string | null;
  line: string | null;
  column: string | null;
  sample: string | null;
  disposition: string | null;
}

/** A URL without its query and fragment; keywords such as "inline" or "eval" stay as they are. */
export function withoutQuery(url: string | null | undefined): string | null {
  if (url == null || url === '') return null;
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

export function violationsOf(body: CspReportBody): Violation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        documentUrl: withoutQuery(r['document-uri']),
        blocked: withoutQuery(r['blocked-uri']),
        directive: r['effective-directive'] ?? r['violated-directive'] ?? null,
        source: withoutQuery(r['source-file']),
        line: r['line-number'] ?? null,
        column: r['column-number'] ?? null,
        sample: r['script-sample'] ?? null,
        disposition: r.disposition ?? null,
      },
    ];
  }
  return body
    .filter((r) => r.type === 'csp-violation' && r.body)
    .slice(0, MAX_VIOLATIONS_PER_CALL)
    .map((r) => {
      const b = r.body!;
      return {
        documentUrl: withoutQuery(b.documentURL ?? r.url),
        blocked: withoutQuery(b.blockedURL),
        directive: b.effectiveDirective ?? null,
        source: withoutQuery(b.sourceFile),
        line: b.lineNumber ?? null,
        column: b.columnNumber ?? null,
        sample: b.sample ?? null,
        disposition: b.disposition ?? null,
      };
    });
}

/** The page path of a document URL (what exception_reports.url holds for client errors). */
function pagePath(documentUrl: string | null): string | null {
  if (!documentUrl) return null;
  try {
    return new URL(documentUrl).pathname;
  } catch {
    return documentUrl;
  }
}

export interface CspIntakeResult {
  Stored: number;
  Counted: number;
  RateLimited: boolean;
}

export async function acceptCspReport(
  actor: Actor | null,
  body: CspReportBody,
  headers: Headers,
): Promise<CspIntakeResult> {
  const violations = violationsOf(body);
  if (!violations.length) return { Stored: 0, Counted: 0, RateLimited: false };
  if (!(await consumeRateLimits(reportLimits('csp', actor, headers))))
    return { Stored: 0, Counted: 0, RateLimited: true };
  let stored = 0;
  for (const v of violations) {
    const saved = await saveExceptionReport({
      kind: 'csp',
      Message: `Content Security Policy: ${v.directive ?? 'a directive'} blocked ${v.blocked ?? 'a resource'}${v.disposition === 'report' ? ' (report only)' : ''}`,
      InnerException: v.sample ? `Sample: ${v.sample}` : null,
      StackTrace: v.source ? `at ${v.source}${v.line ? `:${v.line}` : ''}${v.column ? `:${v.column}` : ''}` : null,
      Status: null,
      url: pagePath(v.documentUrl),
      userId: actor?.userId ?? null,
    });
    if (saved.stored) stored++;
  }
  return { Stored: stored, Counted: violations.length - stored, RateLimited: false };
}
