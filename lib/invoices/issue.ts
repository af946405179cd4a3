/**
 * Issuing invoices and marking them paid: ONE service for the staff screens (/Ops/Invoices) and,
 * later, the integration API (PUT api/v1/invoices/{invoiceNumber} as an upsert with its line items,
 * webhooks invoice.issued / invoice.paid). It takes the Principal that acts: a staff member (policy
 * 'invoices.manage', lib/core/staff-policy.ts, checked here) or an API key / system caller the adapter has already
 * authorised, named in the audit row.
 *
 * - `issueInvoice`: a new invoice; its number must be new (400 on the number otherwise), or left empty for the next
 *   number of the firm's own series (./numbers.ts).
 * - `upsertInvoice`: by number: creates it, or replaces the invoice of the same client (fields, jobs, lines);
 *   a number of another client is refused (409).
 * - `markInvoicePaid`: paid, as a payment of what is left; idempotent (answers whether it changed).
 * Each is one transaction with its audit row. The client's list reads the same table, so an issued invoice
 * shows there at once, with its pay link (lib/invoices/pay-link.ts) while unpaid.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { clientBranchAddresses, clients, invoiceJobs, invoiceLineItems, invoices, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { publishJobNews } from '@/lib/jobs/news';
import { apiKeyName, principalName, type Principal } from '@/lib/core/principal';
import { config } from '@/lib/config';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@/lib/core/errors';
import { containsPattern } from '@/lib/lists/contains';
import { limitOffset, type ListResult, type Page } from '@/lib/lists/paging';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import { isUniqueViolation } from '@/lib/users/service';
import { INVOICE_MSG, type InvoiceIssue } from './issue-schema';
import { fromCents, invoiceTotals, toCents } from './gst';
import { INVOICE_OWED_SQL } from './ledger';
import { formatMoney, sumDecimals } from './money';
import { getSupplier } from './supplier';
import { invoiceSlipHref } from './links';
import { payLinkFor } from './pay-link';
import { takeInvoiceNumber } from './numbers';
import { FIELD_MSG } from '@/lib/validation';
import { alreadyBilled, BILLED_MSG, isLiveJobClash, liveInvoicesOfJobs } from './billed';
import { invoiceToday, paymentStatusWhere } from './overdue';
import { applyPayment, paymentsOfInvoices } from './payments';
import { INVOICE_PDF_ATTACHMENT } from './attachments';
import { billingContacts } from './billing-contacts';
import { displayCalendarDate } from '@/lib/display-date';
import { enqueueMail } from '@/lib/mail/outbox';
import { DEFAULT_TIME_ZONE } from '@/lib/jobs/lookups';

/** The policy, in this one place: staff need 'invoices.manage'; an API key or system caller was authorised by its adapter. */
function authorise(by: Principal): void {
  if (by.kind === 'user') authorize(by.actor, 'invoices.manage', staffPolicy);
  else if (by.kind === 'anonymous') throw new ForbiddenError();
}

/** A caller that is not a person signs the row by its name (as it always has: 'API key "Billing"'). */
function auditDetails(by: Principal, d: Record<string, unknown>): Record<string, unknown> {
  if (by.kind === 'api-key') return { ...d, actor: apiKeyName(by.key) };
  return by.kind === 'system' ? { ...d, actor: by.name } : d;
}

/** amount / quantity to four decimals, half up, in integer arithmetic (both have at most two decimals). */
export function unitPrice(amount: string, quantity: string): string {
  const cents = BigInt(sumDecimals([amount]).replace('.', ''));
  const hundredths = BigInt(sumDecimals([quantity]).replace('.', ''));
  if (hundredths === 0n) return '0.0000';
  const scaled = (cents * 20000n) / hundredths; // twice the 4-decimal value, for rounding
  const v = (scaled + 1n) / 2n;
  const s = v.toString().padStart(5, '0');
  return `${s.slice(0, -4)}.${s.slice(-4)}`;
}

export interface WrittenInvoice {
  id: number;
  invoiceNumber: string;
  clientId: number;
  /** The total payable, GST included. */
  amount: string;
  gst: string;
  /** What happened: the webhook event follows from it. */
  event: 'issued' | 'updated';
}

async function clientJobs(tx: Queryable, clientId: number, numbers: readonly string[]) {
  const [c] = await tx
    .select({ id: clients.id, deletedAt: clients.deletedAt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!c || c.deletedAt) throw new ValidationError({ ClientId: [INVOICE_MSG.clientRequired] });
  const found = await tx
    .select({
      id: jobs.id,
      jmsNumber: jobs.jmsNumber,
      matterReference: jobs.matterReference,
      extClientBranchId: clientBranchAddresses.extClientBranchId,
    })
    .from(jobs)
    .leftJoin(clientBranchAddresses, eq(clientBranchAddresses.id, jobs.clientBranchAddressId))
    .where(and(eq(jobs.clientId, clientId), inArray(jobs.jmsNumber, [...numbers])));
  const missing = numbers.filter((n) => !found.some((j) => j.jmsNumber === n));
  if (missing.length) throw new ValidationError({ JobNumbers: missing.map(INVOICE_MSG.jobNotOfClient) });
  // In the order given: the first job is the one the list and the pay link name.
  return numbers.map((n) => found.find((j) => j.jmsNumber === n)!);
}

async function write(
  tx: Queryable,
  a: Principal,
  input: InvoiceIssue,
  existingId: number | null,
): Promise<WrittenInvoice> {
  const js = await clientJobs(tx, input.ClientId, input.JobNumbers);
  // A job another live invoice bills is refused here, naming that invoice; two issues at the same moment are
  // refused by the unique index on the live links (./billed.ts), answered the same way by `refused`.
  const billed = await liveInvoicesOfJobs(
    tx,
    js.map((j) => j.id),
    existingId,
  );
  if (billed.length) throw alreadyBilled(billed);
  const first = js[0]!;
  // GST per line at the supplier's rate unless the line carries its own (lib/invoices/gst.ts); amount is the total payable.
  const { gstRateBp } = await getSupplier(tx);
  const totals = invoiceTotals(
    input.Lines.map((l) => ({ amount: l.Amount, gst: l.Gst })),
    gstRateBp,
  );
  const amount = totals.total;
  const t = now();
  const values = {
    clientId: input.ClientId,
    jobId: first.id,
    jmsNumber: first.jmsNumber,
    matterReference: first.matterReference,
    extClientBranchId: first.extClientBranchId,
    invoiceNumber: input.InvoiceNumber,
    amount,
    gst: totals.gst,
    currencyCode: input.CurrencyCode,
    issueDate: input.IssueDate,
    dueDate: input.DueDate,
    updatedAt: t,
  };
  let id: number;
  if (existingId === null) {
    const [row] = await tx
      .insert(invoices)
      .values({ ...values, isPaid: false, createdAt: t })
      .returning({ id: invoices.id });
    if (!row) throw new Error('invoice not written');
    id = row.id;
  } else {
    id = existingId;
    await tx.update(invoices).set(values).where(eq(invoices.id, id));
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, id));
    await tx.delete(invoiceJobs).where(eq(invoiceJobs.invoiceId, id));
  }
  await tx.insert(invoiceJobs).values(js.map((j) => ({ invoiceId: id, jobId: j.id })));
  await tx.insert(invoiceLineItems).values(
    input.Lines.map((l, i) => ({
      invoiceId: id,
      extStockId: l.ExtStockId,
      description: l.Description,
      quantity: l.Quantity,
      unitPrice: unitPrice(l.Amount, l.Quantity),
      amount: l.Amount,
      gst: totals.lineGst[i]!,
    })),
  );
  const event = existingId === null ? 'issued' : 'updated';
  if (event === 'issued') {
    const href = invoiceSlipHref({ invoiceNumber: input.InvoiceNumber, issueDate: input.IssueDate });
    // The invoice itself, its PDF attached, to the firm's billing contacts (./billing-contacts.ts).
    const told = await enqueueInvoiceMail(tx, { id, input, amount, jobs: js, href });
    // The news of the invoice: the firm's live pages and bells, and the alert e-mail to the users who keep it on,
    // for their jobs (lib/jobs/news.ts, lib/jobs/alerts.ts), less the billing contacts just sent the invoice.
    await publishJobNews(tx, {
      kind: 'invoice.issued',
      invoiceId: id,
      at: t,
      clientId: input.ClientId,
      invoiceNumber: input.InvoiceNumber,
      amount,
      currencyCode: input.CurrencyCode,
      issueDate: input.IssueDate,
      jobIds: js.map((j) => j.id),
      href,
      alreadyTold: told,
    });
  }
  await recordAudit(tx, a, {
    action: `ops.invoice.${event}`,
    clientId: input.ClientId,
    targetType: 'invoice',
    targetId: id,
    details: auditDetails(a, {
      invoiceNumber: input.InvoiceNumber,
      amount,
      gst: totals.gst,
      currencyCode: input.CurrencyCode,
      jobs: input.JobNumbers,
      lines: input.Lines.length,
    }),
  });
  return { id, invoiceNumber: input.InvoiceNumber, clientId: input.ClientId, amount, gst: totals.gst, event };
}

/**
 * Queues the invoice e-mail, with the invoice PDF attached (rendered when it is sent: ./attachments.ts), to each of
 * the firm's billing contacts in the issuing transaction. Answers their addresses.
 */
async function enqueueInvoiceMail(
  tx: Queryable,
  i: {
    id: number;
    input: InvoiceIssue;
    amount: string;
    jobs: readonly { jmsNumber: string; matterReference: string }[];
    href: string;
  },
): Promise<string[]> {
  const contacts = await billingContacts(tx, i.input.ClientId);
  if (!contacts.length) return [];
  const props = {
    invoiceNumber: i.input.InvoiceNumber,
    total: formatMoney(i.amount, i.input.CurrencyCode),
    issueDate: displayCalendarDate(i.input.IssueDate),
    dueDate: i.input.DueDate ? displayCalendarDate(i.input.DueDate) : null,
    jobs: i.jobs.map((j) => `${j.jmsNumber}${j.matterReference ? `, matter ${j.matterReference}` : ''}`),
    href: i.href,
  };
  for (const c of contacts) {
    await enqueueMail(tx, {
      to: c.email,
      kind: INVOICE_MAIL_KIND,
      props: { ...props, firstName: c.firstName },
      attachments: [{ kind: INVOICE_PDF_ATTACHMENT, id: i.id }],
    });
  }
  return contacts.map((c) => c.email);
}

/** The e-mail of a new invoice to the firm's billing contacts. */
export const INVOICE_MAIL_KIND = 'invoice-issued';

/** A write the database refused: a job another invoice billed meanwhile (409 naming it), or a number taken (400). */
async function refused(e: unknown, input: InvoiceIssue): Promise<never> {
  if (isLiveJobClash(e)) {
    const db = await getDb();
    const ids = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.clientId, input.ClientId), inArray(jobs.jmsNumber, input.JobNumbers)));
    const billed = (
      await liveInvoicesOfJobs(
        db,
        ids.map((j) => j.id),
      )
    ).filter((b) => b.invoiceNumber !== input.InvoiceNumber);
    throw billed.length ? alreadyBilled(billed) : new ConflictError(BILLED_MSG.jobsBilled);
  }
  if (isUniqueViolation(e)) throw new ValidationError({ InvoiceNumber: [INVOICE_MSG.numberExists] });
  throw e;
}

/** Issues a new invoice for one or more of a client's jobs. */
export async function issueInvoice(by: Principal, input: InvoiceIssue): Promise<WrittenInvoice> {
  authorise(by);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      if (!input.InvoiceNumber) {
        // The next number of the firm's series, taken in this transaction (./numbers.ts).
        const number = await takeInvoiceNumber(tx, input.ClientId);
        if (!number) throw new ValidationError({ ClientId: [INVOICE_MSG.clientRequired] });
        return write(tx, by, { ...input, InvoiceNumber: number }, null);
      }
      const [taken] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.invoiceNumber, input.InvoiceNumber))
        .limit(1);
      if (taken) throw new ValidationError({ InvoiceNumber: [INVOICE_MSG.numberExists] });
      return write(tx, by, input, null);
    });
  } catch (e) {
    return refused(e, input);
  }
}

/** Creates or replaces the invoice with this number (PUT /api/v1/invoices/{invoiceNumber}). Another client's number is a 409. */
export async function upsertInvoice(by: Principal, input: InvoiceIssue): Promise<WrittenInvoice> {
  authorise(by);
  if (!input.InvoiceNumber) throw new ValidationError({ InvoiceNumber: [FIELD_MSG.required] });
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({
          id: invoices.id,
          clientId: invoices.clientId,
          voidedAt: invoices.voidedAt,
          amountCredited: invoices.amountCredited,
        })
        .from(invoices)
        .where(eq(invoices.invoiceNumber, input.InvoiceNumber))
        .for('update')
        .limit(1);
      if (existing && existing.clientId !== input.ClientId)
        throw new ConflictError(INVOICE_MSG.numberOtherClient, { InvoiceNumber: [INVOICE_MSG.numberOtherClient] });
      // A void or credited invoice stands as issued: its adjustment notes and its void refer to it.
      if (existing && (existing.voidedAt || toCents(existing.amountCredited) > 0n))
        throw new ConflictError(INVOICE_MSG.adjusted, { InvoiceNumber: [INVOICE_MSG.adjusted] });
      return write(tx, by, input, existing?.id ?? null);
    });
  } catch (e) {
    return refused(e, input);
  }
}

/**
 * "Mark paid": the client has paid what is left on the invoice. It is recorded as a payment of that balance,
 * dated today (the staff member's zone), with the reference 'Marked paid by <who>', through the payment service
 * (lib/invoices/payments.ts): so the invoice is Paid by its payments, like any other, and the payment, its
 * receipt e-mail, its payment.received event and the statement of account all follow. Answers whether it changed:
 * paying twice is harmless. An invoice with nothing left to pay (a total of nothing) simply becomes Paid.
 */
export async function markInvoicePaid(by: Principal, invoiceNumber: string): Promise<MarkedPaid> {
  authorise(by);
  const n = invoiceNumber.trim();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .select({
        id: invoices.id,
        clientId: invoices.clientId,
        isPaid: invoices.isPaid,
        amount: invoices.amount,
        amountPaid: invoices.amountPaid,
        amountCredited: invoices.amountCredited,
        currencyCode: invoices.currencyCode,
      })
      .from(invoices)
      .where(eq(invoices.invoiceNumber, n))
      .for('update')
      .limit(1);
    if (!inv) throw new NotFoundError(INVOICE_MSG.notFound);
    const told = { id: inv.id, invoiceNumber: n, currencyCode: inv.currencyCode };
    if (inv.isPaid) return { ...told, changed: false, paymentId: null, recorded: '0.00' };
    const balance = toCents(inv.amount) - toCents(inv.amountPaid) - toCents(inv.amountCredited);
    let paymentId: number | null = null;
    if (balance > 0n) {
      const today = invoiceToday(now(), by.kind === 'user' ? by.actor.timeZone : DEFAULT_TIME_ZONE);
      const reference = `Marked paid by ${principalName(by)}`.slice(0, 100);
      paymentId = (
        await applyPayment(tx, by, {
          InvoiceNumbers: [n],
          PaymentDate: today,
          Amount: fromCents(balance),
          Reference: reference,
        })
      ).paymentId;
    } else {
      const t = now();
      await tx.update(invoices).set({ isPaid: true, paidAt: t, updatedAt: t }).where(eq(invoices.id, inv.id));
    }
    await recordAudit(tx, by, {
      action: 'ops.invoice.paid',
      clientId: inv.clientId,
      targetType: 'invoice',
      targetId: inv.id,
      details: auditDetails(by, { invoiceNumber: n, paymentId }),
    });
    return { ...told, changed: true, paymentId, recorded: fromCents(balance > 0n ? balance : 0n) };
  });
}

export interface MarkedPaid {
  id: number;
  invoiceNumber: string;
  currencyCode: string;
  /** Whether it was not paid before. */
  changed: boolean;
  paymentId: number | null;
  /** The payment recorded: what was left to pay ('0.00' when nothing was). */
  recorded: string;
}

/** The staff's confirmation of "Mark paid", with the amount recorded. */
export function markedPaidSummary(m: MarkedPaid): string {
  if (!m.changed) return `Invoice ${m.invoiceNumber} was already paid: nothing was recorded.`;
  if (!m.paymentId) return `Invoice ${m.invoiceNumber} is marked paid: nothing was left to pay.`;
  return `Invoice ${m.invoiceNumber} is marked paid: a payment of ${formatMoney(m.recorded, m.currencyCode)} has been recorded, dated today, and the client has been sent a receipt.`;
}

export interface StaffInvoiceRow {
  id: number;
  invoiceNumber: string;
  clientId: number;
  clientName: string;
  accountNumber: string;
  jmsNumber: string;
  amount: string;
  currencyCode: string;
  issueDate: string;
  dueDate: string | null;
  /** Nothing is left to pay (paid, credited in full, or void). */
  isPaid: boolean;
  isVoid: boolean;
  /** What payments and adjustment notes have covered so far. */
  amountPaid: string;
  amountCredited: string;
  /** What is left to pay: what "Mark paid" records as a payment. */
  balance: string;
  /** Not paid, with a due date before today in the staff member's zone: the list says Overdue. */
  overdue: boolean;
  payUrl: string | null;
  /** The payments that paid it so far, oldest first: date, what each paid of it, reference. */
  payments: { paymentDate: string; amount: string; reference: string }[];
}

export interface StaffInvoiceQuery {
  /** Invoice number, job number or client name contains. */
  text: string;
  clientId: number | null;
  /**
   * 'unpaid': not paid in full (part paid included, as the /Ops overview counts it); 'part': part paid; 'overdue':
   * unpaid and due before today in the staff member's zone (./overdue.ts); 'paid': nothing left to pay and not void;
   * 'void': voided.
   */
  paid: 'any' | 'paid' | 'unpaid' | 'part' | 'overdue' | 'void';
}

/** The total of every invoice the filter shows (all pages), per currency: the amount and what is still owed. */
export interface StaffInvoiceTotal {
  currencyCode: string;
  count: number;
  amount: string;
  owed: string;
}

/** Every client's invoices for staff, newest first. */
export async function listStaffInvoices(
  actor: Actor,
  q: StaffInvoiceQuery,
  page: Page,
): Promise<ListResult<StaffInvoiceRow> & { totals: StaffInvoiceTotal[] }> {
  const staff = authorize(actor, 'invoices.manage', staffPolicy);
  const db = await getDb();
  const pattern = q.text ? containsPattern(q.text) : null;
  const today = invoiceToday(now(), staff.timeZone);
  const where: SQL | undefined = and(
    q.clientId ? eq(invoices.clientId, q.clientId) : undefined,
    q.paid === 'any' ? undefined : paymentStatusWhere(q.paid, today),
    pattern
      ? or(ilike(invoices.invoiceNumber, pattern), ilike(invoices.jmsNumber, pattern), ilike(clients.name, pattern))
      : undefined,
  );
  const { limit, offset } = limitOffset(page);
  // The count and the totals of every invoice the filter shows, per currency, in one pass.
  const sums = await db
    .select({
      currencyCode: invoices.currencyCode,
      n: count(),
      amount: sql<string>`coalesce(sum(${invoices.amount}), 0)::text`,
      owed: sql<string>`coalesce(sum(${INVOICE_OWED_SQL}), 0)::text`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(where)
    .groupBy(invoices.currencyCode)
    .orderBy(invoices.currencyCode);
  const totals = sums.map((r) => ({
    currencyCode: r.currencyCode,
    count: Number(r.n),
    amount: fromCents(toCents(r.amount)),
    owed: fromCents(toCents(r.owed)),
  }));
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      clientId: invoices.clientId,
      clientName: clients.name,
      accountNumber: clients.accountNumber,
      jmsNumber: invoices.jmsNumber,
      amount: invoices.amount,
      currencyCode: invoices.currencyCode,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      isPaid: invoices.isPaid,
      isVoid: sql<boolean>`${invoices.voidedAt} is not null`.mapWith(Boolean),
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      owed: sql<string>`${INVOICE_OWED_SQL}::text`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(where)
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(limit)
    .offset(offset);
  const paid = await paymentsOfInvoices(
    db,
    rows.filter((r) => toCents(r.amountPaid) > 0n).map((r) => r.id),
  );
  const base = config().PAYMENT_URL;
  const withBalance = rows.map((r) => {
    const { owed, ...row } = r;
    const balance = fromCents(toCents(owed));
    // A part-paid invoice's link asks for what is left (as on its slip).
    const overdue = !row.isPaid && row.dueDate !== null && row.dueDate < today;
    const payments = paid
      .filter((p) => p.invoiceId === row.id)
      .map(({ paymentDate, amount, reference }) => ({ paymentDate, amount, reference }));
    return { ...row, balance, overdue, payUrl: payLinkFor(base, { ...row, amount: balance }), payments };
  });
  const totalCount = totals.reduce((n, t) => n + t.count, 0);
  return { rows: withBalance, totalCount, pageSize: page.size, totals };
}

/** The JMS numbers of an invoice's jobs, in the order given when it was issued (first job first). */
export async function invoiceJobNumbers(actor: Actor, invoiceId: number): Promise<string[]> {
  authorize(actor, 'invoices.manage', staffPolicy);
  const db = await getDb();
  const rows = await db
    .select({ jmsNumber: jobs.jmsNumber })
    .from(invoiceJobs)
    .innerJoin(jobs, eq(jobs.id, invoiceJobs.jobId))
    .where(eq(invoiceJobs.invoiceId, invoiceId))
    .orderBy(asc(jobs.id));
  return rows.map((r) => r.jmsNumber);
}
