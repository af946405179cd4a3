/**
 * The invoices part of "what needs me": the actor's client's unpaid invoices, their total (whole cents,
 * per currency) and how many are past their due date, for the strip above /JobClient. Each number links to the
 * /Invoice list filtered the same way (`pay=unpaid`, `pay=overdue`), whose total is the same number.
 *
 * Read from `invoice_unpaid_counts` (migration 0016: per client, currency and due date, kept by triggers in the
 * same transaction as every invoice change): a client's few rows (one per due date with unpaid invoices), never its
 * invoices.
 */
import { sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { invoiceUnpaidCounts } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import {
  jobAttentionOf,
  jobAttentionStatement,
  jobAttentionValues,
  type JobAttentionCounts,
  type JobAttentionKey,
  type StripScope,
  type StripViewer,
} from '@/lib/jobs/attention';
import { STRIP_SCOPES } from '@/lib/jobs/attention-keys';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
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

/** The unpaid invoices of the client by currency, as one JSON value (a scalar subquery of the strip's statement). */
const unpaidJson = () => {
  const u = invoiceUnpaidCounts;
  return sql<
    { currencyCode: string; n: number; overdue: number; cents: string }[] | string
  >`(select coalesce(json_agg(t order by t.n desc, t."currencyCode"), '[]'::json) from (
    select ${u.currencyCode} as "currencyCode", sum(${u.n})::int as n,
      coalesce(sum(${u.n}) filter (where ${u.dueDate} < ${sql.placeholder('today')}::date), 0)::int as overdue,
      sum(${u.cents})::text as cents
    from ${u} where ${u.clientId} = ${sql.placeholder('clientId')} group by ${u.currencyCode} having sum(${u.n}) > 0) t)`;
};

function invoiceAttentionOf(value: unknown): InvoiceAttention {
  const rows = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as {
    currencyCode: string;
    n: number;
    overdue: number;
    cents: string;
  }[];
  return {
    unpaid: rows.reduce((s, r) => s + r.n, 0),
    overdue: rows.reduce((s, r) => s + r.overdue, 0),
    totals: rows.map((r) => ({ currencyCode: r.currencyCode.trim(), cents: Number(r.cents) })),
  };
}

/**
 * The strip's one statement (the job counts in a scope and the firm's unpaid invoices); the floor of bench/pages.ts
 * runs it too. Invoices are the firm's in either scope: a firm is billed, not a user.
 */
export const homeAttentionStatement = (db: Queryable, scope: StripScope = 'firm') =>
  jobAttentionStatement(db, { unpaid: unpaidJson() }, scope);

/** The values of the strip's statement for a viewer at a moment. */
export const homeAttentionValues = (
  viewer: StripViewer,
  at: Date,
  timeZone: string,
  scope: StripScope = 'firm',
): Record<string, unknown> => ({
  ...jobAttentionValues(viewer, at, timeZone, scope),
  today: todayIn(timeZone, at),
});

/**
 * Whose jobs the actor's strip counts: the scope they asked for (`?tiles=`), else the firm's for a client
 * administrator and their own for everyone else.
 */
export function stripScopeOf(actor: Actor, asked?: string | null): StripScope {
  if (asked && (STRIP_SCOPES as readonly string[]).includes(asked)) return asked as StripScope;
  return actor.role === CLIENT_ADMIN_ROLE ? 'firm' : 'mine';
}

/**
 * The whole strip for the actor's client in one round trip: the job counts (lib/jobs/attention.ts) and the unpaid
 * invoices, one prepared statement built once per database and scope.
 */
export async function homeAttention(
  actor: Actor,
  scope: StripScope = stripScopeOf(actor),
): Promise<{ jobs: JobAttentionCounts; invoices: InvoiceAttention; scope: StripScope }> {
  const clientId = tenantOf(actor);
  const db = await getDb();
  const statement = preparedFor('home-attention', db, `strip-${scope}`, () =>
    homeAttentionStatement(db, scope).prepare(`home_attention_strip_${scope}`),
  );
  const [row] = (await statement.execute(
    homeAttentionValues({ clientId, userId: actor.userId }, now(), actor.timeZone, scope),
  )) as (Partial<Record<JobAttentionKey, number>> & { unpaid?: unknown })[];
  return { jobs: jobAttentionOf(row), invoices: invoiceAttentionOf(row?.unpaid), scope };
}

/** The unpaid invoices of the actor's client (the strip's invoice line). */
export async function invoiceAttention(actor: Actor): Promise<InvoiceAttention> {
  return (await homeAttention(actor)).invoices;
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
    owedText: a.totals.length
      ? a.totals.map((t) => formatMoney(centsToAmount(t.cents), t.currencyCode)).join(' + ')
      : formatMoney('0.00', 'AUD'),
    unpaidHref: `/Invoice?${INVOICE_PARAM.payment}=unpaid`,
    overdueHref: `/Invoice?${INVOICE_PARAM.payment}=overdue`,
  };
}
