/**
 * The /Ops overview: the operator's numbers, each the total of the list it links to, and two charts
 * over the last 30 days. Staff only ('jobs.read'; the invoice numbers also 'invoices.manage').
 *
 * Every job number is counted by the queue's own count (lib/ops/queue.ts `countQueue`) over the queue's own
 * filter (`queueWhere`), so the number and the queue's total are the same by construction: status filters read the
 * per-client, per-status counters (exact, no scan); time and owner filters are a count that stops after COUNT_CAP
 * matches, over an index (jobs_created_idx, jobs_open_due_idx, jobs_due_idx, jobs_unassigned_open_idx) — a
 * lower bound beyond it, shown "1000+" as the queue does. Invoices: unpaid and overdue as the staff invoice list
 * filters them (lib/invoices/overdue.ts), over the partial index invoices_unpaid_due_idx, totals in whole cents.
 */
import { and, gte, isNotNull, sql } from 'drizzle-orm';
import { getDb, rowsOf } from '@/db/client';
import { invoices, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { authorize } from '@/lib/core/authorize';
import { can, staffPolicy } from '@/lib/core/staff-policy';
import { INVOICE_OWED_SQL } from '@/lib/invoices/ledger';
import { invoiceToday, overdueInvoice, UNPAID_INVOICE } from '@/lib/invoices/overdue';
import { addDays, nowInTimeZone, toInstant } from '@/lib/jobs/rules';
import { STATUS } from '@/lib/jobs/workflow-rules';
import { countQueue, queueWhere } from '@/lib/ops/queue';
import { DEFAULT_QUEUE_QUERY, queueSearchParams, type QueueQuery } from '@/lib/ops/queue-schema';

export interface OverviewNumber {
  id: string;
  label: string;
  count: number;
  /** count is a lower bound (shown as "count-1+", as the list's summary does). */
  capped: boolean;
  href: string;
  /** Invoice totals in whole cents, by currency. */
  totals?: { currencyCode: string; cents: number }[];
}

export interface DayPoint {
  /** yyyy-MM-dd in the staff member's zone. */
  date: string;
  received: number;
  delivered: number;
}

export interface OnTimeRow {
  clientId: number;
  clientName: string;
  delivered: number;
  onTime: number;
}

export interface Overview {
  jobs: OverviewNumber[];
  invoices: OverviewNumber[] | null;
  days: DayPoint[];
  onTime: OnTimeRow[];
}

export const OVERVIEW_DAYS = 30;
/** The on-time chart shows the clients with the most deliveries in the window. */
export const ON_TIME_CLIENTS = 10;

const queueHref = (q: Partial<QueueQuery>) => {
  const p = new URLSearchParams(queueSearchParams({ ...DEFAULT_QUEUE_QUERY, ...q }));
  return `/Ops/Jobs?${p.toString()}`;
};

/** The job numbers: the queue filter each stands for. */
export const OVERVIEW_JOB_FILTERS: { id: string; label: string; query: Partial<QueueQuery> }[] = [
  { id: 'submitted-today', label: 'Submitted today', query: { logged: 'today' } },
  { id: 'overdue', label: 'Overdue', query: { due: 'overdue' } },
  { id: 'due-today', label: 'Due today', query: { due: 'today' } },
  { id: 'on-hold', label: 'On hold', query: { statuses: [STATUS.onHold] } },
  { id: 'ready-for-delivery', label: 'Ready for delivery', query: { statuses: [STATUS.readyForDelivery] } },
  { id: 'unassigned', label: 'Unassigned', query: { assignee: 'none' } },
];

export async function staffOverview(actor: Actor): Promise<Overview> {
  const staff = authorize(actor, 'jobs.read', staffPolicy);
  const db = await getDb();
  const at = now();
  const zone = staff.timeZone;

  const jobNumbers: OverviewNumber[] = [];
  for (const f of OVERVIEW_JOB_FILTERS) {
    const q: QueueQuery = { ...DEFAULT_QUEUE_QUERY, ...f.query };
    const { totalCount, totalCapped } = await countQueue(db, q, queueWhere(q, at, zone, staff.userId), 0);
    jobNumbers.push({ id: f.id, label: f.label, count: totalCount, capped: totalCapped, href: queueHref(f.query) });
  }

  let invoiceNumbers: OverviewNumber[] | null = null;
  if (can(staff.role, 'invoices.manage')) {
    const sums = async (where: ReturnType<typeof overdueInvoice>) =>
      db
        .select({
          currencyCode: invoices.currencyCode,
          n: sql<number>`count(*)::int`,
          cents: sql<string>`coalesce(sum(round(${INVOICE_OWED_SQL} * 100)), 0)::bigint::text`,
        })
        .from(invoices)
        .where(where)
        .groupBy(invoices.currencyCode)
        .orderBy(invoices.currencyCode);
    const asNumber = (
      id: string,
      label: string,
      href: string,
      rows: Awaited<ReturnType<typeof sums>>,
    ): OverviewNumber => ({
      id,
      label,
      count: rows.reduce((n, r) => n + Number(r.n), 0),
      capped: false,
      href,
      totals: rows.map((r) => ({ currencyCode: r.currencyCode, cents: Number(r.cents) })),
    });
    invoiceNumbers = [
      asNumber('unpaid-invoices', 'Unpaid invoices', '/Ops/Invoices?paid=unpaid', await sums(UNPAID_INVOICE)),
      asNumber(
        'overdue-invoices',
        'Overdue invoices',
        '/Ops/Invoices?paid=overdue',
        await sums(overdueInvoice(invoiceToday(at, zone))),
      ),
    ];
  }

  // The 30 days up to today in the staff member's zone (today included).
  const today = nowInTimeZone(at, zone).date;
  const first = addDays(today, -(OVERVIEW_DAYS - 1));
  const from = toInstant({ date: first, minutes: 0 }, zone);
  const day = (col: typeof jobs.createdAt | typeof jobs.deliveredAt) =>
    sql<string>`to_char((${col} at time zone ${zone})::date, 'YYYY-MM-DD')`;
  const received = await db
    .select({ date: day(jobs.createdAt), n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(gte(jobs.createdAt, from))
    .groupBy(sql`1`);
  const delivered = await db
    .select({ date: day(jobs.deliveredAt), n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(isNotNull(jobs.deliveredAt), gte(jobs.deliveredAt, from)))
    .groupBy(sql`1`);
  const rec = new Map(received.map((r) => [r.date, Number(r.n)]));
  const del = new Map(delivered.map((r) => [r.date, Number(r.n)]));
  const days: DayPoint[] = [];
  for (let i = 0; i < OVERVIEW_DAYS; i++) {
    const d = addDays(first, i);
    const date = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    days.push({ date, received: rec.get(date) ?? 0, delivered: del.get(date) ?? 0 });
  }

  // On time: delivered by the due time, per client, over the same days (jobs_delivered_at_idx).
  const onTime = rowsOf<{ client_id: number; name: string; delivered: number; on_time: number }>(
    await db.execute(sql`
      select j.client_id, c.name, count(*)::int as delivered, (count(*) filter (where j.delivered_at <= j.due_at))::int as on_time
      from jobs j join clients c on c.id = j.client_id
      where j.delivered_at is not null and j.delivered_at >= ${from.toISOString()}::timestamptz
      group by j.client_id, c.name
      order by delivered desc, c.name
      limit ${ON_TIME_CLIENTS}`),
  ).map((r) => ({
    clientId: r.client_id,
    clientName: r.name,
    delivered: Number(r.delivered),
    onTime: Number(r.on_time),
  }));

  return { jobs: jobNumbers, invoices: invoiceNumbers, days, onTime };
}
