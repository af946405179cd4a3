/**
 * The invoices part of "what needs me" (issue 28): the actor's client's unpaid invoices, their total (whole cents,
 * per currency) and how many are past their due date, for the strip above /JobClient. Each number links to the
 * /Invoice list filtered the same way (`pay=unpaid`, `pay=overdue`), whose total is the same number.
 *
 * Read from `invoice_unpaid_counts` (migration 0016: per client, currency and due date, kept by triggers in the
 * same transaction as every invoice change): a client's few rows (one per due date with unpaid invoices), never its
 * invoices.
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { withCompiledRows } from '@/db/rows';
import { invoiceUnpaidCounts } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { countText, type InvoiceAttentionView } from '@/lib/jobs/attention-present';
import { preparedFor } from '@/lib/lists/prepared';
import { todayIn } from './issue-date';
import { formatMoney } from './money';
import { INVOICE_PARAM } from './schema';

export interface UnpaidTotal {
  currencyCode: string;
  /** Whole cents. */
  cents: number;
}

export interface InvoiceAttention {
  unpaid: number;
  overdue: number;
  /** The unpaid total per currency (most invoices first); empty when nothing is owed. */
  totals: UnpaidTotal[];
}

/** The strip's invoice statement with placeholders (client, today), built once per database and prepared. */
function unpaidStatement(db: Db) {
  const u = invoiceUnpaidCounts;
  return withCompiledRows(
    db
      .select({
        currencyCode: u.currencyCode,
        n: sql<number>`sum(${u.n})::int`.mapWith(Number),
        overdue: sql<number>`coalesce(sum(${u.n}) filter (where ${u.dueDate} < ${sql.placeholder('today')}::date), 0)::int`.mapWith(Number),
        cents: sql<string>`sum(${u.cents})::text`,
      })
      .from(u)
      .where(eq(u.clientId, sql.placeholder('clientId') as unknown as number))
      .groupBy(u.currencyCode)
      .having(sql`sum(${u.n}) > 0`)
      .orderBy(sql`sum(${u.n}) desc`, u.currencyCode)
      .prepare('invoice_unpaid_strip'),
  );
}

export async function invoiceAttention(actor: Actor): Promise<InvoiceAttention> {
  const clientId = tenantOf(actor);
  const db = await getDb();
  const statement = preparedFor('invoice-attention', db, 'strip', () => unpaidStatement(db));
  const rows = (await statement.execute({ clientId, today: todayIn(actor.timeZone, now()) })) as { currencyCode: string; n: number; overdue: number; cents: string }[];
  return {
    unpaid: rows.reduce((s, r) => s + r.n, 0),
    overdue: rows.reduce((s, r) => s + r.overdue, 0),
    totals: rows.map((r) => ({ currencyCode: r.currencyCode.trim(), cents: Number(r.cents) })),
  };
}

/** Whole cents as the amount string money.ts formats ('123456' → '1234.56'). */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const s = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** The strip's invoice line: counts as text, the amount owed formatted, links to the /Invoice list filtered. */
export function presentInvoiceAttention(a: InvoiceAttention): InvoiceAttentionView {
  return {
    unpaidText: countText(a.unpaid),
    overdueText: countText(a.overdue),
    owedText: a.totals.length ? a.totals.map((t) => formatMoney(centsToAmount(t.cents), t.currencyCode)).join(' + ') : formatMoney('0.00', 'AUD'),
    unpaidHref: `/Invoice?${INVOICE_PARAM.payment}=unpaid`,
    overdueHref: `/Invoice?${INVOICE_PARAM.payment}=overdue`,
  };
}
