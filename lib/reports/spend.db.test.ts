import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { makeInvoice, makeJob, signedIn } from '@/test/factories';
import { invoiceAdjuster, reportFirms } from '@/test/reports';
import { invoiceQueryFromSearchParams } from '@/lib/invoices/schema';
import { listInvoices } from '@/lib/invoices/service';
import { formatCents, monthLabel } from './model';
import { presentSpendReport } from './present';
import { getSpendReport, periodWindow, reportWindow } from './spend';

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
    expect(periodWindow('2025-12', '2026-02', SYD).months).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(formatCents(112_075)).toBe('$1,120.75');
  });

  it('sums the firm’s invoices by month, matter and job type in cents, and counts its jobs per month', async () => {
    const firms = await reportFirms();
    restore = firms.restore;
    const { admin, other, c, print, scan } = firms;
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
    expect([r.from, r.to, r.preset, r.periodError]).toEqual(['2025-12', '2026-11', 'last-12-months', null]);
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
    expect([r.totalInvoices, r.totalJobs]).toEqual([4, 3]);
    expect(r.byMatter).toEqual([
      { matter: 'PL-A', reference: 'PL-A', spendCents: 110_050, invoices: 2 },
      { matter: 'PL-B', reference: 'PL-B', spendCents: 2_025, invoices: 1 },
      { matter: '(no matter reference)', reference: '', spendCents: 1, invoices: 1 },
    ]);
    expect(r.byJobType).toEqual([
      { orderType: 6, name: 'Scan', spendCents: 102_025, invoices: 2 },
      { orderType: 5, name: 'Print', spendCents: 10_050, invoices: 1 },
      { orderType: null, name: 'Not linked to a job', spendCents: 1, invoices: 1 },
    ]);
  });

  it('spend is what was charged: a void invoice adds nothing and adjustment notes reduce it, yet every invoice counts', async () => {
    const firms = await reportFirms();
    restore = firms.restore;
    const { admin, c, print, scan } = firms;
    const staff = await invoiceAdjuster();
    const invoice = (jobId: number, matterReference: string, issueDate: string, amount: string) =>
      makeInvoice({ clientId: c, jobId, matterReference, issueDate, lines: line(amount) });
    await invoice(print.id, 'PL-A', '2026-11-02', '100.50');
    const voided = await invoice(scan.id, 'PL-A', '2026-11-05', '40.00');
    const credited = await invoice(scan.id, 'PL-B', '2026-10-01', '50.00');
    await staff.voidInvoice(voided.invoiceNumber);
    await staff.credit(credited.invoiceNumber, '15.00');
    await staff.credit(credited.invoiceNumber, '5.25');

    const r = await getSpendReport(admin.actor);
    const month = (m: string) => r.months.find((x) => x.month === m);
    expect(month('2026-11')).toMatchObject({ spendCents: 10_050, invoices: 2 });
    expect(month('2026-10')).toMatchObject({ spendCents: 2_975, invoices: 1 });
    expect([r.totalCents, r.totalInvoices]).toEqual([13_025, 3]);
    expect(r.byMatter).toEqual([
      { matter: 'PL-A', reference: 'PL-A', spendCents: 10_050, invoices: 2 },
      { matter: 'PL-B', reference: 'PL-B', spendCents: 2_975, invoices: 1 },
    ]);
    expect(r.byJobType).toEqual([
      { orderType: 5, name: 'Print', spendCents: 10_050, invoices: 1 },
      { orderType: 6, name: 'Scan', spendCents: 2_975, invoices: 2 },
    ]);

    // What the page shows: the total charged; the November bar counts the void invoice, as its list shows it.
    const v = presentSpendReport(r);
    expect(v.totals).toMatchObject({ spendText: '$130.25', invoicesText: '3 invoices' });
    const nov = v.sections[0]?.rows.find((row) => row[0]?.text === 'Nov 2026');
    expect(nov?.map((x) => x.text)).toEqual(['Nov 2026', '$100.50', '2']);
    const list = await listInvoices(
      admin.actor,
      invoiceQueryFromSearchParams(new URL(nov?.[1]?.href ?? '', 'http://portal').searchParams),
      { page: 1, size: 10 },
    );
    expect(list.totalCount).toBe(2);
    expect(list.rows.find((x) => x.invoiceNumber === voided.invoiceNumber)).toMatchObject({ isVoid: true });
  });

  it('the period chosen in the URL: only its months, matters and job types; a bad one shows the default and why', async () => {
    restore = setClock(fixedClock('2026-11-20T01:00:00Z'));
    const admin = await signedIn(4);
    const c = admin.clientId;
    const scan = await makeJob({ clientId: c, orderType: 6, createdAt: new Date('2026-09-10T00:00:00Z') });
    await makeJob({ clientId: c, createdAt: new Date('2026-09-30T14:30:00Z') }); // 1 October in Sydney
    await makeJob({ clientId: c, createdAt: new Date('2026-06-30T13:59:00Z') }); // 30 June in Sydney
    await makeInvoice({
      clientId: c,
      jobId: scan.id,
      matterReference: 'SEP',
      issueDate: '2026-09-30',
      lines: line('30.00'),
    });
    await makeInvoice({ clientId: c, matterReference: 'OCT', issueDate: '2026-10-01', lines: line('10.00') });
    await makeInvoice({ clientId: c, matterReference: 'JUN', issueDate: '2026-06-30', lines: line('6.00') });

    const oct = await getSpendReport(admin.actor, { from: '2026-10', to: '2026-11' });
    expect([oct.from, oct.to, oct.preset, oct.periodError]).toEqual(['2026-10', '2026-11', null, null]);
    expect(oct.months.map((m) => [m.month, m.spendCents, m.invoices, m.jobs])).toEqual([
      ['2026-10', 1_000, 1, 1],
      ['2026-11', 0, 0, 0],
    ]);
    expect(oct.byMatter.map((m) => m.matter)).toEqual(['OCT']);
    expect(oct.byJobType.map((t) => t.name)).toEqual(['Not linked to a job']);
    expect([oct.totalCents, oct.totalInvoices, oct.totalJobs]).toEqual([1_000, 1, 1]);

    const q3 = await getSpendReport(admin.actor, { range: 'last-3-months' });
    expect([q3.from, q3.to, q3.preset]).toEqual(['2026-09', '2026-11', 'last-3-months']);
    expect(q3.byMatter.map((m) => m.matter)).toEqual(['SEP', 'OCT']);
    expect(q3.byJobType.map((t) => [t.name, t.spendCents])).toEqual([
      ['Scan', 3_000],
      ['Not linked to a job', 1_000],
    ]);
    expect(q3.totalJobs).toBe(2);

    // Last financial year: 1 July 2025 to 30 June 2026.
    const fy = await getSpendReport(admin.actor, { range: 'last-financial-year' });
    expect([fy.from, fy.to, fy.months.length]).toEqual(['2025-07', '2026-06', 12]);
    expect([fy.totalCents, fy.totalJobs, fy.byMatter.map((m) => m.matter)]).toEqual([600, 1, ['JUN']]);

    for (const bad of [{ from: '2026-12', to: '2027-01' }, { from: 'June', to: '2026-11' }, { range: 'all' }]) {
      const r = await getSpendReport(admin.actor, bad);
      expect([r.from, r.to, r.preset]).toEqual(['2025-12', '2026-11', 'last-12-months']);
      expect(r.periodError).toMatch(
        /^(The period cannot end after the current month|Enter each month as YYYY-MM|Choose one of the periods)/,
      );
      expect(r.totalCents).toBe(4_600);
    }
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
