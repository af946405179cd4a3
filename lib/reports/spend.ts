/**
 * A firm's spend and orders for its administrator (issue 28, item 5): four aggregates over the last 12 months
 * (the current month and the 11 before it, in the administrator's time zone), each one SQL statement scoped to
 * the actor's client (lib/core/tenancy.ts) and served by an index that leads with client_id:
 *
 *  - spend by month: invoices by issue date, summed (invoices_client_issue_spend_idx, which carries the amount,
 *    the matter and the job: an index-only scan of the window);
 *  - spend by matter, the top 10: the same rows grouped by matter reference;
 *  - spend by job type: the window's invoices joined to their job (invoices.job_id, the invoice's first job) for
 *    its order type; invoices without a job are "Not linked to a job";
 *  - jobs ordered per month: jobs by creation time (jobs_client_created_idx, index-only).
 *
 * Spend is the invoices' amounts (numeric(12,2)) summed in SQL and returned in whole cents; invoices are in AUD.
 * The benchmark `reports` measures these on the 1M-job data set (bench/reports.ts).
 */
import { fromZonedTime } from 'date-fns-tz';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { invoices, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize, defineSubject } from '@/lib/core/authorize';
import { tenantOf, type TenantActor } from '@/lib/core/tenancy';
import { isUserAdmin } from '@/lib/core/user-policy';
import { now } from '@/lib/clock';
import { orderTypeName } from '@/lib/reference';
import { wallClock } from '@/lib/zone-clock';
import { monthLabel, REPORT_MONTHS, TOP_MATTERS, windowMonths, type SpendReport } from './model';

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
  timeZone: string;
}

/** The 12 months ending with the current month in `timeZone`, as dates and instants. */
export function reportWindow(at: Date, timeZone: string): ReportWindow {
  const w = wallClock(at.getTime(), timeZone) ?? wallClock(at.getTime(), 'UTC');
  if (!w) throw new Error('invalid clock');
  const months = windowMonths(w.year, w.month, REPORT_MONTHS);
  const first = months[0] as string;
  const next = windowMonths(w.year, w.month + 1, 1)[0] as string;
  return {
    months,
    fromDate: `${first}-01`,
    toDate: `${next}-01`,
    fromInstant: fromZonedTime(`${first}-01T00:00:00`, timeZone),
    toInstant: fromZonedTime(`${next}-01T00:00:00`, timeZone),
    timeZone,
  };
}

const cents = sql<number>`((sum(${invoices.amount}) * 100)::bigint)`.mapWith(Number);
const count = sql<number>`count(*)::int`.mapWith(Number);

/**
 * The four statements of one client over a window (the SQL the page runs and the benchmark measures), in the order
 * spend by month, spend by matter (top 10), spend by job type, jobs per month.
 */
export function spendStatements(db: Db, clientId: number, win: ReportWindow) {
  const inWindow = and(eq(invoices.clientId, clientId), gte(invoices.issueDate, win.fromDate), lt(invoices.issueDate, win.toDate));
  const month = sql<string>`to_char(${invoices.issueDate}, 'YYYY-MM')`;
  const jobMonth = sql<string>`to_char(${jobs.createdAt} at time zone ${win.timeZone}, 'YYYY-MM')`;
  return [
    db.select({ month, cents, invoices: count }).from(invoices).where(inWindow).groupBy(sql`1`),
    db
      .select({ matter: invoices.matterReference, cents, invoices: count })
      .from(invoices)
      .where(inWindow)
      .groupBy(invoices.matterReference)
      .orderBy(desc(cents), invoices.matterReference)
      .limit(TOP_MATTERS),
    db
      .select({ orderType: jobs.orderType, cents, invoices: count })
      .from(invoices)
      .leftJoin(jobs, eq(jobs.id, invoices.jobId))
      .where(inWindow)
      .groupBy(jobs.orderType)
      .orderBy(desc(cents), jobs.orderType),
    db
      .select({ month: jobMonth, jobs: count })
      .from(jobs)
      .where(and(eq(jobs.clientId, clientId), gte(jobs.createdAt, win.fromInstant), lt(jobs.createdAt, win.toInstant)))
      // By position: the zone is a parameter, and a second copy of it would not be the same expression.
      .groupBy(sql`1`),
  ] as const;
}

/** The four aggregates of one client over a window. */
export async function spendAggregates(db: Db, clientId: number, win: ReportWindow) {
  const [byMonth, byMatter, byJobType, ordered] = spendStatements(db, clientId, win);
  const [m, mt, jt, o] = await Promise.all([byMonth, byMatter, byJobType, ordered]);
  return { byMonth: m, byMatter: mt, byJobType: jt, ordered: o };
}

/** The firm's charts (client administrators only; anyone else 403). */
export async function getSpendReport(actor: Actor): Promise<SpendReport> {
  const admin = authorize(actor, 'read', reportPolicy);
  const clientId = tenantOf(admin);
  const win = reportWindow(now(), admin.timeZone);
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
    from: win.months[0] as string,
    to: win.months[win.months.length - 1] as string,
    months,
    byMatter: a.byMatter.map((r) => ({ matter: r.matter || '(no matter reference)', spendCents: r.cents, invoices: r.invoices })),
    byJobType: a.byJobType.map((r) => ({ orderType: r.orderType, name: r.orderType === null ? 'Not linked to a job' : orderTypeName(r.orderType), spendCents: r.cents, invoices: r.invoices })),
    totalCents: months.reduce((s, m) => s + m.spendCents, 0),
  };
}
