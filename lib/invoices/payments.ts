/**
 * Payments recorded: ONE service for the staff form (/Ops/Invoices/Payment) and POST /api/v1/payments.
 *
 * A payment (date, amount, reference) pays one or several invoices of one client, in the order given, each up
 * to what is left on it (lib/invoices/payment-schema.ts). An invoice whose payments reach its total moves to Paid
 * (paid_at, the invoice.paid event and its pay link gone); every payment writes a `payment.received` event per
 * invoice (trigger of migration 0020) and a receipt e-mail, with the receipt PDF, to the firm's billing contacts
 * through the outbox (./billing-contacts.ts). One transaction with its audit row; the invoices are locked, so
 * two payments at once cannot both take the same balance.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clients, invoices, paymentAllocations, payments } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { ForbiddenError, ValidationError } from '@/lib/core/errors';
import { apiKeyName, type Principal } from '@/lib/core/principal';
import { staffPolicy } from '@/lib/core/staff-policy';
import { displayCalendarDate } from '@/lib/display-date';
import { enqueueMail } from '@/lib/mail/outbox';
import { billingContacts } from './billing-contacts';
import { fromCents, toCents } from './gst';
import { invoiceSlipHref } from './links';
import { formatMoney } from './money';
import { PAYMENT_MSG, type PaymentForm } from './payment-schema';
import type { Receipt } from './receipt-pdf';
import { getSupplier } from './supplier';

export const RECEIPT_KIND = 'payment-receipt';

export interface RecordedPayment {
  paymentId: number;
  clientId: number;
  amount: string;
  currencyCode: string;
  allocations: { invoiceNumber: string; amount: string; balance: string; isPaid: boolean }[];
  receiptsQueued: number;
}

function authorise(by: Principal): void {
  if (by.kind === 'user') authorize(by.actor, 'invoices.manage', staffPolicy);
  else if (by.kind === 'anonymous') throw new ForbiddenError();
}

/** Records a payment against the invoices named, in that order. */
export async function recordPayment(by: Principal, input: PaymentForm): Promise<RecordedPayment> {
  authorise(by);
  const db = await getDb();
  return db.transaction((tx) => applyPayment(tx, by, input));
}

/**
 * A payment's work inside the caller's transaction, for a caller already authorised: recordPayment's, and "Mark
 * paid" (lib/invoices/issue.ts), which pays what is left on an invoice as a payment like any other.
 */
export async function applyPayment(tx: Queryable, by: Principal, input: PaymentForm): Promise<RecordedPayment> {
  const found = await tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      clientId: invoices.clientId,
      amount: invoices.amount,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      isPaid: invoices.isPaid,
      voidedAt: invoices.voidedAt,
      currencyCode: invoices.currencyCode,
      issueDate: invoices.issueDate,
    })
    .from(invoices)
    .where(inArray(invoices.invoiceNumber, input.InvoiceNumbers))
    .orderBy(asc(invoices.id))
    .for('update');
  const missing = input.InvoiceNumbers.filter((n) => !found.some((i) => i.invoiceNumber === n));
  if (missing.length) throw new ValidationError({ InvoiceNumbers: missing.map(PAYMENT_MSG.invoiceMissing) });
  const ordered = input.InvoiceNumbers.map((n) => found.find((i) => i.invoiceNumber === n)!);
  const first = ordered[0]!;
  if (ordered.some((i) => i.clientId !== first.clientId))
    throw new ValidationError({ InvoiceNumbers: [PAYMENT_MSG.oneClient] });
  if (ordered.some((i) => i.currencyCode !== first.currencyCode))
    throw new ValidationError({ InvoiceNumbers: [PAYMENT_MSG.oneCurrency] });
  const voided = ordered.filter((i) => i.voidedAt);
  if (voided.length)
    throw new ValidationError({ InvoiceNumbers: voided.map((i) => PAYMENT_MSG.invoiceVoid(i.invoiceNumber)) });
  const paid = ordered.filter((i) => i.isPaid);
  if (paid.length)
    throw new ValidationError({ InvoiceNumbers: paid.map((i) => PAYMENT_MSG.invoicePaid(i.invoiceNumber)) });

  const total = toCents(input.Amount);
  // What is left on each invoice: its total less payments and adjustment notes.
  const owedOn = (i: (typeof ordered)[number]) => toCents(i.amount) - toCents(i.amountPaid) - toCents(i.amountCredited);
  const owing = ordered.reduce((s, i) => s + owedOn(i), 0n);
  if (total > owing)
    throw new ValidationError({ Amount: [PAYMENT_MSG.tooMuch(formatMoney(fromCents(owing), first.currencyCode))] });

  const t = now();
  let left = total;
  const allocations: (RecordedPayment['allocations'][number] & { id: number; issueDate: string })[] = [];
  for (const inv of ordered) {
    if (left === 0n) break;
    const balance = owedOn(inv);
    const take = balance < left ? balance : left;
    if (take <= 0n) continue;
    left -= take;
    const newPaid = toCents(inv.amountPaid) + take;
    const full = balance - take <= 0n;
    await tx
      .update(invoices)
      .set({ amountPaid: fromCents(newPaid), updatedAt: t, ...(full ? { isPaid: true, paidAt: t } : {}) })
      .where(eq(invoices.id, inv.id));
    allocations.push({
      id: inv.id,
      issueDate: inv.issueDate,
      invoiceNumber: inv.invoiceNumber,
      amount: fromCents(take),
      balance: fromCents(balance - take),
      isPaid: full,
    });
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      clientId: first.clientId,
      paymentDate: input.PaymentDate,
      amount: fromCents(total),
      currencyCode: first.currencyCode,
      reference: input.Reference,
      createdAt: t,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment not written');
  await tx
    .insert(paymentAllocations)
    .values(allocations.map((a) => ({ paymentId: payment.id, invoiceId: a.id, amount: a.amount })));
  await recordAudit(tx, by, {
    action: 'ops.payment.recorded',
    clientId: first.clientId,
    targetType: 'payment',
    targetId: payment.id,
    details: {
      ...(by.kind === 'api-key' ? { actor: apiKeyName(by.key) } : by.kind === 'system' ? { actor: by.name } : {}),
      amount: fromCents(total),
      paymentDate: input.PaymentDate,
      reference: input.Reference,
      invoices: allocations.map((a) => ({ invoiceNumber: a.invoiceNumber, amount: a.amount, paidInFull: a.isPaid })),
    },
  });
  const result: RecordedPayment = {
    paymentId: payment.id,
    clientId: first.clientId,
    amount: fromCents(total),
    currencyCode: first.currencyCode,
    allocations: allocations.map(({ invoiceNumber, amount, balance, isPaid }) => ({
      invoiceNumber,
      amount,
      balance,
      isPaid,
    })),
    receiptsQueued: 0,
  };
  result.receiptsQueued = await enqueueReceipts(tx, result, input, allocations);
  return result;
}

/** The receipt, with its PDF attached: to the firm's billing contacts (./billing-contacts.ts). */
async function enqueueReceipts(
  tx: Queryable,
  p: RecordedPayment,
  input: PaymentForm,
  allocations: { invoiceNumber: string; issueDate: string }[],
): Promise<number> {
  const recipients = await billingContacts(tx, p.clientId);
  const money = (v: string) => formatMoney(v, p.currencyCode);
  const paid = p.allocations.map((a, i) => ({
    invoiceNumber: a.invoiceNumber,
    amount: money(a.amount),
    balance: money(a.balance),
    isPaid: a.isPaid,
    href: invoiceSlipHref({ invoiceNumber: a.invoiceNumber, issueDate: allocations[i]!.issueDate }),
  }));
  for (const r of recipients) {
    await enqueueMail(tx, {
      to: r.email,
      kind: RECEIPT_KIND,
      props: {
        firstName: r.firstName,
        amount: money(p.amount),
        date: displayCalendarDate(input.PaymentDate),
        reference: input.Reference || null,
        allocations: paid,
      },
      attachments: [{ kind: RECEIPT_PDF_ATTACHMENT, id: p.paymentId }],
    });
  }
  return recipients.length;
}

/** The attachment kind of a payment's receipt PDF (./attachments.ts). */
export const RECEIPT_PDF_ATTACHMENT = 'receipt-pdf';

/**
 * A payment's receipt as it stands in the database: each invoice it paid, with what was left on it after this
 * payment (its total less this payment and the ones recorded before it). Null when there is no such payment.
 */
export async function receiptOf(q: Queryable, paymentId: number): Promise<Receipt | null> {
  const [p] = await q
    .select({
      id: payments.id,
      clientId: payments.clientId,
      paymentDate: payments.paymentDate,
      amount: payments.amount,
      currencyCode: payments.currencyCode,
      reference: payments.reference,
      clientName: clients.name,
      accountNumber: clients.accountNumber,
    })
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!p) return null;
  const rows = await q
    .select({
      invoiceId: paymentAllocations.invoiceId,
      amount: paymentAllocations.amount,
      invoiceNumber: invoices.invoiceNumber,
      issueDate: invoices.issueDate,
      total: invoices.amount,
      paidUpToThis: sql<string>`(select coalesce(sum(pa.amount), 0)::text from ${paymentAllocations} pa
        where pa.invoice_id = ${paymentAllocations.invoiceId} and pa.payment_id <= ${paymentId})`,
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.invoiceId));
  return {
    paymentId: p.id,
    client: { name: p.clientName, accountNumber: p.accountNumber },
    paymentDate: p.paymentDate,
    amount: p.amount,
    currencyCode: p.currencyCode,
    reference: p.reference,
    allocations: rows.map((r) => ({
      invoiceNumber: r.invoiceNumber,
      issueDate: r.issueDate,
      amount: r.amount,
      balanceAfter: fromCents(toCents(r.total) - toCents(r.paidUpToThis)),
    })),
    supplier: await getSupplier(q),
  };
}

/** The payments of these invoices (their slips), oldest first: what each paid of the invoice, with its date and reference. */
export async function paymentsOfInvoices(
  q: Queryable,
  invoiceIds: readonly number[],
): Promise<{ invoiceId: number; paymentDate: string; amount: string; reference: string }[]> {
  if (invoiceIds.length === 0) return [];
  return q
    .select({
      invoiceId: paymentAllocations.invoiceId,
      paymentDate: payments.paymentDate,
      amount: paymentAllocations.amount,
      reference: payments.reference,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(inArray(paymentAllocations.invoiceId, [...invoiceIds]))
    .orderBy(asc(payments.paymentDate), asc(payments.id));
}

/** What the named unpaid invoices still owe together (to pre-fill the payment form); null when none is known. */
export async function owingOf(actor: Actor, numbers: readonly string[]): Promise<string | null> {
  authorize(actor, 'invoices.manage', staffPolicy);
  if (!numbers.length) return null;
  const db = await getDb();
  const rows = await db
    .select({ amount: invoices.amount, amountPaid: invoices.amountPaid, amountCredited: invoices.amountCredited })
    .from(invoices)
    .where(and(inArray(invoices.invoiceNumber, [...numbers].slice(0, 50)), eq(invoices.isPaid, false)));
  if (!rows.length) return null;
  return fromCents(
    rows.reduce((s, r) => s + toCents(r.amount) - toCents(r.amountPaid) - toCents(r.amountCredited), 0n),
  );
}

/** One line for the staff's confirmation: 'INV-1 (paid), INV-2 ($13.00 left)'. */
export function paymentSummary(p: RecordedPayment): string {
  return p.allocations
    .map((a) => `${a.invoiceNumber} (${a.isPaid ? 'paid' : `${formatMoney(a.balance, p.currencyCode)} left`})`)
    .join(', ');
}
