/**
 * Every number of the /Reports page that links to a list links to exactly the rows it counts: for each bar of
 * each chart and each total, the list its link opens (read from the link as the list pages read their URL) has
 * the same total. Jobs by the month they were logged in the administrator's zone, invoices by issue month with the
 * bar's matter or job type.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { invoiceQueryFromSearchParams } from '@/lib/invoices/schema';
import { listInvoices } from '@/lib/invoices/service';
import { queryFromSearchParams } from '@/lib/jobs/list-schema';
import { listJobs } from '@/lib/jobs/queries';
import { useTestDatabase } from '@/test/db';
import { makeInvoice, makeJob, signedIn } from '@/test/factories';
import { reportFirms } from '@/test/reports';
import type { Actor } from '@/lib/auth/actor';
import { presentSpendReport } from './present';
import { getSpendReport } from './spend';

const line = (amount: string) => [{ extStockId: 'X', quantity: '1', unitPrice: amount }];
const PAGE = { page: 1, size: 10 };

/** The total of the list a link opens, as its page would show it for `actor`. */
async function listTotal(actor: Actor, href: string): Promise<number> {
  const url = new URL(href, 'http://portal');
  if (url.pathname === '/JobClient')
    return (await listJobs(actor, queryFromSearchParams(url.searchParams), PAGE)).totalCount;
  expect(url.pathname).toBe('/Invoice');
  return (await listInvoices(actor, invoiceQueryFromSearchParams(url.searchParams), PAGE)).totalCount;
}

describe('the reports page links each number to its list', () => {
  useTestDatabase();
  let restore: (() => void) | null = null;
  afterEach(() => restore?.());

  it('the list behind every bar and total holds as many rows as the number says', async () => {
    const firms = await reportFirms();
    restore = firms.restore;
    const { admin, other, c, print, scan } = firms;
    await makeJob({ clientId: c, createdAt: new Date('2026-09-30T13:59:00Z') }); // 30 September in Sydney
    await makeJob({ clientId: c, createdAt: new Date('2026-08-31T13:59:00Z') }); // 31 August in Sydney: before the period
    await makeJob({ clientId: other.clientId, createdAt: new Date('2026-11-03T00:00:00Z') });
    const invoice = (o: { jobId?: number; matter: string; issued: string; amount: string; clientId?: number }) =>
      makeInvoice({
        clientId: o.clientId ?? c,
        jobId: o.jobId ?? null,
        matterReference: o.matter,
        issueDate: o.issued,
        lines: line(o.amount),
      });
    await invoice({ jobId: print.id, matter: 'PL-A', issued: '2026-11-02', amount: '100.50' });
    await invoice({ jobId: scan.id, matter: 'PL-A B', issued: '2026-11-30', amount: '20.25' });
    await invoice({ jobId: scan.id, matter: 'PL-A', issued: '2026-09-01', amount: '1000.00' });
    await invoice({ matter: 'PL-A', issued: '2026-10-31', amount: '3.00' });
    await invoice({ matter: 'PL-A', issued: '2026-08-31', amount: '999.00' }); // before the period
    await invoice({ jobId: print.id, matter: 'PL-A', issued: '2026-11-02', amount: '5.00', clientId: other.clientId });

    const v = presentSpendReport(await getSpendReport(admin.actor, { range: 'last-3-months' }));
    expect(v.periodText).toBe('from Sept 2026 to Nov 2026');
    const [byMonth, byMatter, byType, jobs] = v.sections;
    const counted: [string, number, number][] = [];
    for (const s of [byMonth, byMatter, byType]) {
      for (const [i, row] of (s?.rows ?? []).entries()) {
        const bar = s?.bars[i];
        expect(bar?.href).toBe(row[1]?.href);
        if (bar?.href) counted.push([bar.href, Number(row[2]?.text), await listTotal(admin.actor, bar.href)]);
      }
    }
    for (const [i, row] of (jobs?.rows ?? []).entries()) {
      const href = jobs?.bars[i]?.href;
      expect(href).toBe(row[1]?.href ?? null);
      if (href) counted.push([href, Number(row[1]?.text), await listTotal(admin.actor, href)]);
    }
    for (const [href, shown, total] of counted) expect({ href, total }).toEqual({ href, total: shown });

    // What was counted: every month's invoices and jobs, both matters, both job types and "Not linked to a job".
    expect(byMonth?.rows.map((r) => r.map((x) => x.text))).toEqual([
      ['Sept 2026', '$1,000.00', '1'],
      ['Oct 2026', '$3.00', '1'],
      ['Nov 2026', '$120.75', '2'],
    ]);
    expect(byMatter?.bars.map((b) => [b.label, b.valueText])).toEqual([
      ['PL-A', '$1,103.50'],
      ['PL-A B', '$20.25'],
    ]);
    expect(byType?.bars.map((b) => b.label)).toEqual(['Scan', 'Print', 'Not linked to a job']);
    expect(jobs?.rows.map((r) => r.map((x) => x.text))).toEqual([
      ['Sept 2026', '1'],
      ['Oct 2026', '1'],
      ['Nov 2026', '2'],
    ]);
    expect(counted).toHaveLength(11);

    expect(v.totals).toMatchObject({ spendText: '$1,123.75', invoicesText: '4 invoices', jobsText: '4 jobs' });
    expect(await listTotal(admin.actor, v.totals.invoicesHref ?? '')).toBe(4);
    expect(await listTotal(admin.actor, v.totals.jobsHref ?? '')).toBe(4);
  });

  it('a month or matter of nothing links nowhere; an invoice without a matter reference has no exact filter', async () => {
    restore = setClock(fixedClock('2026-11-20T01:00:00Z'));
    const admin = await signedIn(4);
    await makeInvoice({ clientId: admin.clientId, matterReference: '', issueDate: '2026-11-02', lines: line('1.00') });
    const v = presentSpendReport(await getSpendReport(admin.actor, { from: '2026-10', to: '2026-11' }));
    const [byMonth, byMatter, , jobs] = v.sections;
    expect(byMonth?.bars.map((b) => b.href === null)).toEqual([true, false]);
    expect(byMatter?.bars).toEqual([
      { key: 'matter:', label: '(no matter reference)', value: 100, valueText: '$1.00', href: null },
    ]);
    expect(jobs?.bars.every((b) => b.href === null)).toBe(true);
    expect(v.totals.jobsHref).toBeNull();
  });
});
