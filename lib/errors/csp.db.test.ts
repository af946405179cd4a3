/**
 * POST /api/csp-report: both report shapes browsers send are stored like other client errors (without query
 * strings), repeats within a minute are counted, and anonymous callers are limited per IP.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as cspReport } from '@/app/api/csp-report/route';
import { emailOutbox, exceptionReports } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { IP_REPORTS_PER_WINDOW } from './intake';

const ctx = { params: Promise.resolve({}) };
const post = (body: unknown, type: string, ip = '203.0.113.9') =>
  cspReport(
    new Request('http://localhost/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    }),
    ctx,
  );

const classic = (blocked: string) => ({
  'csp-report': {
    'document-uri': 'http://portal.example/ResetNewPassword?url=SECRET-TOKEN#x',
    'blocked-uri': blocked,
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'source-file': 'http://portal.example/ResetNewPassword?url=SECRET-TOKEN',
    'line-number': 12,
    'script-sample': '',
    disposition: 'enforce',
  },
});

describe('CSP violation reports', () => {
  const t = useTestDatabase();
  let restore = () => {};
  beforeEach(() => {
    restore = setClock(fixedClock('2026-03-02T11:00:05Z'));
  });
  afterEach(() => restore());

  it('stores a report-uri report like a client error, e-mails support, and never keeps a query string', async () => {
    const res = await post(classic('https://evil.example/x.js?k=1'), 'application/csp-report');
    expect(res.status).toBe(204);
    const [row] = await t.db().select().from(exceptionReports);
    expect(row).toMatchObject({
      message: 'Content Security Policy: script-src-elem blocked https://evil.example/x.js',
      url: '/ResetNewPassword',
      stackTrace: 'at http://portal.example/ResetNewPassword:12',
      userId: null,
    });
    expect(JSON.stringify(row)).not.toContain('SECRET-TOKEN');
    const mails = await t.db().select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).not.toContain('SECRET-TOKEN');
  });

  it('stores a Reporting API batch; the same violation again within a minute is counted', async () => {
    const report = {
      type: 'csp-violation',
      url: 'http://portal.example/JobClient?page=2',
      body: {
        documentURL: 'http://portal.example/JobClient?page=2',
        blockedURL: 'inline',
        effectiveDirective: 'style-src-elem',
        sourceFile: 'http://portal.example/_next/static/chunks/a.js',
        lineNumber: 1,
        columnNumber: 99,
        sample: 'body{}',
        disposition: 'enforce',
      },
    };
    expect((await post([report, { type: 'deprecation', url: 'x', body: {} }], 'application/reports+json')).status).toBe(
      204,
    );
    expect((await post([report], 'application/reports+json')).status).toBe(204);
    const rows = (await t.db().select().from(exceptionReports)).filter((r) => r.message.includes('style-src-elem'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      message: 'Content Security Policy: style-src-elem blocked inline',
      url: '/JobClient',
      innerException: 'Sample: body{}',
      occurrences: 2,
    });
  });

  it('limits anonymous callers per IP and refuses what is not a report', async () => {
    for (let i = 0; i < IP_REPORTS_PER_WINDOW + 3; i++)
      await post(classic(`https://evil.example/${i}.js`), 'application/csp-report', '198.51.100.77');
    const rows = (await t.db().select().from(exceptionReports)).filter((r) =>
      /evil\.example\/\d+\.js$/.test(r.message),
    );
    expect(rows).toHaveLength(IP_REPORTS_PER_WINDOW);
    expect((await post({ hello: 'world' }, 'application/json')).status).toBe(400);
    expect(
      (await post([{ type: 'csp-violation', body: { blockedURL: { a: 1 } } }], 'application/reports+json')).status,
    ).toBe(400);
  });
});
