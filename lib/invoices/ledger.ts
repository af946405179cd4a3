/**
 * The ledger of a firm's account, read from the database: its invoices, payments, adjustment notes and voids as
 * entries (the rules are lib/invoices/ledger-model.ts), what each invoice still owes and its ageing by due date,
 * and the ageing of what every firm owes (aged receivables). The statement of account (client and staff), the
 * amounts "owed" of the invoice lists and the /Ops overview all read what is owed from here, so they agree.
 *
 * A firm's ledger runs to the later of today and its last entry (a payment may be dated ahead), so the closing
 * balance carries every entry and equals what the invoices owe, less any credit the firm holds (an adjustment note
 * on a paid invoice). Each kind of entry is read with one query over the firm's own index (invoices by client and issue date, payments by client and date, adjustment notes by client
 * and date, voided invoices by client); before the period only their sums. What invoices owe is read from the
 * unpaid invoices (invoices_client_unpaid_idx); across firms from the unpaid-invoice counters.
 */
import { and, asc, eq, gte, isNotNull, isNull, lte, max, sql, sum, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { clients, creditNotes, invoices, invoiceUnpaidCounts, payments } from '@/db/schema';
import { toCents } from './gst';
import {
  AGE_THRESHOLDS,
  ageingOf,
  bucketOf,
  daysPastDue,
  minusDays,
  owedOf,
  runningLines,
  voidCents,
  type AgeBucket,
  type Ageing,
  type LedgerEntry,
  type LedgerLine,
} from './ledger-model';

/** What an invoice row still owes, in the database: the SQL twin of owedOf (paid and voided invoices owe nothing). */
export const INVOICE_OWED_SQL: SQL<string> = sql<string>`(case when ${invoices.isPaid} or ${invoices.voidedAt} is not null then 0 else greatest(${invoices.amount} - ${invoices.amountPaid} - ${invoices.amountCredited}, 0) end)`;

export interface OwingInvoice {
  id: number;
  invoiceNumber: string;
  jmsNumber: string;
  issueDate: string;
  dueDate: string | null;
  amount: bigint;
  owed: bigint;
  daysPastDue: number;
  bucket: AgeBucket;
}

export interface FirmLedger {
  currencyCode: string;
  /** The first day of the period. */
  from: string;
  /** The last day: the later of today and the firm's last entry. */
  to: string;
  /** The day the ageing is counted on. */
  today: string;
  opening: bigint;
  lines: LedgerLine[];
  closing: bigint;
  owing: OwingInvoice[];
  ageing: Ageing;
  /**
   * What the firm has paid beyond what its invoices now owe (an adjustment note on a paid invoice): the closing
   * balance is the ageing's total less this.
   */
  inCredit: bigint;
}

const bigintOf = (v: string | null | undefined) => (v ? toCents(v) : 0n);

/** The ledger of one firm from `from` (yyyy-MM-dd), with the ageing on `today`. */
export async function firmLedger(
  q: Queryable,
  clientId: number,
  opts: { from: string; today: string; timeZone: string },
): Promise<FirmLedger> {
  const { from, today, timeZone } = opts;
  const [last] = await q
    .select({
      invoice: sql<
        string | null
      >`(select ${max(invoices.issueDate)} from ${invoices} where ${invoices.clientId} = ${clientId})`,
      payment: sql<
        string | null
      >`(select ${max(payments.paymentDate)} from ${payments} where ${payments.clientId} = ${clientId})`,
      credit: sql<
        string | null
      >`(select ${max(creditNotes.issueDate)} from ${creditNotes} where ${creditNotes.clientId} = ${clientId})`,
    })
    .from(sql`(select 1) as one`);
  const to = [today, last?.invoice, last?.payment, last?.credit].reduce<string>(
    (a, b) => (b && String(b) > a ? String(b) : a),
    today,
  );

  // Before the period: the sums of each kind of entry.
  const [before] = await q
    .select({
      invoices: sql<
        string | null
      >`(select ${sum(invoices.amount)} from ${invoices} where ${invoices.clientId} = ${clientId} and ${invoices.issueDate} < ${from})`,
      payments: sql<
        string | null
      >`(select ${sum(payments.amount)} from ${payments} where ${payments.clientId} = ${clientId} and ${payments.paymentDate} < ${from})`,
      credits: sql<
        string | null
      >`(select ${sum(creditNotes.amount)} from ${creditNotes} where ${creditNotes.clientId} = ${clientId} and ${creditNotes.issueDate} < ${from})`,
    })
    .from(sql`(select 1) as one`);

  const invs = await q
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      jmsNumber: invoices.jmsNumber,
      issueDate: invoices.issueDate,
      amount: invoices.amount,
      currencyCode: invoices.currencyCode,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), gte(invoices.issueDate, from), lte(invoices.issueDate, to)))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  const pays = await q
    .select({
      id: payments.id,
      paymentDate: payments.paymentDate,
      amount: payments.amount,
      reference: payments.reference,
    })
    .from(payments)
    .where(and(eq(payments.clientId, clientId), gte(payments.paymentDate, from), lte(payments.paymentDate, to)))
    .orderBy(asc(payments.paymentDate), asc(payments.id));
  const credits = await q
    .select({
      id: creditNotes.id,
      number: creditNotes.creditNoteNumber,
      issueDate: creditNotes.issueDate,
      amount: creditNotes.amount,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.clientId, clientId), gte(creditNotes.issueDate, from), lte(creditNotes.issueDate, to)))
    .orderBy(asc(creditNotes.issueDate), asc(creditNotes.id));
  // The day of the void in the reader's zone, as a date (yyyy-MM-dd).
  const voidDay = sql<string>`to_char((${invoices.voidedAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const voids = await q
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      voidDate: voidDay,
      amount: invoices.amount,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      reason: invoices.voidReason,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), isNotNull(invoices.voidedAt)));

  const voidOf = (v: (typeof voids)[number]) =>
    voidCents({ amount: toCents(v.amount), paid: toCents(v.amountPaid), credited: toCents(v.amountCredited) });
  const opening =
    bigintOf(before?.invoices) -
    bigintOf(before?.payments) -
    bigintOf(before?.credits) +
    voids.filter((v) => v.voidDate < from).reduce((s, v) => s + voidOf(v), 0n);

  const entries: LedgerEntry[] = [
    ...invs.map((i) => ({
      date: i.issueDate,
      kind: 'invoice' as const,
      seq: i.id,
      reference: i.invoiceNumber,
      description: `Invoice ${i.invoiceNumber} (job ${i.jmsNumber})`,
      cents: toCents(i.amount),
    })),
    ...pays.map((p) => ({
      date: p.paymentDate,
      kind: 'payment' as const,
      seq: p.id,
      reference: p.reference,
      description: p.reference ? `Payment received (${p.reference})` : 'Payment received',
      cents: -toCents(p.amount),
    })),
    ...credits.map((c) => ({
      date: c.issueDate,
      kind: 'credit' as const,
      seq: c.id,
      reference: c.number,
      description: `Adjustment note ${c.number} for invoice ${c.invoiceNumber}`,
      cents: -toCents(c.amount),
    })),
    ...voids
      .filter((v) => v.voidDate >= from && v.voidDate <= to)
      .map((v) => ({
        date: v.voidDate,
        kind: 'void' as const,
        seq: v.id,
        reference: v.invoiceNumber,
        description: `Invoice ${v.invoiceNumber} voided${v.reason ? ` (${v.reason})` : ''}`,
        cents: voidOf(v),
      })),
  ];
  const lines = runningLines(opening, entries);
  const closing = lines.at(-1)?.balance ?? opening;

  const unpaid = await q
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      jmsNumber: invoices.jmsNumber,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      amount: invoices.amount,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      currencyCode: invoices.currencyCode,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), eq(invoices.isPaid, false), isNull(invoices.voidedAt)))
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  const owing: OwingInvoice[] = [];
  for (const u of unpaid) {
    const owed = owedOf({
      amount: toCents(u.amount),
      paid: toCents(u.amountPaid),
      credited: toCents(u.amountCredited),
      voided: false,
    });
    if (owed <= 0n) continue;
    const pastDue = daysPastDue(today, u.dueDate);
    owing.push({
      id: u.id,
      invoiceNumber: u.invoiceNumber,
      jmsNumber: u.jmsNumber,
      issueDate: u.issueDate,
      dueDate: u.dueDate,
      amount: toCents(u.amount),
      owed,
      daysPastDue: pastDue,
      bucket: bucketOf(pastDue),
    });
  }
  // Invoices paid and then credited: payments and notes together above the total (creditHeldOf); void ones have
  // no payment.
  const [held] = await q
    .select({
      cents: sql<string | null>`sum(${invoices.amountPaid} + ${invoices.amountCredited} - ${invoices.amount})::text`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        isNull(invoices.voidedAt),
        sql`${invoices.amountPaid} + ${invoices.amountCredited} > ${invoices.amount}`,
      ),
    );
  // Oldest debt first.
  owing.sort((a, b) => b.daysPastDue - a.daysPastDue || a.id - b.id);
  const currencyCode = invs[0]?.currencyCode ?? unpaid[0]?.currencyCode ?? 'AUD';
  return {
    currencyCode,
    from,
    to,
    today,
    opening,
    lines,
    closing,
    owing,
    ageing: ageingOf(today, owing),
    inCredit: bigintOf(held?.cents),
  };
}

export interface AgedReceivable {
  clientId: number;
  clientName: string;
  accountNumber: string;
  currencyCode: string;
  invoices: number;
  ageing: Ageing;
}

/**
 * What every firm owes on `today`, by days past the due date, per firm and currency, largest debt first: read
 * from the unpaid-invoice counters (per firm, currency and due date), so it costs the same whatever the number
 * of invoices. An invoice without a due date is current.
 */
export async function agedReceivables(q: Queryable, today: string): Promise<AgedReceivable[]> {
  const c = invoiceUnpaidCounts;
  // The latest due date of each older bucket, from bucketOf's own thresholds (due on or before it: that bucket).
  const d30 = minusDays(today, AGE_THRESHOLDS.days30);
  const d60 = minusDays(today, AGE_THRESHOLDS.days60);
  const d90 = minusDays(today, AGE_THRESHOLDS.days90);
  const cents = (where: SQL) => sql<string>`coalesce(sum(${c.cents}) filter (where ${where}), 0)::text`;
  const rows = await q
    .select({
      clientId: c.clientId,
      clientName: clients.name,
      accountNumber: clients.accountNumber,
      currencyCode: c.currencyCode,
      invoices: sql<number>`sum(${c.n})::int`,
      current: cents(sql`${c.dueDate} > ${d30}`),
      days30: cents(sql`${c.dueDate} <= ${d30} and ${c.dueDate} > ${d60}`),
      days60: cents(sql`${c.dueDate} <= ${d60} and ${c.dueDate} > ${d90}`),
      days90: cents(sql`${c.dueDate} <= ${d90}`),
      total: sql<string>`sum(${c.cents})::text`,
    })
    .from(c)
    .innerJoin(clients, eq(clients.id, c.clientId))
    .groupBy(c.clientId, clients.name, clients.accountNumber, c.currencyCode)
    .having(sql`sum(${c.cents}) <> 0`)
    .orderBy(sql`sum(${c.cents}) desc`, asc(clients.name), asc(c.currencyCode));
  return rows.map((r) => ({
    clientId: r.clientId,
    clientName: r.clientName,
    accountNumber: r.accountNumber,
    currencyCode: r.currencyCode,
    invoices: Number(r.invoices),
    ageing: {
      current: BigInt(r.current),
      days30: BigInt(r.days30),
      days60: BigInt(r.days60),
      days90: BigInt(r.days90),
      total: BigInt(r.total),
    },
  }));
}
