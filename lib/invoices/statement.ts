/**
 * The statement of account: a firm's account with the provider, read from its ledger (lib/invoices/ledger.ts):
 * the opening balance at the start of the period, every invoice, payment, adjustment note and void in the period
 * with the running balance, the closing balance, and the ageing of what is owed by days past the due date
 * (lib/invoices/ledger-model.ts). The closing balance and the total owed come from the same entries, so they
 * agree: equal, or, when an adjustment note credited an invoice already paid, apart by the credit the firm holds,
 * which the statement states. For a firm's administrator (/Statement) and for staff, per firm
 * (/Ops/Invoices/Statement). Downloaded as PDF (lib/invoices/statement-pdf.ts) and CSV. Amounts are whole cents throughout (lib/invoices/gst.ts).
 */
import { formatInTimeZone } from 'date-fns-tz';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { clients } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { authorize } from '@/lib/core/authorize';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import { staffPolicy } from '@/lib/core/staff-policy';
import { tenantOf } from '@/lib/core/tenancy';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { fromCents } from './gst';
import { agedReceivables, firmLedger, type AgedReceivable } from './ledger';
import { minusDays, type AgeBucket, type Ageing, type LedgerKind } from './ledger-model';
import { buildPayLink } from './pay-link';
import { getSupplier, type Supplier } from './supplier';

export type StatementKind = LedgerKind;

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
  /** Days past the due date (0 or less: not yet due). */
  daysPastDue: number;
  bucket: AgeBucket;
}

export interface Statement {
  client: { id: number; name: string; accountNumber: string };
  currencyCode: string;
  from: string;
  /** The statement's last day: today, or a later day when a payment is dated ahead. */
  asOf: string;
  /** The day the ageing is counted on (today). */
  today: string;
  opening: string;
  lines: StatementLine[];
  closing: string;
  ageing: AgeingBuckets;
  /**
   * What the firm has paid beyond what it now owes (an adjustment note credited an invoice it had paid); '0.00'
   * mostly. The closing balance is the ageing's total less this.
   */
  inCredit: string;
  unpaid: StatementInvoice[];
  supplier: Supplier;
  /** Pay every unpaid invoice at once (when the payments page takes several: PAYMENT_MULTIPLE). */
  payAllUrl: string | null;
}

/** The statement of the administrator's firm; `from` (yyyy-MM-dd) defaults to a year before today. */
export async function statementFor(actor: Actor, opts: { from?: string | null } = {}): Promise<Statement> {
  const clientId = tenantOf(actor);
  if (actor.role !== CLIENT_ADMIN_ROLE) throw new ForbiddenError();
  const s = await statementOfClient(clientId, actor.timeZone, opts.from ?? null);
  if (!s) throw new ForbiddenError();
  return s;
}

/** A firm's statement for staff: the same statement its administrator sees (without "Pay all"). */
export async function staffStatement(actor: Actor, clientId: number, opts: { from?: string | null } = {}) {
  const staff = authorize(actor, 'invoices.manage', staffPolicy);
  const s = await statementOfClient(clientId, staff.timeZone, opts.from ?? null);
  if (!s) throw new NotFoundError('The client does not exist.');
  return { ...s, payAllUrl: null };
}

async function statementOfClient(clientId: number, timeZone: string, fromAsked: string | null) {
  const today = formatInTimeZone(now(), timeZone, 'yyyy-MM-dd');
  const from = fromAsked && fromAsked <= today ? fromAsked : minusDays(today, 365);
  const db = await getDb();
  const [client] = await db
    .select({ id: clients.id, name: clients.name, accountNumber: clients.accountNumber })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return null;
  const l = await firmLedger(db, clientId, { from, today, timeZone });
  const lines: StatementLine[] = l.lines.map((e) => ({
    date: e.date,
    kind: e.kind,
    reference: e.reference,
    description: e.description,
    debit: e.cents > 0n ? fromCents(e.cents) : null,
    credit: e.cents < 0n ? fromCents(-e.cents) : null,
    balance: fromCents(e.balance),
  }));
  const unpaid: StatementInvoice[] = l.owing.map((o) => ({
    invoiceNumber: o.invoiceNumber,
    issueDate: o.issueDate,
    dueDate: o.dueDate,
    total: fromCents(o.amount),
    outstanding: fromCents(o.owed),
    daysPastDue: o.daysPastDue,
    bucket: o.bucket,
  }));
  const cfg = config();
  const first = l.owing[0];
  const payAllUrl =
    cfg.PAYMENT_MULTIPLE && first
      ? buildPayLink(cfg.PAYMENT_URL, {
          invoiceNumber: l.owing.map((u) => u.invoiceNumber).join(','),
          amount: fromCents(l.ageing.total),
          jmsNumber: first.jmsNumber,
          accountNumber: client.accountNumber,
        })
      : null;
  const statement: Statement = {
    client,
    currencyCode: l.currencyCode,
    from,
    asOf: l.to,
    today,
    opening: fromCents(l.opening),
    lines,
    closing: fromCents(l.closing),
    ageing: {
      current: fromCents(l.ageing.current),
      days30: fromCents(l.ageing.days30),
      days60: fromCents(l.ageing.days60),
      days90: fromCents(l.ageing.days90),
      total: fromCents(l.ageing.total),
    },
    inCredit: fromCents(l.inCredit),
    unpaid,
    supplier: await getSupplier(db),
    payAllUrl,
  };
  return statement;
}

/** How each kind of entry is named on the statement. */
export const STATEMENT_KIND_LABEL: Record<StatementKind, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit: 'Adjustment note',
  void: 'Void',
};

export const STATEMENT_CSV_HEADER = ['Date', 'Type', 'Reference', 'Description', 'Debit', 'Credit', 'Balance'];

/** Whether the firm holds a credit (paid beyond what it now owes), which the statement then states. */
export function hasCredit(s: Pick<Statement, 'inCredit'>): boolean {
  return s.inCredit !== '0.00';
}

/** The statement as CSV rows: the opening balance, every line, the closing balance, then the ageing. */
export function statementCsvRows(s: Statement): string[][] {
  const kind = STATEMENT_KIND_LABEL;
  return [
    [s.from, 'Opening balance', '', '', '', '', s.opening],
    ...s.lines.map((l) => [l.date, kind[l.kind], l.reference, l.description, l.debit ?? '', l.credit ?? '', l.balance]),
    [s.asOf, 'Closing balance', '', '', '', '', s.closing],
    [],
    ['Ageing', 'Current', '30 days', '60 days', '90+ days', 'Total owed'],
    ['', s.ageing.current, s.ageing.days30, s.ageing.days60, s.ageing.days90, s.ageing.total],
    ...(hasCredit(s) ? [['In credit', s.inCredit]] : []),
  ];
}

export interface Receivables {
  today: string;
  rows: (Omit<AgedReceivable, 'ageing'> & { ageing: AgeingBuckets })[];
  /** The sum of every firm's, per currency. */
  totals: { currencyCode: string; invoices: number; ageing: AgeingBuckets }[];
}

const bucketsOf = (a: Ageing): AgeingBuckets => ({
  current: fromCents(a.current),
  days30: fromCents(a.days30),
  days60: fromCents(a.days60),
  days90: fromCents(a.days90),
  total: fromCents(a.total),
});

/** For staff: what every firm owes today, by days past the due date (largest debt first), and the totals. */
export async function staffReceivables(actor: Actor): Promise<Receivables> {
  const staff = authorize(actor, 'invoices.manage', staffPolicy);
  const today = formatInTimeZone(now(), staff.timeZone, 'yyyy-MM-dd');
  const rows = await agedReceivables(await getDb(), today);
  const totals = new Map<string, { invoices: number; ageing: Ageing }>();
  for (const r of rows) {
    const t = totals.get(r.currencyCode) ?? {
      invoices: 0,
      ageing: { current: 0n, days30: 0n, days60: 0n, days90: 0n, total: 0n },
    };
    t.invoices += r.invoices;
    for (const k of Object.keys(t.ageing) as (keyof Ageing)[]) t.ageing[k] += r.ageing[k];
    totals.set(r.currencyCode, t);
  }
  return {
    today,
    rows: rows.map((r) => ({ ...r, ageing: bucketsOf(r.ageing) })),
    totals: [...totals]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currencyCode, t]) => ({ currencyCode, invoices: t.invoices, ageing: bucketsOf(t.ageing) })),
  };
}

export const RECEIVABLES_CSV_HEADER = [
  'Client',
  'Account',
  'Currency',
  'Invoices owing',
  'Current',
  '30 days',
  '60 days',
  '90+ days',
  'Total owed',
];

/** The aged receivables as CSV rows: one per firm and currency, then the totals. */
export function receivablesCsvRows(r: Receivables): (string | number)[][] {
  const cells = (a: AgeingBuckets) => [a.current, a.days30, a.days60, a.days90, a.total];
  return [
    ...r.rows.map((x) => [x.clientName, x.accountNumber, x.currencyCode, x.invoices, ...cells(x.ageing)]),
    ...r.totals.map((t) => ['Total', '', t.currencyCode, t.invoices, ...cells(t.ageing)]),
  ];
}
