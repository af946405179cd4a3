/**
 * Presenters: the PascalCase shapes of the legacy api/Invoice/* callers (spec §3, §7), and the
 * columns of Invoices.csv. No rules here, only shapes.
 */
import { ISSUE_DATE_FILTERS } from '@/lib/invoices/schema';
import type { InvoiceLine, InvoiceListItem, InvoiceRow, InvoiceSlip } from '@/lib/invoices/service';
import type { ListResult } from '@/lib/lists/paging';
import type { z } from 'zod';
import type { invoiceLineItemAnswer, invoiceModelAnswer } from './answers';
import { displayCalendarDate } from '@/lib/display-date';

/** The invoice and line item shapes are declared once, as the zod schemas of the OpenAPI document. */
export type InvoiceModel = z.output<typeof invoiceModelAnswer>;

export type InvoiceLineItemModel = z.output<typeof invoiceLineItemAnswer>;

export function presentInvoice(i: InvoiceListItem): InvoiceModel {
  return {
    JMSNumber: i.jmsNumber,
    ExtClientBranchId: i.extClientBranchId,
    InvoiceNumber: i.invoiceNumber,
    Amount: Number(i.amount),
    CurrencyCode: i.currencyCode,
    MatterReference: i.matterReference,
    IssueDate: i.issueDate,
    DueDate: i.dueDate,
    IsPaid: i.isPaid,
  };
}

/** Answer of POST api/Invoice/InvoiceList/CurrentPage/{page}/PageSize/{size}. */
export function presentInvoiceList(r: ListResult<InvoiceRow>) {
  return {
    // Not `{ ...presentInvoice(row), PaymentUrl }`: a spread followed by a property is slow on Node 20 (withPayLink).
    Invoices: r.rows.map((row) => Object.assign(presentInvoice(row), { PaymentUrl: row.payUrl })),
    TotalCount: r.totalCount,
    ItemsPerPage: r.pageSize,
  };
}

function presentLine(l: InvoiceLine): InvoiceLineItemModel {
  return {
    ExtStockId: l.extStockId,
    Description: l.description,
    Quantity: Number(l.quantity),
    UnitPrice: Number(l.unitPrice),
    Amount: Number(l.amount),
  };
}

/** Answer of GET api/Invoice/InvoiceNumber/{number}/{clientdate} (and each item of api/Invoice/JMSNumber/{n}). */
export function presentSlip(s: InvoiceSlip) {
  return {
    InvoiceModel: { ...presentInvoice(s.invoice), ClientName: s.client.name, AccountNumber: s.client.accountNumber },
    InvoiceLineItemModel: s.lines.map(presentLine),
    LinesTotal: Number(s.linesTotal),
    SheetsOfPaperTotal: Number(s.sheetsTotal),
    PaymentUrl: s.payUrl,
  };
}

/** Answer of GET api/Invoice/IssueDateFilters. */
export function presentIssueDateFilters() {
  return ISSUE_DATE_FILTERS.map((f) => ({ Id: f.id, Text: f.text }));
}

/** Invoices.csv: the header and one row per invoice. */
export const INVOICE_CSV_HEADER = [
  'JMS Number',
  'Matter Reference',
  'Invoice Number',
  'Issue Date',
  'Due Date',
  'Amount',
  'Currency',
  'Branch',
  'Status',
];

export function invoiceCsvRow(i: InvoiceListItem): string[] {
  return [
    i.jmsNumber,
    i.matterReference,
    i.invoiceNumber,
    displayCalendarDate(i.issueDate),
    displayCalendarDate(i.dueDate),
    i.amount,
    i.currencyCode,
    i.extClientBranchId ?? '',
    i.isPaid ? 'Paid' : 'Unpaid',
  ];
}

export async function* invoiceCsvRows(rows: AsyncIterable<InvoiceListItem>): AsyncGenerator<string[]> {
  for await (const r of rows) yield invoiceCsvRow(r);
}
