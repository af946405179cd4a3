/**
 * The statement of account: for a firm's administrator, the firm's account with the provider as at
 * today (in the administrator's time zone): the opening balance at the start of the period, every invoice,
 * payment and settlement in the period with the running balance, the closing balance, and the ageing of what is
 * owed. Downloaded as PDF (lib/invoices/statement-pdf.ts) and CSV.
 *
 * - An invoice is a debit on its issue date; a payment a credit on its payment date. "Mark paid" records the rest
 *   as a payment (lib/invoices/issue.ts); an invoice marked paid before it did, or set paid by older data, without
 *   payments for all of it, is settled by a credit of the rest on the day it was marked paid.
 * - Ageing is by issue date: current (under 30 days old), 30 (30 to 59 days), 60 (60 to 89), 90+ (90 and over),
 *   of what each unpaid invoice still owes.
 * Amounts are whole cents throughout (lib/invoices/gst.ts).
 */
import { formatInTimeZone } from 'date-fns-tz';
import { and, asc, eq, lte } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { clients, invoices, payments } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { ForbiddenError } from '@/lib/core/errors';
import { tenantOf } from '@/lib/core/tenancy';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { fromCents, toCents } from './gst';
import { buildPayLink } from './pay-link';
import { getSupplier, type Supplier } from './supplier';

export type StatementKind = 'invoice' | 'payment' | 'settlement';

export interface StatementLine {
  date: string;
  kind: StatementKind;
  reference: string;
  description: string;
  debit: string | null;
  credit: string | null;
  balance: string;
}

export interface AgeingBuckets {
  current: string;
  days30: string;
  days60: string;
  days90: string;
  total: string;
}

export interface StatementInvoice {
  invoiceNumber: string;
  issueDate: string;
  dueDate: string | null;
  total: string;
  outstanding: string;
  ageDays: number;
  bucket: keyof Omit<AgeingBuckets, 'total'>;
}

export interface Statement {
  client: { name: string; accountNumber: string };
  currencyCode: string;
  from: string;
  asOf: string;
  opening: string;
  lines: StatementLine[];
  closing: string;
  ageing: AgeingBuckets;
  unpaid: StatementInvoice[];
  supplier: Supplier;
  /** Pay every unpaid invoice at once (when the payments page takes several: PAYMENT_MULTIPLE). */
  payAllUrl: string | null;
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function minusDays(date: string, days: number): string {
  return new Date((dayNumber(date) - days) * DAY_MS).toISOString().slice(0, 10);
}

export function bucketOf(ageDays: number): StatementInvoice['bucket'] {
  if (ageDays >= 90) return 'days90';
  if (ageDays >= 60) return 'days60';
  if (ageDays >= 30) return 'days30';
  return 'current';
}

/** The statement of the administrator's firm; `from` (yyyy-MM-dd) defaults to a year before today. */
export async function statementFor(actor: Actor, opts: { from?: string | null } = {}): Promise<Statement> {
  const clientId = tenantOf(actor);
  if (actor.role !== CLIENT_ADMIN_ROLE) throw new ForbiddenError();
  const asOf = formatInTimeZone(now(), actor.timeZone, 'yyyy-MM-dd');
  const from = opts.from && opts.from <= asOf ? opts.from : minusDays(asOf, 365);
  const db = await getDb();
  const [client] = await db
    .select({ name: clients.name, accountNumber: clients.accountNumber })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw new ForbiddenError();
  const invs = await db
    .select({
      invoiceNumber: invoices.invoiceNumber,
      jmsNumber: invoices.jmsNumber,
      amount: invoices.amount,
      amountPaid: invoices.amountPaid,
      isPaid: invoices.isPaid,
      paidAt: invoices.paidAt,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      currencyCode: invoices.currencyCode,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), lte(invoices.issueDate, asOf)))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  const pays = await db
    .select({
      id: payments.id,
      paymentDate: payments.paymentDate,
      amount: payments.amount,
      reference: payments.reference,
    })
    .from(payments)
    .where(and(eq(payments.clientId, clientId), lte(payments.paymentDate, asOf)))
    .orderBy(asc(payments.paymentDate), asc(payments.id));

  type Entry = {
    date: string;
    order: number;
    kind: StatementKind;
    reference: string;
    description: string;
    cents: bigint;
  };
  const entries: Entry[] = [];
  for (const i of invs) {
    entries.push({
      date: i.issueDate,
      order: 0,
      kind: 'invoice',
      reference: i.invoiceNumber,
      description: `Invoice ${i.invoiceNumber} (job ${i.jmsNumber})`,
      cents: toCents(i.amount),
    });
    const unrecorded = toCents(i.amount) - toCents(i.amountPaid);
    if (i.isPaid && unrecorded > 0n && i.paidAt) {
      const date = formatInTimeZone(i.paidAt, actor.timeZone, 'yyyy-MM-dd');
      if (date <= asOf)
        entries.push({
          date,
          order: 2,
          kind: 'settlement',
          reference: i.invoiceNumber,
          description: `Invoice ${i.invoiceNumber} settled`,
          cents: -unrecorded,
        });
    }
  }
  for (const p of pays) {
    entries.push({
      date: p.paymentDate,
      order: 1,
      kind: 'payment',
      reference: p.reference,
      description: p.reference ? `Payment received (${p.reference})` : 'Payment received',
      cents: -toCents(p.amount),
    });
  }
  entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));

  let opening = 0n;
  for (const e of entries) if (e.date < from) opening += e.cents;
  let balance = opening;
  const lines: StatementLine[] = entries
    .filter((e) => e.date >= from)
    .map((e) => {
      balance += e.cents;
      return {
        date: e.date,
        kind: e.kind,
        reference: e.reference,
        description: e.description,
        debit: e.cents > 0n ? fromCents(e.cents) : null,
        credit: e.cents < 0n ? fromCents(-e.cents) : null,
        balance: fromCents(balance),
      };
    });

  const buckets = { current: 0n, days30: 0n, days60: 0n, days90: 0n };
  const today = dayNumber(asOf);
  const unpaid: StatementInvoice[] = [];
  for (const i of invs) {
    const outstanding = i.isPaid ? 0n : toCents(i.amount) - toCents(i.amountPaid);
    if (outstanding <= 0n) continue;
    const ageDays = today - dayNumber(i.issueDate);
    const bucket = bucketOf(ageDays);
    buckets[bucket] += outstanding;
    unpaid.push({
      invoiceNumber: i.invoiceNumber,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      total: i.amount,
      outstanding: fromCents(outstanding),
      ageDays,
      bucket,
    });
  }
  const owed = buckets.current + buckets.days30 + buckets.days60 + buckets.days90;
  const currencyCode = invs[0]?.currencyCode ?? 'AUD';
  const cfg = config();
  const payAllUrl =
    cfg.PAYMENT_MULTIPLE && unpaid.length > 0
      ? buildPayLink(cfg.PAYMENT_URL, {
          invoiceNumber: unpaid.map((u) => u.invoiceNumber).join(','),
          amount: fromCents(owed),
          jmsNumber: invs.find((i) => i.invoiceNumber === unpaid[0]!.invoiceNumber)!.jmsNumber,
          accountNumber: client.accountNumber,
        })
      : null;
  return {
    client,
    currencyCode,
    from,
    asOf,
    opening: fromCents(opening),
    lines,
    closing: fromCents(balance),
    ageing: {
      current: fromCents(buckets.current),
      days30: fromCents(buckets.days30),
      days60: fromCents(buckets.days60),
      days90: fromCents(buckets.days90),
      total: fromCents(owed),
    },
    unpaid,
    supplier: await getSupplier(db),
    payAllUrl,
  };
}

export const STATEMENT_CSV_HEADER = ['Date', 'Type', 'Reference', 'Description', 'Debit', 'Credit', 'Balance'];

/** The statement as CSV rows: the opening balance, every line, the closing balance, then the ageing. */
export function statementCsvRows(s: Statement): string[][] {
  const kind: Record<StatementKind, string> = { invoice: 'Invoice', payment: 'Payment', settlement: 'Settlement' };
  return [
    [s.from, 'Opening balance', '', '', '', '', s.opening],
    ...s.lines.map((l) => [l.date, kind[l.kind], l.reference, l.description, l.debit ?? '', l.credit ?? '', l.balance]),
    [s.asOf, 'Closing balance', '', '', '', '', s.closing],
    [],
    ['Ageing', 'Current', '30 days', '60 days', '90+ days', 'Total owed'],
    ['', s.ageing.current, s.ageing.days30, s.ageing.days60, s.ageing.days90, s.ageing.total],
  ];
}
