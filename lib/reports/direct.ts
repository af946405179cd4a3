/**
 * The charts' four aggregates computed from the rows themselves (invoices and jobs of the window), as the page read
 * them before the counters of migration 0025: the reference the counters must equal. lib/reports/counters.db.test.ts
 * compares them after every kind of write, and the `reports` benchmark measures both. The page reads the counters
 * (spendStatements in ./spend.ts), never these. reportCounterDrift recounts every counter row from the rows.
 *
 * An invoice's spend is what the firm was charged: its amount less what adjustment notes credited, in whole cents,
 * and nothing when it is void. Every invoice counts once, void or not (the invoice list behind each bar lists void
 * invoices too).
 */
import { and, desc, eq, gte, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type Queryable } from '@/db/client';
import { invoices, jobs } from '@/db/schema';
import { TOP_MATTERS } from './model';
import type { ReportWindow } from './spend';

/** One invoice's spend in cents (as the counters' invoice_spend_cents of migration 0038 reckons it). */
const charged = (amount: SQLWrapper, credited: SQLWrapper, voidedAt: SQLWrapper) =>
  sql`case when ${voidedAt} is null then round((${amount} - ${credited}) * 100) else 0 end`;
const cents =
  sql<number>`(sum(${charged(invoices.amount, invoices.amountCredited, invoices.voidedAt)})::bigint)`.mapWith(Number);
const count = sql<number>`count(*)::int`.mapWith(Number);

/** Spend by month, by matter (top 10), by job type, and jobs per month, each aggregated over the window's rows. */
export function directSpendStatements(db: Queryable, clientId: number, win: ReportWindow) {
  const inWindow = and(
    eq(invoices.clientId, clientId),
    gte(invoices.issueDate, win.fromDate),
    lt(invoices.issueDate, win.toDate),
  );
  const month = sql<string>`to_char(${invoices.issueDate}, 'YYYY-MM')`;
  const jobMonth = sql<string>`to_char(${jobs.createdAt} at time zone ${win.timeZone}, 'YYYY-MM')`;
  return [
    db
      .select({ month, cents, invoices: count })
      .from(invoices)
      .where(inWindow)
      .groupBy(sql`1`),
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

/** Each counter as its rows say it should be: (client, key, n, cents), rows of nothing left out. */
const RECOUNT = {
  job_created_counts: {
    counted: sql`select client_id, day::text as key, n, 0::bigint as cents from job_created_counts where n <> 0`,
    actual: sql`select client_id, (created_at at time zone 'UTC')::date::text, count(*)::int, 0::bigint from jobs group by 1, 2`,
  },
  invoice_spend_counts: {
    counted: sql`select client_id, month::text || ' ' || order_type as key, n, cents from invoice_spend_counts where n <> 0 or cents <> 0`,
    actual: sql`select i.client_id, date_trunc('month', i.issue_date)::date::text || ' ' || coalesce(j.order_type, 0), count(*)::int, sum(${charged(sql`i.amount`, sql`i.amount_credited`, sql`i.voided_at`)})::bigint
      from invoices i left join jobs j on j.id = i.job_id group by 1, 2`,
  },
  invoice_matter_spend_counts: {
    counted: sql`select client_id, month::text || ' ' || matter_reference as key, n, cents from invoice_matter_spend_counts where n <> 0 or cents <> 0`,
    actual: sql`select client_id, date_trunc('month', issue_date)::date::text || ' ' || matter_reference, count(*)::int, sum(${charged(sql`amount`, sql`amount_credited`, sql`voided_at`)})::bigint from invoices group by 1, 2`,
  },
};

export interface CounterDrift {
  counter: string;
  /** 'counted': a counter row the rows do not bear out; 'actual': what the rows say, missing from the counters. */
  side: 'counted' | 'actual';
  client_id: number;
  key: string;
  n: number;
  cents: string;
}

/** Every counter row of the report counters that differs from a recount of all jobs and invoices: none when exact. */
export async function reportCounterDrift(q: Queryable): Promise<CounterDrift[]> {
  const out: CounterDrift[] = [];
  for (const [counter, { counted, actual }] of Object.entries(RECOUNT)) {
    const rows = rowsOf<Omit<CounterDrift, 'counter'>>(
      await q.execute(
        sql`(select 'counted' as side, * from (${counted} except ${actual}) a) union all (select 'actual', * from (${actual} except ${counted}) b) order by 3, 4, 1`,
      ),
    );
    out.push(...rows.map((r) => ({ counter, ...r, cents: String(r.cents) })));
  }
  return out;
}
