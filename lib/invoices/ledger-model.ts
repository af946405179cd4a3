/**
 * The ledger's rules, pure (no database): a firm's account is one list of entries, each in whole cents, a debit
 * positive and a credit negative:
 *
 * - an invoice: a debit of its total on its issue date;
 * - a payment: a credit of its amount on its payment date (it pays one or several invoices: its allocations);
 * - an adjustment note (credit note): a credit of its amount, GST included, on its date, against its invoice;
 * - a void: a credit of what the invoice still owed, on the day it was voided, so a voided invoice owes nothing
 *   and both its issue and its void stay on the statement.
 *
 * On one day, invoices come before payments, payments before adjustment notes, and those before voids. The
 * running balance of the entries is what the firm owes; what an invoice owes is its total less the payments
 * allocated to it and its adjustment notes (never below nothing; nothing once voided). The closing balance equals
 * the sum of what the invoices owe, less the credit the firm holds when an adjustment note credited an invoice it
 * had already paid (creditHeldOf); lib/invoices/ledger-model.test.ts drives both through random histories.
 * What is owed is aged by days past the due date (an invoice without one is current).
 * lib/invoices/ledger.ts reads the entries of one firm from the database and applies these rules. Browser-safe.
 */

export type LedgerKind = 'invoice' | 'payment' | 'credit' | 'void';

export const LEDGER_KIND_ORDER: Record<LedgerKind, number> = { invoice: 0, payment: 1, credit: 2, void: 3 };

export interface LedgerEntry {
  date: string;
  kind: LedgerKind;
  /** Orders entries of one kind on one day (the row's id). */
  seq: number;
  reference: string;
  description: string;
  /** A debit is positive, a credit negative. */
  cents: bigint;
}

export interface LedgerLine extends LedgerEntry {
  balance: bigint;
}

export function compareEntries(a: LedgerEntry, b: LedgerEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const k = LEDGER_KIND_ORDER[a.kind] - LEDGER_KIND_ORDER[b.kind];
  return k !== 0 ? k : a.seq - b.seq;
}

/** The entries in ledger order, each with the balance after it, starting from `opening`. */
export function runningLines(opening: bigint, entries: readonly LedgerEntry[]): LedgerLine[] {
  let balance = opening;
  return [...entries].sort(compareEntries).map((e) => {
    balance += e.cents;
    return { ...e, balance };
  });
}

export interface InvoiceMoney {
  /** The total, GST included. */
  amount: bigint;
  /** What payments allocated to it have paid. */
  paid: bigint;
  /** What its adjustment notes have credited. */
  credited: bigint;
  voided: boolean;
}

/** What an invoice still owes: its total less payments and adjustment notes, never below nothing; nothing once void. */
export function owedOf(i: InvoiceMoney): bigint {
  if (i.voided) return 0n;
  const owed = i.amount - i.paid - i.credited;
  return owed > 0n ? owed : 0n;
}

/**
 * What the firm has paid on an invoice beyond what it now owes: payments and adjustment notes together above its
 * total. An adjustment note may credit an invoice already paid (a price corrected after payment), which leaves the
 * firm in credit. A voided invoice has no payment, so holds none. The closing balance is what the invoices owe less
 * what they hold in credit.
 */
export function creditHeldOf(i: InvoiceMoney): bigint {
  if (i.voided) return 0n;
  const over = i.paid + i.credited - i.amount;
  return over > 0n ? over : 0n;
}

/** The credit a void writes: what the invoice owed just before it. */
export function voidCents(i: Omit<InvoiceMoney, 'voided'>): bigint {
  return -owedOf({ ...i, voided: false });
}

export type AgeBucket = 'current' | 'days30' | 'days60' | 'days90';
export const AGE_BUCKETS: readonly AgeBucket[] = ['current', 'days30', 'days60', 'days90'];

const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function minusDays(date: string, days: number): string {
  return new Date((dayNumber(date) - days) * DAY_MS).toISOString().slice(0, 10);
}

/** Days past the due date on `asOf` (0 or less: not yet due); no due date: 0. */
export function daysPastDue(asOf: string, dueDate: string | null): number {
  return dueDate ? dayNumber(asOf) - dayNumber(dueDate) : 0;
}

/** The days past due from which each older bucket starts. */
export const AGE_THRESHOLDS = { days30: 30, days60: 60, days90: 90 } as const;

/** Current: not yet due or under 30 days past due; 30: 30 to 59 days past due; 60: 60 to 89; 90+: 90 and over. */
export function bucketOf(pastDue: number): AgeBucket {
  if (pastDue >= AGE_THRESHOLDS.days90) return 'days90';
  if (pastDue >= AGE_THRESHOLDS.days60) return 'days60';
  if (pastDue >= AGE_THRESHOLDS.days30) return 'days30';
  return 'current';
}

export type Ageing = Record<AgeBucket | 'total', bigint>;

/** The ageing of what invoices owe on `asOf`, by due date. */
export function ageingOf(asOf: string, owing: readonly { dueDate: string | null; owed: bigint }[]): Ageing {
  const a: Ageing = { current: 0n, days30: 0n, days60: 0n, days90: 0n, total: 0n };
  for (const o of owing) {
    if (o.owed <= 0n) continue;
    a[bucketOf(daysPastDue(asOf, o.dueDate))] += o.owed;
    a.total += o.owed;
  }
  return a;
}
