import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { makeInvoice, makeJob, signedIn } from '@/test/factories';
import { formatCents, monthLabel, windowMonths } from './model';
import { getSpendReport, reportWindow } from './spend';

const SYD = 'Australia/Sydney';
const line = (amount: string) => [{ extStockId: 'X', quantity: '1', unitPrice: amount }];

describe('spend and orders charts', () => {
  useTestDatabase();
  let restore: (() => void) | null = null;
  afterEach(() => restore?.());

  it('the window: 12 months ending with the current month in the viewer’s zone', () => {
    // 2026-11-30 14:30 UTC is already 1 December in Sydney.
    const w = reportWindow(new Date('2026-11-30T14:30:00Z'), SYD);
    expect(w.months).toHaveLength(12);
    expect([w.months[0], w.months[11]]).toEqual(['2026-01', '2026-12']);
    expect([w.fromDate, w.toDate]).toEqual(['2026-01-01', '2027-01-01']);
    expect(w.fromInstant.toISOString()).toBe('2025-12-31T13:00:00.000Z');
    expect(windowMonths(2026, 2, 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(formatCents(112_075)).toBe('$1,120.75');
  });

  it('sums the firm’s invoices by month, matter and job type in cents, and counts its jobs per month', async () => {
    restore = setClock(fixedClock('2026-11-20T01:00:00Z'));
    const admin = await signedIn(4);
    const other = await signedIn(4);
    const c = admin.clientId;
    const print = await makeJob({ clientId: c, orderType: 5, createdAt: new Date('2026-11-03T00:00:00Z') });
    const scan = await makeJob({ clientId: c, orderType: 6, createdAt: new Date('2026-10-10T00:00:00Z') });
    await makeJob({ clientId: c, createdAt: new Date('2026-10-31T14:00:00Z') }); // 1 November in Sydney
    await makeJob({ clientId: c, createdAt: new Date('2025-11-30T12:00:00Z') }); // 30 November 2025 in Sydney: before the window
    await makeJob({ clientId: other.clientId, createdAt: new Date('2026-11-03T00:00:00Z') });

    await makeInvoice({
      clientId: c,
      jobId: print.id,
      matterReference: 'PL-A',
      issueDate: '2026-11-02',
      lines: line('100.50'),
    });
    await makeInvoice({
      clientId: c,
      jobId: scan.id,
      matterReference: 'PL-B',
      issueDate: '2026-11-15',
      lines: line('20.25'),
    });
    await makeInvoice({
      clientId: c,
      jobId: scan.id,
      matterReference: 'PL-A',
      issueDate: '2026-10-01',
      lines: line('1000.00'),
    });
    await makeInvoice({ clientId: c, matterReference: '', issueDate: '2026-01-01', lines: line('0.01') });
    await makeInvoice({
      clientId: c,
      jobId: print.id,
      matterReference: 'PL-A',
      issueDate: '2025-11-30',
      lines: line('999.00'),
    }); // before the window
    await makeInvoice({
      clientId: other.clientId,
      matterReference: 'PL-A',
      issueDate: '2026-11-02',
      lines: line('5000.00'),
    });

    const r = await getSpendReport(admin.actor);
    expect([r.from, r.to]).toEqual(['2025-12', '2026-11']);
    expect(r.months).toHaveLength(12);
    const month = (m: string) => r.months.find((x) => x.month === m);
    expect(month('2026-11')).toEqual({ month: '2026-11', label: 'Nov 2026', spendCents: 12_075, invoices: 2, jobs: 2 });
    expect(month('2026-10')).toEqual({
      month: '2026-10',
      label: 'Oct 2026',
      spendCents: 100_000,
      invoices: 1,
      jobs: 1,
    });
    expect(month('2026-01')).toMatchObject({ spendCents: 1, jobs: 0 });
    expect(month('2025-12')).toMatchObject({ spendCents: 0, invoices: 0, jobs: 0 });
    expect(r.totalCents).toBe(112_076);
    expect(r.byMatter).toEqual([
      { matter: 'PL-A', spendCents: 110_050, invoices: 2 },
      { matter: 'PL-B', spendCents: 2_025, invoices: 1 },
      { matter: '(no matter reference)', spendCents: 1, invoices: 1 },
    ]);
    expect(r.byJobType).toEqual([
      { orderType: 6, name: 'Scan', spendCents: 102_025, invoices: 2 },
      { orderType: 5, name: 'Print', spendCents: 10_050, invoices: 1 },
      { orderType: null, name: 'Not linked to a job', spendCents: 1, invoices: 1 },
    ]);
  });

  it('the top 10 matters only', async () => {
    restore = setClock(fixedClock('2026-11-20T01:00:00Z'));
    const admin = await signedIn(4);
    for (let i = 1; i <= 12; i++)
      await makeInvoice({
        clientId: admin.clientId,
        matterReference: `M-${String(i).padStart(2, '0')}`,
        issueDate: '2026-11-02',
        lines: line(`${i}.00`),
      });
    const r = await getSpendReport(admin.actor);
    expect(r.byMatter.map((m) => m.matter)).toEqual([
      'M-12',
      'M-11',
      'M-10',
      'M-09',
      'M-08',
      'M-07',
      'M-06',
      'M-05',
      'M-04',
      'M-03',
    ]);
  });

  it('for client administrators only', async () => {
    const clerk = await signedIn(3);
    await expect(getSpendReport(clerk.actor)).rejects.toMatchObject({ status: 403 });
  });
});
