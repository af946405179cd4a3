/**
 * A firm's spend and orders for its administrator: four aggregates over a period of whole months in the
 * administrator's time zone (./period.ts: the last 12 months unless the page's URL chooses another, at most 24
 * months, ending no later than the current month), each one SQL statement scoped to
 * the actor's client (lib/core/tenancy.ts), read from the report counters that triggers keep exact in the same
 * transaction as every write to jobs and invoices (migration 0025, docs/decisions/034-report-counters.md):
 *
 *  - spend by month: the client's invoice_spend_counts rows of the window's 12 issue months, summed per month;
 *  - spend by matter, the top 10: invoice_matter_spend_counts of the window, summed per matter reference;
 *  - spend by job type: invoice_spend_counts summed per order type of the invoice's job (invoices.job_id, the
 *    invoice's first job); invoices without a job (order type 0 there) are "Not linked to a job";
 *  - jobs ordered per month: job_created_counts per UTC day. The months are the viewer's; a UTC day wholly inside
 *    one of them counts from its counter, and each UTC day holding a month boundary (none in a zone at UTC then)
 *    counts its jobs in the window by creation time (jobs_client_created_idx, index-only): one more day than the
 *    period has months, at most.
 *
 * Spend is what the firm was charged, in whole cents: each invoice's amount (numeric(12,2)) less what adjustment
 * notes credited (amount_credited), and nothing for a void invoice (migration 0038); invoices are in AUD. The
 * invoice counts count every invoice, void ones too, as the invoice list behind each bar lists them. The answers
 * equal the aggregates over the rows (./direct.ts), which lib/reports/counters.db.test.ts checks after every kind
 * of write.
 * The benchmark `reports` measures both on the 1M-job data set (bench/reports.ts).
 */
import { fromZonedTime } from 'date-fns-tz';
import { and, desc, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { invoiceMatterSpendCounts, invoiceSpendCounts, jobCreatedCounts, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize, defineSubject } from '@/lib/core/authorize';
import { tenantOf, type TenantActor } from '@/lib/core/tenancy';
import { isUserAdmin } from '@/lib/core/user-policy';
import { now } from '@/lib/clock';
import { orderTypeName } from '@/lib/reference';
import { wallClock } from '@/lib/zone-clock';
import { addMonths, monthSpan } from '@/lib/core/calendar-date';
import { monthLabel, TOP_MATTERS, type SpendReport } from './model';
import { DEFAULT_REPORT_PRESET, parseReportPeriod, presetPeriod } from './period';

/** Who may read the firm's charts: its client administrator. */
export const reportPolicy = defineSubject('reports', {
  read: (a: Actor): a is TenantActor => isUserAdmin(a),
});

export interface ReportWindow {
  months: string[];
  /** Issue dates: from (inclusive) and to (exclusive), 'YYYY-MM-DD'. */
  fromDate: string;
  toDate: string;
  /** Creation times: from (inclusive) and to (exclusive), the zone's month starts. */
  fromInstant: Date;
  toInstant: Date;
  /** The instants the zone's months of the window start, and the end: one more than months, fromInstant to toInstant. */
  boundaries: Date[];
  timeZone: string;
}

/** The month ('YYYY-MM') it is at `at` in `timeZone` (an unknown zone reads as UTC). */
export function monthAt(at: Date, timeZone: string): string {
  const w = wallClock(at.getTime(), timeZone) ?? wallClock(at.getTime(), 'UTC');
  if (!w) throw new Error('invalid clock');
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}`;
}

/** The months from `from` to `to` ('YYYY-MM', both included) in `timeZone`, as dates and instants. */
export function periodWindow(from: string, to: string, timeZone: string): ReportWindow {
  const months = Array.from({ length: Math.max(0, monthSpan(from, to)) }, (_, i) => addMonths(from, i));
  const next = addMonths(to, 1);
  const boundaries = [...months, next].map((m) => fromZonedTime(`${m}-01T00:00:00`, timeZone));
  return {
    months,
    fromDate: `${from}-01`,
    toDate: `${next}-01`,
    fromInstant: boundaries[0] as Date,
    toInstant: boundaries[boundaries.length - 1] as Date,
    boundaries,
    timeZone,
  };
}

/** The default period (the 12 months ending with the current month in `timeZone`), as dates and instants. */
export function reportWindow(at: Date, timeZone: string): ReportWindow {
  const p = presetPeriod(DEFAULT_REPORT_PRESET, monthAt(at, timeZone));
  return periodWindow(p.from, p.to, timeZone);
}

const DAY_MS = 86_400_000;
const utcDay = (t: number) => new Date(Math.floor(t / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/**
 * The UTC days that hold a month boundary of the window's zone (a boundary at 00:00 UTC splits no day), each with
 * the part of it inside the window: jobs created then count from the jobs, not from the day's counter.
 */
export function boundaryDays(win: ReportWindow): { day: string; from: Date; to: Date }[] {
  return win.boundaries
    .filter((b) => b.getTime() % DAY_MS !== 0)
    .map((b) => {
      const start = Math.floor(b.getTime() / DAY_MS) * DAY_MS;
      return {
        day: utcDay(start),
        from: new Date(Math.max(start, win.fromInstant.getTime())),
        to: new Date(Math.min(start + DAY_MS, win.toInstant.getTime())),
      };
    });
}

/** Jobs per month of the window: whole UTC days from their counters, the boundary days from the jobs (see above). */
function jobsPerMonth(db: Db, clientId: number, win: ReportWindow) {
  const edges = boundaryDays(win);
  const days = and(
    eq(jobCreatedCounts.clientId, clientId),
    gte(jobCreatedCounts.day, utcDay(win.fromInstant.getTime())),
    lt(jobCreatedCounts.day, utcDay(win.toInstant.getTime())),
    edges.length
      ? notInArray(
          jobCreatedCounts.day,
          edges.map((e) => e.day),
        )
      : undefined,
  );
  const parts: SQL[] = [
    sql`select to_char((${jobCreatedCounts.day}::timestamp at time zone 'UTC') at time zone ${win.timeZone}, 'YYYY-MM') as month, ${jobCreatedCounts.n} as n from ${jobCreatedCounts} where ${days}`,
  ];
  // One index range per boundary day, its bounds written in as literals (ISO instants we made), not parameters: the
  // planner then expects a day's jobs, not a guessed share of the client's (bounds it could not see made it plan
  // a parallel scan whose start-up cost more than the scan), in a prepared statement's generic plan too.
  const instant = (d: Date) => sql.raw(`'${d.toISOString()}'::timestamptz`);
  for (const e of edges) {
    parts.push(
      sql`select to_char(${jobs.createdAt} at time zone ${win.timeZone}, 'YYYY-MM'), count(*)::int from ${jobs} where ${jobs.clientId} = ${clientId} and ${jobs.createdAt} >= ${instant(e.from)} and ${jobs.createdAt} < ${instant(e.to)} group by 1`,
    );
  }
  return db
    .select({ month: sql<string>`u.month`, jobs: sql<number>`sum(u.n)::int`.mapWith(Number) })
    .from(sql`(${sql.join(parts, sql` union all `)}) as u`)
    .groupBy(sql`u.month`)
    .having(sql`sum(u.n) > 0`);
}

const spent = (t: typeof invoiceSpendCounts | typeof invoiceMatterSpendCounts) => ({
  cents: sql<number>`sum(${t.cents})::bigint`.mapWith(Number),
  invoices: sql<number>`sum(${t.n})::int`.mapWith(Number),
});

/**
 * The four statements of one client over a window (the SQL the page runs and the benchmark measures), in the order
 * spend by month, spend by matter (top 10), spend by job type, jobs per month. Rows of counters that went back to
 * zero (every invoice of theirs deleted or moved) are left out, as a month, matter or type without invoices.
 */
export function spendStatements(db: Db, clientId: number, win: ReportWindow) {
  const byType = spent(invoiceSpendCounts);
  const byMatter = spent(invoiceMatterSpendCounts);
  const typeWindow = and(
    eq(invoiceSpendCounts.clientId, clientId),
    gte(invoiceSpendCounts.month, win.fromDate),
    lt(invoiceSpendCounts.month, win.toDate),
  );
  const matterWindow = and(
    eq(invoiceMatterSpendCounts.clientId, clientId),
    gte(invoiceMatterSpendCounts.month, win.fromDate),
    lt(invoiceMatterSpendCounts.month, win.toDate),
  );
  const orderType = sql<number | null>`nullif(${invoiceSpendCounts.orderType}, 0)`;
  return [
    db
      .select({ month: sql<string>`to_char(${invoiceSpendCounts.month}, 'YYYY-MM')`, ...byType })
      .from(invoiceSpendCounts)
      .where(typeWindow)
      .groupBy(invoiceSpendCounts.month)
      .having(sql`sum(${invoiceSpendCounts.n}) > 0`),
    db
      .select({ matter: invoiceMatterSpendCounts.matterReference, ...byMatter })
      .from(invoiceMatterSpendCounts)
      .where(matterWindow)
      .groupBy(invoiceMatterSpendCounts.matterReference)
      .having(sql`sum(${invoiceMatterSpendCounts.n}) > 0`)
      .orderBy(desc(byMatter.cents), invoiceMatterSpendCounts.matterReference)
      .limit(TOP_MATTERS),
    db
      .select({ orderType, ...byType })
      .from(invoiceSpendCounts)
      .where(typeWindow)
      .groupBy(invoiceSpendCounts.orderType)
      .having(sql`sum(${invoiceSpendCounts.n}) > 0`)
      .orderBy(desc(byType.cents), orderType),
    jobsPerMonth(db, clientId, win),
  ] as const;
}

/** The four aggregates of one client over a window. */
export async function spendAggregates(db: Db, clientId: number, win: ReportWindow) {
  const [byMonth, byMatter, byJobType, ordered] = spendStatements(db, clientId, win);
  const [m, mt, jt, o] = await Promise.all([byMonth, byMatter, byJobType, ordered]);
  return { byMonth: m, byMatter: mt, byJobType: jt, ordered: o };
}

/**
 * The firm's charts over the period its query asks for (`from` and `to`, or `range`: ./period.ts), or over the
 * default period with the reason when the query's cannot be shown (client administrators only; anyone else 403).
 */
export async function getSpendReport(actor: Actor, periodQuery: unknown = {}): Promise<SpendReport> {
  const admin = authorize(actor, 'read', reportPolicy);
  const clientId = tenantOf(admin);
  const { period, error } = parseReportPeriod(periodQuery, monthAt(now(), admin.timeZone));
  const win = periodWindow(period.from, period.to, admin.timeZone);
  const db = await getDb();
  const a = await spendAggregates(db, clientId, win);
  const spend = new Map(a.byMonth.map((r) => [r.month, r]));
  const ordered = new Map(a.ordered.map((r) => [r.month, r.jobs]));
  const months = win.months.map((m) => ({
    month: m,
    label: monthLabel(m),
    spendCents: spend.get(m)?.cents ?? 0,
    invoices: spend.get(m)?.invoices ?? 0,
    jobs: ordered.get(m) ?? 0,
  }));
  return {
    from: period.from,
    to: period.to,
    preset: period.preset,
    periodError: error,
    months,
    byMatter: a.byMatter.map((r) => ({
      matter: r.matter || '(no matter reference)',
      reference: r.matter,
      spendCents: r.cents,
      invoices: r.invoices,
    })),
    byJobType: a.byJobType.map((r) => ({
      orderType: r.orderType,
      name: r.orderType === null ? 'Not linked to a job' : orderTypeName(r.orderType),
      spendCents: r.cents,
      invoices: r.invoices,
    })),
    totalCents: months.reduce((s, m) => s + m.spendCents, 0),
    totalInvoices: months.reduce((s, m) => s + m.invoices, 0),
    totalJobs: months.reduce((s, m) => s + m.jobs, 0),
  };
}
