/**
 * Voiding an invoice and issuing adjustment (credit) notes: ONE service for the staff form (/Ops/Invoices/Adjust)
 * and /api/v1 (POST /api/v1/invoices/{invoiceNumber}/void and /credit-notes, GET /api/v1/credit-notes). It takes
 * the Principal that acts: a staff member (policy 'invoices.manage', checked here) or an API key the adapter has
 * already authorised, named in the audit row. docs/decisions/042-void-and-adjustment-notes.md.
 *
 * - `voidInvoice`: an issued invoice with no payment and no adjustment note is voided with a reason. It owes
 *   nothing from then on (`is_paid` reads "nothing is left to pay"), its jobs may be billed again, and the event
 *   invoice.voided follows (trigger of migration 0035).
 * - `issueCreditNote`: credits all or part of an invoice, up to what is not yet credited (its total less earlier
 *   adjustment notes), whether or not it has been paid: a credit on a paid invoice leaves the firm in credit. The
 *   note has its own number (the firm's `CN-` series), the GST in it in proportion to the invoice's, a PDF, a ledger
 *   row (`credit_notes`) and the event credit_note.issued. An invoice credited in full frees its jobs.
 * Each is one transaction with its audit row and the e-mail to the firm's billing contacts (the adjustment note's
 * PDF attached); the invoice row is locked, so two adjustments at once cannot both take the same amount.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { getDb, rowsOf, type Queryable } from '@/db/client';
import { clients, creditNoteNumberSeries, creditNotes, invoiceJobs, invoices } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@/lib/core/errors';
import { apiKeyName, type Principal } from '@/lib/core/principal';
import { isStaffRole, staffPolicy } from '@/lib/core/staff-policy';
import { tenantOf } from '@/lib/core/tenancy';
import { displayCalendarDate } from '@/lib/display-date';
import { DEFAULT_TIME_ZONE } from '@/lib/jobs/lookups';
import { enqueueMail } from '@/lib/mail/outbox';
import { billingContactEmails } from './billing-contacts';
import { CREDIT_MSG, type CreditNoteForm, type VoidInvoiceForm } from './credit-note-schema';
import { fromCents, toCents } from './gst';
import { invoiceSlipHref } from './links';
import { formatMoney } from './money';
import { formatInvoiceNumber, numberPattern, type NumberPattern } from './numbers';
import { invoiceToday } from './overdue';
import { getSupplier, type Supplier } from './supplier';

/** The adjustment notes' number format: `{account}` is the firm's account number, `{n}` the next of its series. */
export const CREDIT_NOTE_NUMBER_FORMAT = 'CN-{account}-{n}';

function authorise(by: Principal): void {
  if (by.kind === 'user') authorize(by.actor, 'invoices.manage', staffPolicy);
  else if (by.kind === 'anonymous') throw new ForbiddenError();
}

function auditDetails(by: Principal, d: Record<string, unknown>): Record<string, unknown> {
  if (by.kind === 'api-key') return { ...d, actor: apiKeyName(by.key) };
  return by.kind === 'system' ? { ...d, actor: by.name } : d;
}

const lockedInvoice = {
  id: invoices.id,
  clientId: invoices.clientId,
  invoiceNumber: invoices.invoiceNumber,
  issueDate: invoices.issueDate,
  amount: invoices.amount,
  gst: invoices.gst,
  amountPaid: invoices.amountPaid,
  amountCredited: invoices.amountCredited,
  currencyCode: invoices.currencyCode,
  isPaid: invoices.isPaid,
  voidedAt: invoices.voidedAt,
};

async function lockInvoice(tx: Queryable, invoiceNumber: string) {
  const [inv] = await tx
    .select(lockedInvoice)
    .from(invoices)
    .where(eq(invoices.invoiceNumber, invoiceNumber))
    .for('update')
    .limit(1);
  if (!inv) throw new NotFoundError(CREDIT_MSG.notFound);
  return inv;
}

/** The invoice's jobs may go on another invoice (the one-live-invoice rule of migration 0031). */
async function freeJobs(tx: Queryable, invoiceId: number): Promise<void> {
  await tx.update(invoiceJobs).set({ live: false }).where(eq(invoiceJobs.invoiceId, invoiceId));
}

export interface VoidedInvoice {
  invoiceNumber: string;
  clientId: number;
  voidedAt: Date;
  reason: string;
  mailsQueued: number;
}

/** Voids an issued invoice that has no payment and no adjustment note. */
export async function voidInvoice(by: Principal, form: VoidInvoiceForm): Promise<VoidedInvoice> {
  authorise(by);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, form.InvoiceNumber);
    if (inv.voidedAt) throw new ConflictError(CREDIT_MSG.void(inv.invoiceNumber));
    if (toCents(inv.amountPaid) > 0n) throw new ConflictError(CREDIT_MSG.hasPayment(inv.invoiceNumber));
    if (toCents(inv.amountCredited) > 0n) throw new ConflictError(CREDIT_MSG.hasCredit(inv.invoiceNumber));
    const t = now();
    await tx
      .update(invoices)
      .set({ voidedAt: t, voidReason: form.Reason, isPaid: true, updatedAt: t })
      .where(eq(invoices.id, inv.id));
    await freeJobs(tx, inv.id);
    await recordAudit(tx, by, {
      action: 'ops.invoice.voided',
      clientId: inv.clientId,
      targetType: 'invoice',
      targetId: inv.id,
      details: auditDetails(by, { invoiceNumber: inv.invoiceNumber, reason: form.Reason }),
    });
    const to = await billingContactEmails(tx, inv.clientId);
    for (const address of to) {
      await enqueueMail(tx, {
        to: address,
        kind: 'invoice-voided',
        props: {
          invoiceNumber: inv.invoiceNumber,
          amount: formatMoney(inv.amount, inv.currencyCode),
          issueDate: displayCalendarDate(inv.issueDate),
          reason: form.Reason,
          href: invoiceSlipHref(inv),
        },
      });
    }
    return {
      invoiceNumber: inv.invoiceNumber,
      clientId: inv.clientId,
      voidedAt: t,
      reason: form.Reason,
      mailsQueued: to.length,
    };
  });
}

/** The GST in a credit: the invoice's GST in proportion, half up; the last credit takes exactly what GST is left. */
export function creditGstCents(
  creditCents: bigint,
  invoice: { amountCents: bigint; gstCents: bigint; creditedCents: bigint; creditedGstCents: bigint },
): bigint {
  const leftAmount = invoice.amountCents - invoice.creditedCents;
  const leftGst = invoice.gstCents - invoice.creditedGstCents;
  if (creditCents >= leftAmount) return leftGst < 0n ? 0n : leftGst;
  if (invoice.amountCents <= 0n) return 0n;
  const g = (creditCents * invoice.gstCents * 2n + invoice.amountCents) / (invoice.amountCents * 2n);
  return g > leftGst ? (leftGst < 0n ? 0n : leftGst) : g;
}

async function highestCreditNote(q: Queryable, clientId: number, p: NumberPattern): Promise<number> {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const re = `^${esc(p.prefix)}([0-9]{1,15})${esc(p.suffix)}$`;
  const [row] = rowsOf<{ n: string | null }>(
    await q.execute(
      sql`select max(substring(${creditNotes.creditNoteNumber} from ${re})::bigint)::text as n from ${creditNotes}
          where ${creditNotes.clientId} = ${clientId} and ${creditNotes.creditNoteNumber} ~ ${re}`,
    ),
  );
  return row?.n ? Number(row.n) : 0;
}

/**
 * The next number of the firm's adjustment-note series, inside the issuing transaction (its series row stays
 * locked until the transaction ends, and a rolled-back issue gives its number back): no gaps, no repeats.
 */
export async function takeCreditNoteNumber(tx: Queryable, clientId: number, accountNumber: string): Promise<string> {
  const p = numberPattern(CREDIT_NOTE_NUMBER_FORMAT, accountNumber);
  const [have] = await tx
    .select({ n: creditNoteNumberSeries.lastNumber })
    .from(creditNoteNumberSeries)
    .where(eq(creditNoteNumberSeries.clientId, clientId))
    .limit(1);
  if (!have) {
    await tx
      .insert(creditNoteNumberSeries)
      .values({ clientId, lastNumber: await highestCreditNote(tx, clientId, p) })
      .onConflictDoNothing();
  }
  for (;;) {
    const [row] = await tx
      .update(creditNoteNumberSeries)
      .set({ lastNumber: sql`${creditNoteNumberSeries.lastNumber} + 1`, updatedAt: now() })
      .where(eq(creditNoteNumberSeries.clientId, clientId))
      .returning({ n: creditNoteNumberSeries.lastNumber });
    if (!row) throw new Error('credit note number series not written');
    const candidate = formatInvoiceNumber(p, Number(row.n));
    const [used] = await tx
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(eq(creditNotes.creditNoteNumber, candidate))
      .limit(1);
    if (!used) return candidate;
  }
}

/** An adjustment note with what its PDF shows. */
export interface CreditNoteDocument {
  creditNoteNumber: string;
  issueDate: string;
  amount: string;
  gst: string;
  currencyCode: string;
  reason: string;
  invoiceNumber: string;
  invoiceIssueDate: string;
  invoiceAmount: string;
  client: { name: string; accountNumber: string };
  supplier: Supplier;
}

export interface IssuedCreditNote {
  creditNoteNumber: string;
  invoiceNumber: string;
  clientId: number;
  issueDate: string;
  amount: string;
  gst: string;
  currencyCode: string;
  reason: string;
  /** The invoice after the note: what its notes have credited, and what it still owes. */
  amountCredited: string;
  balance: string;
  mailsQueued: number;
}

export function creditNotePdfName(creditNoteNumber: string): string {
  return `Adjustment-note-${creditNoteNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

/** Issues an adjustment note against an issued invoice that is not void. */
export async function issueCreditNote(by: Principal, form: CreditNoteForm): Promise<IssuedCreditNote> {
  authorise(by);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, form.InvoiceNumber);
    if (inv.voidedAt) throw new ConflictError(CREDIT_MSG.void(inv.invoiceNumber));
    const amountCents = toCents(inv.amount);
    const creditedCents = toCents(inv.amountCredited);
    const left = amountCents - creditedCents;
    if (left <= 0n) throw new ConflictError(CREDIT_MSG.fullyCredited(inv.invoiceNumber));
    const credit = toCents(form.Amount);
    if (credit > left)
      throw new ValidationError({ Amount: [CREDIT_MSG.tooMuch(formatMoney(fromCents(left), inv.currencyCode))] });
    const [prior] = await tx
      .select({ gst: sql<string>`coalesce(sum(${creditNotes.gst}), 0)::text` })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, inv.id));
    const gst = creditGstCents(credit, {
      amountCents,
      gstCents: toCents(inv.gst),
      creditedCents,
      creditedGstCents: toCents(prior?.gst ?? '0'),
    });
    const [client] = await tx
      .select({ name: clients.name, accountNumber: clients.accountNumber })
      .from(clients)
      .where(eq(clients.id, inv.clientId))
      .limit(1);
    if (!client) throw new NotFoundError(CREDIT_MSG.notFound);
    const number = await takeCreditNoteNumber(tx, inv.clientId, client.accountNumber);
    const t = now();
    const issueDate = invoiceToday(t, by.kind === 'user' ? by.actor.timeZone : DEFAULT_TIME_ZONE);
    // The invoice first: the note's credit_note.issued event (its insert trigger) tells what is credited with it.
    const newCredited = creditedCents + credit;
    const owed = amountCents - toCents(inv.amountPaid) - newCredited;
    // Payments and notes together reach the total: nothing is left to pay.
    const settles = !inv.isPaid && owed <= 0n;
    await tx
      .update(invoices)
      .set({ amountCredited: fromCents(newCredited), updatedAt: t, ...(settles ? { isPaid: true } : {}) })
      .where(eq(invoices.id, inv.id));
    const [note] = await tx
      .insert(creditNotes)
      .values({
        clientId: inv.clientId,
        invoiceId: inv.id,
        creditNoteNumber: number,
        issueDate,
        amount: fromCents(credit),
        gst: fromCents(gst),
        currencyCode: inv.currencyCode,
        reason: form.Reason,
        createdByUserId: by.kind === 'user' ? by.actor.userId : null,
        createdAt: t,
      })
      .returning({ id: creditNotes.id });
    if (!note) throw new Error('credit note not written');
    if (newCredited >= amountCents) await freeJobs(tx, inv.id);
    await recordAudit(tx, by, {
      action: 'ops.credit_note.issued',
      clientId: inv.clientId,
      targetType: 'credit_note',
      targetId: note.id,
      details: auditDetails(by, {
        creditNoteNumber: number,
        invoiceNumber: inv.invoiceNumber,
        amount: fromCents(credit),
        gst: fromCents(gst),
        reason: form.Reason,
      }),
    });
    const to = await billingContactEmails(tx, inv.clientId);
    if (to.length) {
      const money = (v: string) => formatMoney(v, inv.currencyCode);
      for (const address of to) {
        await enqueueMail(tx, {
          to: address,
          kind: 'credit-note',
          props: {
            creditNoteNumber: number,
            invoiceNumber: inv.invoiceNumber,
            amount: money(fromCents(credit)),
            gst: money(fromCents(gst)),
            reason: form.Reason,
            href: invoiceSlipHref(inv),
          },
          // The adjustment note's PDF, rendered from its committed row when the message is sent.
          attachments: [{ kind: CREDIT_NOTE_PDF_ATTACHMENT, id: note.id }],
        });
      }
    }
    return {
      creditNoteNumber: number,
      invoiceNumber: inv.invoiceNumber,
      clientId: inv.clientId,
      issueDate,
      amount: fromCents(credit),
      gst: fromCents(gst),
      currencyCode: inv.currencyCode,
      reason: form.Reason,
      amountCredited: fromCents(newCredited),
      balance: fromCents(owed > 0n ? owed : 0n),
      mailsQueued: to.length,
    };
  });
}

/** The attachment kind of an adjustment note's PDF (./attachments.ts), by credit note id. */
export const CREDIT_NOTE_PDF_ATTACHMENT = 'credit-note-pdf';

/** An adjustment note's document by its number: a client user's own firm's only (another's answers null), staff any. */
export async function getCreditNoteDocument(
  actor: Actor,
  creditNoteNumber: string,
): Promise<CreditNoteDocument | null> {
  const clientId = isStaffRole(actor.role) ? null : tenantOf(actor);
  if (clientId === null) authorize(actor, 'invoices.manage', staffPolicy);
  const db = await getDb();
  return creditNoteDocumentWhere(
    db,
    and(
      eq(creditNotes.creditNoteNumber, creditNoteNumber.trim()),
      clientId === null ? undefined : eq(creditNotes.clientId, clientId),
    ),
  );
}

/** An adjustment note's document by its id, for the PDF its e-mail carries (addressed in the issuing transaction). */
export function creditNoteDocumentById(q: Queryable, id: number): Promise<CreditNoteDocument | null> {
  return creditNoteDocumentWhere(q, eq(creditNotes.id, id));
}

async function creditNoteDocumentWhere(q: Queryable, where: SQL | undefined): Promise<CreditNoteDocument | null> {
  const [row] = await q
    .select({
      creditNoteNumber: creditNotes.creditNoteNumber,
      issueDate: creditNotes.issueDate,
      amount: creditNotes.amount,
      gst: creditNotes.gst,
      currencyCode: creditNotes.currencyCode,
      reason: creditNotes.reason,
      invoiceNumber: invoices.invoiceNumber,
      invoiceIssueDate: invoices.issueDate,
      invoiceAmount: invoices.amount,
      clientName: clients.name,
      accountNumber: clients.accountNumber,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, creditNotes.clientId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const { clientName, accountNumber, ...note } = row;
  return { ...note, client: { name: clientName, accountNumber }, supplier: await getSupplier(q) };
}

export interface CreditNoteListItem {
  id: number;
  creditNoteNumber: string;
  invoiceNumber: string;
  clientId: number;
  issueDate: string;
  amount: string;
  gst: string;
  currencyCode: string;
  reason: string;
  createdAt: Date;
}

export interface CreditNoteFilter {
  clientId?: number | undefined;
  invoiceNumber?: string | undefined;
  /** Notes after this one (its id), for the next page. */
  after?: number | undefined;
  limit: number;
}

/** Adjustment notes in the order issued (for /api/v1, whose adapter authorised the key). */
export async function listCreditNotes(by: Principal, f: CreditNoteFilter): Promise<CreditNoteListItem[]> {
  authorise(by);
  const db = await getDb();
  return db
    .select({
      id: creditNotes.id,
      creditNoteNumber: creditNotes.creditNoteNumber,
      invoiceNumber: invoices.invoiceNumber,
      clientId: creditNotes.clientId,
      issueDate: creditNotes.issueDate,
      amount: creditNotes.amount,
      gst: creditNotes.gst,
      currencyCode: creditNotes.currencyCode,
      reason: creditNotes.reason,
      createdAt: creditNotes.createdAt,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(
      and(
        f.clientId === undefined ? undefined : eq(creditNotes.clientId, f.clientId),
        f.invoiceNumber === undefined ? undefined : eq(invoices.invoiceNumber, f.invoiceNumber),
        f.after === undefined ? undefined : gt(creditNotes.id, f.after),
      ),
    )
    .orderBy(asc(creditNotes.id))
    .limit(f.limit);
}

/** What the staff form shows about an invoice before a void or an adjustment note (null when unknown). */
export interface AdjustableInvoice {
  invoiceNumber: string;
  clientName: string;
  currencyCode: string;
  amount: string;
  amountPaid: string;
  amountCredited: string;
  /** What may still be credited: the total less earlier adjustment notes. */
  creditable: string;
  isVoid: boolean;
  voidReason: string | null;
  /** No payment and no adjustment note: the invoice may be voided. */
  canVoid: boolean;
  creditNotes: { creditNoteNumber: string; issueDate: string; amount: string; gst: string; reason: string }[];
}

export async function adjustableInvoice(actor: Actor, invoiceNumber: string): Promise<AdjustableInvoice | null> {
  authorize(actor, 'invoices.manage', staffPolicy);
  const db = await getDb();
  const [inv] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      clientName: clients.name,
      currencyCode: invoices.currencyCode,
      amount: invoices.amount,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      voidedAt: invoices.voidedAt,
      voidReason: invoices.voidReason,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(eq(invoices.invoiceNumber, invoiceNumber.trim()))
    .limit(1);
  if (!inv) return null;
  const notes = await db
    .select({
      creditNoteNumber: creditNotes.creditNoteNumber,
      issueDate: creditNotes.issueDate,
      amount: creditNotes.amount,
      gst: creditNotes.gst,
      reason: creditNotes.reason,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, inv.id))
    .orderBy(asc(creditNotes.id));
  const isVoid = inv.voidedAt !== null;
  return {
    invoiceNumber: inv.invoiceNumber,
    clientName: inv.clientName,
    currencyCode: inv.currencyCode,
    amount: inv.amount,
    amountPaid: inv.amountPaid,
    amountCredited: inv.amountCredited,
    creditable: fromCents(toCents(inv.amount) - toCents(inv.amountCredited)),
    isVoid,
    voidReason: inv.voidReason,
    canVoid: !isVoid && toCents(inv.amountPaid) === 0n && notes.length === 0,
    creditNotes: notes,
  };
}
