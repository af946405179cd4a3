/**
 * POST /api/csp-report: Content Security Policy violation reports from browsers (report-uri and the Reporting
 * API's report-to, see lib/security/csp.ts). Not a legacy path of spec §7: a browser endpoint like /api/health.
 * Stored and rate-limited like the other client errors (lib/errors/csp.ts); answers 204.
 */
import { acceptCspReport, cspReportBody } from '@/lib/errors/csp';
import { publicRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = publicRoute(
  { statuses: { 204: { description: 'Report stored (or dropped by the rate limit)' } }, body: cspReportBody },
  async ({ req, actor, body }) => {
    await acceptCspReport(actor, body, req.headers);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  },
);
