/**
 * The invoices part of "what needs me" (issue 28): the actor's client's unpaid invoices, their total (whole cents,
 * per currency) and how many are past their due date, for the strip above /JobClient. Each number links to the
 * /Invoice list filtered the same way (`pay=unpaid`, `pay=overdue`), whose total is the same number.
 *
 * One index-only walk of the client's unpaid invoices (`invoices_client_unpaid_idx`, with the amounts INCLUDEd):
 * it reads only unpaid invoices, never the client's paid history.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { invoices } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { countText, type InvoiceAttentionView } from '@/lib/jobs/attention-present';
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

export async function invoiceAttention(actor: Actor): Promise<InvoiceAttention> {
  const clientId = tenantOf(actor);
  const db = await getDb();
  const today = todayIn(actor.timeZone, now());
  const rows = await db
    .select({
      currencyCode: invoices.currencyCode,
      n: sql<number>`count(*)::int`.mapWith(Number),
      overdue: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${today}))::int`.mapWith(Number),
      cents: sql<string>`(sum(${invoices.amount}) * 100)::bigint::text`,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), eq(invoices.isPaid, false)))
    .groupBy(invoices.currencyCode)
    .orderBy(sql`count(*) desc`, invoices.currencyCode);
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
