/**
 * The /Ops overview on the real database, with a fixed clock: each number equals the total of the list
 * it links to (the queue's listQueue, the staff invoice list), the invoice totals are whole cents, and the two
 * charts count jobs received and delivered per day in the staff member's zone and on-time delivery per client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { userPrincipal } from '@/lib/core/principal';
import { listStaffInvoices } from '@/lib/invoices/issue';
import { assignJob } from '@/lib/jobs/assign';
import { listQueue } from '@/lib/ops/queue';
import { queueFromSearchParams } from '@/lib/ops/queue-schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeInvoice, makeJob, signedIn, signedInStaff } from '@/test/factories';
import { staffOverview } from './overview';

// 14:00 on Thursday 26 November 2026 in Sydney (AEDT, UTC+11).
const NOW = new Date('2026-11-26T03:00:00Z');
const h = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const d = (days: number) => h(days * 24);

describe('the staff overview (lib/overview/overview.ts)', () => {
  useTestDatabase();
  let restore = () => undefined as void;
  beforeAll(() => {
    restore = setClock(fixedClock(NOW.toISOString()));
  });
  afterAll(() => restore());

  it('every number is the total of the list it links to; the charts count per day and per client', async () => {
    const staff = await signedInStaff(2);
    const client = await makeClient({ name: 'Overview Lawyers' });
    const other = await makeClient({ name: 'Other Overview Firm' });
    // Today: two logged (one due today, one overdue since this morning); yesterday: one on hold, one ready for delivery.
    const dueToday = await makeJob({ clientId: client.id, createdAt: h(-2), readyAt: h(-2), dueAt: h(3) });
    await makeJob({ clientId: client.id, createdAt: h(-4), readyAt: h(-4), dueAt: h(-1) });
    await makeJob({ clientId: client.id, status: 3, createdAt: d(-1), readyAt: d(-1), dueAt: d(2) });
    const ready = await makeJob({ clientId: other.id, status: 4, createdAt: d(-1), readyAt: d(-1), dueAt: d(2) });
    // Delivered 3 days ago: one on time, one late; one of another client 40 days ago (outside the window).
    await makeJob({
      clientId: client.id,
      status: 8,
      createdAt: d(-5),
      readyAt: d(-5),
      dueAt: d(-2),
      deliveredAt: d(-3),
    });
    await makeJob({
      clientId: client.id,
      status: 8,
      createdAt: d(-5),
      readyAt: d(-5),
      dueAt: d(-4),
      deliveredAt: d(-3),
    });
    await makeJob({
      clientId: other.id,
      status: 8,
      createdAt: d(-45),
      readyAt: d(-45),
      dueAt: d(-41),
      deliveredAt: d(-40),
    });
    await assignJob(userPrincipal(staff.actor), ready.id, { assigneeId: staff.user.id });
    // Invoices: two unpaid (one overdue), one paid.
    await makeInvoice({
      clientId: client.id,
      amount: '110.55',
      dueDate: '2026-11-20',
      lines: [{ extStockId: 'A', quantity: '1', unitPrice: '110.55' }],
    });
    await makeInvoice({
      clientId: client.id,
      dueDate: '2026-12-10',
      lines: [{ extStockId: 'B', quantity: '3', unitPrice: '0.15' }],
    });
    await makeInvoice({ clientId: other.id, isPaid: true, dueDate: '2026-11-01' });

    const o = await staffOverview(staff.actor);
    const byId = new Map([...o.jobs, ...(o.invoices ?? [])].map((n) => [n.id, n]));
    expect(Object.fromEntries([...byId].map(([id, n]) => [id, n.count]))).toEqual({
      'submitted-today': 2,
      overdue: 1,
      // Due today: the one due at 17:00 and the one overdue since 13:00.
      'due-today': 2,
      'on-hold': 1,
      'ready-for-delivery': 1,
      // Open and nobody's: all but the delivered ones and the one assigned.
      unassigned: 3,
      'unpaid-invoices': 2,
      'overdue-invoices': 1,
    });
    expect(byId.get('unpaid-invoices')!.totals).toEqual([{ currencyCode: 'AUD', cents: 11100 }]);
    expect(byId.get('overdue-invoices')!.totals).toEqual([{ currencyCode: 'AUD', cents: 11055 }]);

    // Each job number links to the queue, whose total is the same number.
    for (const n of o.jobs) {
      const url = new URL(n.href, 'http://x');
      expect(url.pathname).toBe('/Ops/Jobs');
      const listed = await listQueue(staff.actor, queueFromSearchParams(url.searchParams), { page: 1, size: 10 });
      expect([n.id, listed.totalCount]).toEqual([n.id, n.count]);
    }
    for (const n of o.invoices ?? []) {
      const url = new URL(n.href, 'http://x');
      const paid = url.searchParams.get('paid') as 'unpaid' | 'overdue';
      const listed = await listStaffInvoices(staff.actor, { text: '', clientId: null, paid }, { page: 1, size: 10 });
      expect([n.id, listed.totalCount]).toEqual([n.id, n.count]);
    }
    expect(byId.get('due-today')!.href).toBe('/Ops/Jobs?due=today');
    expect(dueToday.id).toBeGreaterThan(0);

    expect(o.days).toHaveLength(30);
    expect(o.days.at(-1)).toEqual({ date: '2026-11-26', received: 2, delivered: 0 });
    expect(o.days.find((x) => x.date === '2026-11-25')).toEqual({ date: '2026-11-25', received: 2, delivered: 0 });
    expect(o.days.find((x) => x.date === '2026-11-23')).toMatchObject({ delivered: 2 });
    expect(o.onTime).toEqual([{ clientId: client.id, clientName: 'Overview Lawyers', delivered: 2, onTime: 1 }]);
  });

  it('is for staff only', async () => {
    const me = await signedIn(3);
    await expect(staffOverview(me.actor)).rejects.toMatchObject({ status: 403 });
  });
});
