/**
 * Invoices (spec §1, §3, §7): the list with its filters, sort and paging; the streamed export of
 * exactly that list; the invoice slip by invoice number (and issue date) or by job number, with its
 * line items, totals, the sheets-of-paper total (stock code EZ999) and the pay link.
 * Every query is scoped to the actor's client: another client's invoice answers like a missing one.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { clients, creditNotes, invoiceCounts, invoiceJobs, invoiceLineItems, invoices, jobs } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import { authorize } from '@/lib/core/authorize';
import { staffPolicy } from '@/lib/core/staff-policy';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { ForbiddenError } from '@/lib/core/errors';
import { inBatches } from '@/lib/lists/csv';
import { limitOffset, pageClause, type ListResult, type Page } from '@/lib/lists/paging';
import { preparedFor } from '@/lib/lists/prepared';
import { SHEETS_STOCK_CODE } from '@/lib/reference';
import { sumDecimals } from './money';
import { fromCents, toCents } from './gst';
import { INVOICE_OWED_SQL } from './ledger';
import { paymentsOfInvoices } from './payments';
import { getSupplier, type Supplier } from './supplier';
import { payLinkFor } from './pay-link';
import { todayIn } from './issue-date';
import {
  afterCursor,
  cursorOf,
  invoiceColumns,
  invoiceOrder,
  invoiceWhere,
  type InvoiceCursor,
  type InvoiceListItem,
} from './query';
import type { InvoiceListQuery } from './schema';

export type { InvoiceListItem } from './query';

/**
 * A list row with its pay link (null when paid or when no payments page is configured), what is left to pay, and
 * whether it is overdue (unpaid, due before today in the user's zone: the Status filter's Overdue).
 */
export type InvoiceRow = InvoiceListItem & { payUrl: string | null; owed: string; overdue: boolean };

export interface InvoiceLine {
  id: number;
  extStockId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  /** Before GST. */
  amount: string;
  gst: string;
}

export interface InvoiceSlip {
  invoice: InvoiceListItem;
  client: { name: string; accountNumber: string };
  lines: InvoiceLine[];
  /** Sum of the line amounts (before GST). */
  linesTotal: string;
  /** The invoice's GST and what payments have covered. */
  gst: string;
  amountPaid: string;
  /** What is left to pay (lib/invoices/ledger-model.ts owedOf). */
  balance: string;
  /** The payments that paid it, oldest first: date, what each paid of this invoice, reference. */
  payments: { paymentDate: string; amount: string; reference: string }[];
  /** What adjustment notes have credited, and the notes themselves, oldest first. */
  amountCredited: string;
  creditNotes: { creditNoteNumber: string; issueDate: string; amount: string; gst: string; reason: string }[];
  /** Why the invoice was voided (null unless void). */
  voidReason: string | null;
  supplier: Supplier;
  /** Sheets of paper: the sum of the quantities of the lines with stock code EZ999 (spec §9). */
  sheetsTotal: string;
  payUrl: string | null;
  /** Every job the invoice is for, with its matter, in the order issued (the first is the invoice's own). */
  jobs: { jmsNumber: string; matterReference: string }[];
}

export const EXPORT_BATCH_SIZE = 500;
/** A job has a handful of invoices at most; the slip by job number shows at most this many. */
const MAX_SLIPS_PER_JOB = 50;

async function clientAccount(clientId: number): Promise<{ name: string; accountNumber: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ name: clients.name, accountNumber: clients.accountNumber })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) throw new ForbiddenError();
  return row;
}

/**
 * A row of the list with its pay link, its fields copied one by one: on Node 20 an object spread followed by a
 * property (`{ ...row, payUrl }`) leaves V8's fast path, ~1.5 µs per object against ~0.01 µs, and the three of
 * them per row were a tenth of the legacy invoice list's Node time.
 */
function withPayLink(r: InvoiceListItem & { owed: string }, accountNumber: string, today: string): InvoiceRow {
  const { invoiceNumber, amount, jmsNumber, isPaid } = r;
  return {
    id: r.id,
    jobId: r.jobId,
    jmsNumber,
    matterReference: r.matterReference,
    extClientBranchId: r.extClientBranchId,
    invoiceNumber,
    amount,
    currencyCode: r.currencyCode,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    isPaid,
    isVoid: r.isVoid,
    amountPaid: r.amountPaid,
    amountCredited: r.amountCredited,
    // A part-paid invoice's link asks for what is left (as on its slip).
    payUrl: payLinkFor(config().PAYMENT_URL, { invoiceNumber, amount: r.owed, jmsNumber, accountNumber, isPaid }),
    owed: r.owed,
    overdue: !isPaid && r.dueDate !== null && r.dueDate < today,
  };
}

/** No filter: the list is all of the client's invoices, and its total is in the counters. */
function unfiltered(q: InvoiceListQuery): boolean {
  return (
    !q.jmsNumber &&
    !q.matterReference &&
    !q.invoiceNumber &&
    !q.amount &&
    q.issueDate === 0 &&
    !q.payment &&
    !q.matterExact &&
    !q.issuedFrom &&
    !q.issuedTo &&
    q.jobType === undefined
  );
}

/** What is left to pay on a row (its pay link's amount): what the ledger says it owes. */
const owedOf = sql<string>`${INVOICE_OWED_SQL}::text`;

/** The client's account number (for pay links), read with the rows: a primary-key probe evaluated once. */
const accountNumberOf = (clientId: number) =>
  sql<string>`(select ${clients.accountNumber} from ${clients} where ${clients.id} = ${clientId})`;

/**
 * The page of an unfiltered list in one sort, as a prepared statement (built once per database and sort, then
 * only bound): the rows, the client's account number and the exact total from `invoice_counts` (kept by
 * triggers; docs/decisions/008-job-list-counting.md), each an uncorrelated subquery evaluated once.
 */
function unfilteredPage(db: Db, q: InvoiceListQuery, limit: number, offset: number) {
  const page = pageClause(limit, offset);
  return preparedFor('invoices', db, `${q.sortBy}|${q.sortOrder}|${page.key}`, () => {
    const clientId = sql.placeholder('clientId') as unknown as number;
    const total = sql<number>`(select coalesce(sum(${invoiceCounts.n}), 0)::int from ${invoiceCounts} where ${invoiceCounts.clientId} = ${clientId})`;
    return db
      .select({
        ...invoiceColumns,
        owed: owedOf,
        accountNumber: accountNumberOf(clientId),
        total: total.mapWith(Number),
      })
      .from(invoices)
      .where(eq(invoices.clientId, clientId))
      .orderBy(...invoiceOrder(q))
      .limit(page.limit)
      .offset(page.offset)
      .prepare('invoice_list_page');
  });
}

/**
 * One page of the client's invoices matching the query, in the query's order, with the number of invoices that
 * match: the counters' exact total for the unfiltered list (in the rows' statement), the page itself when it is
 * short, otherwise an exact count of the filter (a client's invoices number in the tens of thousands at most).
 */
export async function listInvoices(actor: Actor, query: InvoiceListQuery, page: Page): Promise<ListResult<InvoiceRow>> {
  const clientId = tenantOf(actor);
  const db = await getDb();
  const { limit, offset } = limitOffset(page);
  let found: (InvoiceListItem & { owed: string; accountNumber: string; total?: number })[];
  let where: SQL | undefined;
  if (unfiltered(query)) {
    found = await unfilteredPage(db, query, limit, offset).execute({ clientId, limit, offset });
  } else {
    where = invoiceWhere(clientId, query, actor.timeZone, now());
    found = await db
      .select({ ...invoiceColumns, owed: owedOf, accountNumber: accountNumberOf(clientId) })
      .from(invoices)
      .where(where)
      .orderBy(...invoiceOrder(query))
      .limit(limit)
      .offset(offset);
  }
  const counted = found[0]?.total;
  const totalCount =
    counted !== undefined
      ? counted
      : // A short page that is not empty is the last one: it tells the total without counting.
        found.length < limit && (found.length > 0 || offset === 0)
        ? offset + found.length
        : ((
            await db
              .select({ n: count() })
              .from(invoices)
              .where(where ?? invoiceWhere(clientId, query, actor.timeZone, now()))
          )[0]?.n ?? 0);
  const today = todayIn(actor.timeZone, now());
  const rows = found.map((r) => withPayLink(r, r.accountNumber, today));
  return { rows, totalCount, pageSize: page.size };
}

/**
 * Every invoice of the query in the query's order, read in keyset batches so memory stays constant
 * however long the list is. The filters are fixed when called (the issue-date buckets use now()).
 */
export function exportInvoices(
  actor: Actor,
  query: InvoiceListQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<InvoiceListItem> {
  const clientId = tenantOf(actor);
  const where = invoiceWhere(clientId, query, actor.timeZone, now());
  return inBatches<InvoiceListItem, InvoiceCursor>(async (cursor) => {
    const db = await getDb();
    const rows = await db
      .select(invoiceColumns)
      .from(invoices)
      .where(cursor ? and(where, afterCursor(query, cursor)) : where)
      .orderBy(...invoiceOrder(query))
      .limit(batchSize);
    const last = rows.at(-1);
    return { rows, next: last && rows.length === batchSize ? cursorOf(last, query.sortBy) : undefined };
  });
}

async function slipsOf(clientId: number, found: InvoiceListItem[]): Promise<InvoiceSlip[]> {
  if (found.length === 0) return [];
  const db = await getDb();
  const client = await clientAccount(clientId);
  const lines = await db
    .select({
      id: invoiceLineItems.id,
      invoiceId: invoiceLineItems.invoiceId,
      extStockId: invoiceLineItems.extStockId,
      description: invoiceLineItems.description,
      quantity: invoiceLineItems.quantity,
      unitPrice: invoiceLineItems.unitPrice,
      amount: invoiceLineItems.amount,
      gst: invoiceLineItems.gst,
    })
    .from(invoiceLineItems)
    .where(
      inArray(
        invoiceLineItems.invoiceId,
        found.map((i) => i.id),
      ),
    )
    .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.id));
  const money = await db
    .select({
      id: invoices.id,
      gst: invoices.gst,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      voidReason: invoices.voidReason,
      owed: owedOf,
    })
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        found.map((i) => i.id),
      ),
    );
  const linked = await db
    .select({ invoiceId: invoiceJobs.invoiceId, jmsNumber: jobs.jmsNumber, matterReference: jobs.matterReference })
    .from(invoiceJobs)
    .innerJoin(jobs, eq(jobs.id, invoiceJobs.jobId))
    .where(
      inArray(
        invoiceJobs.invoiceId,
        found.map((i) => i.id),
      ),
    )
    .orderBy(asc(invoiceJobs.invoiceId), asc(jobs.id));
  const credits = await db
    .select({
      invoiceId: creditNotes.invoiceId,
      creditNoteNumber: creditNotes.creditNoteNumber,
      issueDate: creditNotes.issueDate,
      amount: creditNotes.amount,
      gst: creditNotes.gst,
      reason: creditNotes.reason,
    })
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.clientId, clientId),
        inArray(
          creditNotes.invoiceId,
          found.map((i) => i.id),
        ),
      ),
    )
    .orderBy(asc(creditNotes.id));
  const paid = await paymentsOfInvoices(
    db,
    found.map((i) => i.id),
  );
  const supplier = await getSupplier(db);
  return found.map((invoice) => {
    const ofInvoice = linked
      .filter((j) => j.invoiceId === invoice.id)
      .map((j) => ({ jmsNumber: j.jmsNumber, matterReference: j.matterReference }));
    // The invoice's own job first; an older invoice with no links names its one job.
    const named = [
      { jmsNumber: invoice.jmsNumber, matterReference: invoice.matterReference },
      ...ofInvoice.filter((j) => j.jmsNumber !== invoice.jmsNumber),
    ];
    const own = lines.filter((l) => l.invoiceId === invoice.id).map(({ invoiceId: _, ...l }) => l);
    const m = money.find((r) => r.id === invoice.id);
    const amountPaid = m?.amountPaid ?? '0.00';
    const amountCredited = m?.amountCredited ?? '0.00';
    const balance = m ? fromCents(toCents(m.owed)) : invoice.amount;
    return {
      invoice,
      client,
      lines: own,
      linesTotal: sumDecimals(own.map((l) => l.amount)),
      gst: m?.gst ?? '0.00',
      amountPaid,
      balance,
      amountCredited,
      creditNotes: credits.filter((c) => c.invoiceId === invoice.id).map(({ invoiceId: _, ...c }) => c),
      voidReason: m?.voidReason ?? null,
      payments: paid
        .filter((p) => p.invoiceId === invoice.id)
        .map(({ paymentDate, amount, reference }) => ({ paymentDate, amount, reference })),
      supplier,
      sheetsTotal: sumDecimals(
        own.filter((l) => l.extStockId.trim().toUpperCase() === SHEETS_STOCK_CODE).map((l) => l.quantity),
      ),
      // A part-paid invoice's link asks for what is left.
      payUrl: payLinkFor(config().PAYMENT_URL, { ...invoice, amount: balance, accountNumber: client.accountNumber }),
      jobs: named,
    };
  });
}

/**
 * The slip of the client's invoice with this number; when `issueDate` (yyyy-MM-dd) is given it must
 * be the invoice's issue date too. Unknown numbers and other clients' invoices answer null.
 */
export async function getInvoiceSlip(
  actor: Actor,
  invoiceNumber: string,
  issueDate?: string,
): Promise<InvoiceSlip | null> {
  const clientId = tenantOf(actor);
  const number = invoiceNumber.trim();
  if (!number) return null;
  const db = await getDb();
  const found = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        eq(invoices.invoiceNumber, number),
        issueDate ? eq(invoices.issueDate, issueDate) : undefined,
      ),
    )
    .limit(1);
  const [slip] = await slipsOf(clientId, found);
  return slip ?? null;
}

/** The slips of the client's invoices of a job (by JMS number), newest first; [] when there are none. */
export async function getInvoiceSlipsByJob(actor: Actor, jmsNumber: string): Promise<InvoiceSlip[]> {
  const clientId = tenantOf(actor);
  const number = jmsNumber.trim();
  if (!number) return [];
  const db = await getDb();
  const found = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, clientId),
        // The invoice's first job, or any job of a several-job invoice (invoice_jobs).
        or(
          eq(invoices.jmsNumber, number),
          inArray(
            invoices.id,
            db
              .select({ id: invoiceJobs.invoiceId })
              .from(invoiceJobs)
              .innerJoin(jobs, eq(jobs.id, invoiceJobs.jobId))
              .where(and(eq(jobs.clientId, clientId), eq(jobs.jmsNumber, number))),
          ),
        ),
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(MAX_SLIPS_PER_JOB);
  return slipsOf(clientId, found);
}

/** Any client's invoice by number, for staff (policy invoices.manage): its PDF from /Ops/Invoices. Null when unknown. */
export async function getInvoiceSlipForStaff(actor: Actor, invoiceNumber: string): Promise<InvoiceSlip | null> {
  authorize(actor, 'invoices.manage', staffPolicy);
  const number = invoiceNumber.trim();
  if (!number) return null;
  const db = await getDb();
  const found = await db
    .select({ ...invoiceColumns, clientId: invoices.clientId })
    .from(invoices)
    .where(eq(invoices.invoiceNumber, number))
    .limit(1);
  const [first] = found;
  if (!first) return null;
  const { clientId, ...row } = first;
  const [slip] = await slipsOf(clientId, [row]);
  return slip ?? null;
}

/**
 * An invoice's slip by its id, for no actor: the background work that renders the invoice PDF attached to the
 * firm's own billing mail (lib/invoices/attachments.ts). Null when there is no such invoice.
 */
export async function getInvoiceSlipById(invoiceId: number): Promise<InvoiceSlip | null> {
  const db = await getDb();
  const [first] = await db
    .select({ ...invoiceColumns, clientId: invoices.clientId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  if (!first) return null;
  const { clientId, ...row } = first;
  const [slip] = await slipsOf(clientId, [row]);
  return slip ?? null;
}
