/**
 * The SQL side of the invoice list query: the filter conditions (always scoped to one client), the
 * sort columns with a unique tiebreak (the invoice id, same direction) and the keyset condition that
 * continues an export after the last row of a batch.
 */
import { and, asc, between, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invoices, jobs } from '@/db/schema';
import { monthDays } from '@/lib/core/calendar-date';
import { ilikeContains } from '@/lib/lists/contains';
import { issueDateRange, todayIn } from './issue-date';
import { paymentStatusWhere } from './overdue';
import { INVOICE_SORT, NO_JOB_TYPE, type InvoiceListQuery, type InvoiceSortColumn } from './schema';

/** The columns a list row carries. */
export const invoiceColumns = {
  id: invoices.id,
  jobId: invoices.jobId,
  jmsNumber: invoices.jmsNumber,
  matterReference: invoices.matterReference,
  extClientBranchId: invoices.extClientBranchId,
  invoiceNumber: invoices.invoiceNumber,
  amount: invoices.amount,
  currencyCode: invoices.currencyCode,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  isPaid: invoices.isPaid,
  isVoid: sql<boolean>`${invoices.voidedAt} is not null`.mapWith(Boolean),
  amountPaid: invoices.amountPaid,
  amountCredited: invoices.amountCredited,
};

export interface InvoiceListItem {
  id: number;
  jobId: number | null;
  jmsNumber: string;
  matterReference: string;
  extClientBranchId: string | null;
  invoiceNumber: string;
  /** Exact decimal string, two places. */
  amount: string;
  currencyCode: string;
  /** Calendar date yyyy-MM-dd. */
  issueDate: string;
  dueDate: string | null;
  /** Nothing is left to pay (paid, credited in full, or void). */
  isPaid: boolean;
  /** Voided: shown as Void, owes nothing. */
  isVoid: boolean;
  /** What payments and adjustment notes have covered (its status: lib/invoices/status.ts). */
  amountPaid: string;
  amountCredited: string;
}

type SortKey = 'jmsNumber' | 'matterReference' | 'invoiceNumber' | 'amount' | 'issueDate' | 'isPaid';

/** Sort column → the (non-null) column, the row field holding its value, and its SQL type for keyset parameters. */
const SORTS: Record<
  InvoiceSortColumn,
  { column: PgColumn; key: SortKey; type: 'text' | 'numeric' | 'date' | 'boolean' }
> = {
  1: { column: invoices.jmsNumber, key: 'jmsNumber', type: 'text' },
  2: { column: invoices.matterReference, key: 'matterReference', type: 'text' },
  3: { column: invoices.invoiceNumber, key: 'invoiceNumber', type: 'text' },
  4: { column: invoices.amount, key: 'amount', type: 'numeric' },
  5: { column: invoices.issueDate, key: 'issueDate', type: 'date' },
  6: { column: invoices.isPaid, key: 'isPaid', type: 'boolean' },
};

/** Every condition of the query, scoped to the client; `timeZone` and `at` place the issue-date buckets. */
export function invoiceWhere(clientId: number, q: InvoiceListQuery, timeZone: string, at: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(invoices.clientId, clientId),
    ilikeContains(invoices.jmsNumber, q.jmsNumber),
    ilikeContains(invoices.matterReference, q.matterReference),
    ilikeContains(invoices.invoiceNumber, q.invoiceNumber),
  ];
  if (q.amount) conditions.push(between(invoices.amount, q.amount.min, q.amount.max));
  if (q.matterExact) conditions.push(eq(invoices.matterReference, q.matterExact));
  if (q.payment) conditions.push(paymentStatusWhere(q.payment, todayIn(timeZone, at)));
  const range = issueDateRange(q.issueDate, todayIn(timeZone, at));
  if (range?.from) conditions.push(gte(invoices.issueDate, range.from));
  if (range?.to) conditions.push(lte(invoices.issueDate, range.to));
  if (q.issuedFrom) conditions.push(gte(invoices.issueDate, monthDays(q.issuedFrom).first));
  if (q.issuedTo) conditions.push(lte(invoices.issueDate, monthDays(q.issuedTo).last));
  // The order type of the invoice's job (invoices.job_id), as the /Reports page's spend by job type sums it.
  if (q.jobType === NO_JOB_TYPE) conditions.push(isNull(invoices.jobId));
  else if (q.jobType !== undefined)
    conditions.push(
      sql`${invoices.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.clientId} = ${clientId} and ${jobs.orderType} = ${q.jobType})`,
    );
  return and(...conditions);
}

/**
 * ORDER BY the chosen column, then the invoice id in the same direction (a total order). The issue date (the
 * default, newest first) is written to match its index `(client_id, issue_date desc nulls last, id desc nulls
 * last)` in both directions — a plain `desc` means NULLS FIRST and turned page 1 into a sort of every invoice of
 * the client. The columns are NOT NULL, so the order users see is the same.
 */
export function invoiceOrder(q: Pick<InvoiceListQuery, 'sortBy' | 'sortOrder'>): SQL[] {
  if (q.sortBy === INVOICE_SORT.issueDate) {
    const dir = sql.raw(q.sortOrder === 1 ? 'asc nulls first' : 'desc nulls last');
    return [sql`${invoices.issueDate} ${dir}`, sql`${invoices.id} ${dir}`];
  }
  const dir = q.sortOrder === 1 ? asc : desc;
  return [dir(SORTS[q.sortBy].column), dir(invoices.id)];
}

export interface InvoiceCursor {
  value: string | boolean;
  id: number;
}

export function cursorOf(row: InvoiceListItem, sortBy: InvoiceSortColumn): InvoiceCursor {
  return { value: row[SORTS[sortBy].key], id: row.id };
}

/** Rows strictly after the cursor in the list's order (a row-value comparison matching invoiceOrder). */
export function afterCursor(q: Pick<InvoiceListQuery, 'sortBy' | 'sortOrder'>, cursor: InvoiceCursor): SQL {
  const s = SORTS[q.sortBy];
  const op = sql.raw(q.sortOrder === 1 ? '>' : '<');
  return sql`(${s.column}, ${invoices.id}) ${op} (cast(${cursor.value} as ${sql.raw(s.type)}), cast(${cursor.id} as integer))`;
}
