/**
 * The web screens' view of invoices: plain strings ready to render (amounts in the invoice's
 * currency, dates dd-MMM-yyyy, the slip link, the pay link), so client components receive only
 * serialisable data and hold no rules. Server-only (the slip link is encoded with Buffer).
 */
import { displayCalendarDate, displayMonthRange } from '@/lib/display-date';
import { matterHref } from '@/lib/jobs/links';
import { invoiceSlipHref } from './links';
import { formatMoney, formatQuantity, formatUnitPrice } from './money';
import type { InvoiceRow, InvoiceSlip } from './service';
import { jobTypeLabel, type InvoiceListQuery } from './schema';
import { invoiceStatus, type InvoiceStatus } from './status';
import { formatAbn } from './supplier-schema';
import { hasBankDetails, type Supplier } from './supplier';

export interface InvoiceRowView {
  id: number;
  jmsNumber: string;
  /** Its matter's page is components/jobs/MatterLink's (lib/jobs/links.ts). */
  matterReference: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  amount: string;
  isPaid: boolean;
  /** What the list's Status says: Overdue before Part paid, as the staff list says it. */
  status: InvoiceRowStatus;
  isVoid: boolean;
  slipHref: string;
  payHref: string | null;
}

export type InvoiceRowStatus = InvoiceStatus;

function rowStatus(r: InvoiceRow): InvoiceRowStatus {
  return invoiceStatus(r);
}

export function presentInvoiceRow(r: InvoiceRow): InvoiceRowView {
  return {
    id: r.id,
    jmsNumber: r.jmsNumber,
    matterReference: r.matterReference,
    invoiceNumber: r.invoiceNumber,
    issueDate: displayCalendarDate(r.issueDate),
    dueDate: displayCalendarDate(r.dueDate),
    amount: formatMoney(r.amount, r.currencyCode),
    isPaid: r.isPaid,
    status: rowStatus(r),
    isVoid: r.isVoid,
    slipHref: invoiceSlipHref(r),
    payHref: r.payUrl,
  };
}

export interface InvoiceSlipView {
  id: number;
  invoiceNumber: string;
  jmsNumber: string;
  matterReference: string;
  matterHref: string | null;
  branch: string;
  clientName: string;
  accountNumber: string;
  issueDate: string;
  dueDate: string;
  currencyCode: string;
  isPaid: boolean;
  isVoid: boolean;
  /** The one vocabulary of lib/invoices/status.ts. */
  status: InvoiceStatus;
  voidReason: string | null;
  /** The invoice's adjustment notes, each with its PDF. */
  creditNotes: {
    creditNoteNumber: string;
    issueDate: string;
    amount: string;
    gst: string;
    reason: string;
    pdfHref: string;
  }[];
  /** The total payable, GST included. */
  total: string;
  /** The line amounts before GST. */
  subtotal: string;
  gst: string;
  /** Shown once something has been paid or credited and the invoice is not settled. */
  amountPaid: string | null;
  amountCredited: string | null;
  balance: string | null;
  /** The payments that paid it (date, amount, reference), oldest first. */
  payments: { key: string; date: string; amount: string; reference: string }[];
  sheetsTotal: string;
  lines: {
    id: number;
    stockCode: string;
    description: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    gst: string;
  }[];
  payHref: string | null;
  supplier: SupplierView;
  /** When no payments page is configured: how to pay by bank transfer (null when paid or no bank details). */
  howToPay: { accountName: string; bsb: string; accountNumber: string; reference: string } | null;
  pdfHref: string;
}

export interface SupplierView {
  legalName: string;
  abn: string;
  address: string;
  contact: string;
  /** A data: URL, or null. */
  logoSrc: string | null;
}

export function presentSupplier(s: Supplier): SupplierView {
  return {
    legalName: s.legalName,
    abn: formatAbn(s.abn),
    address: s.address,
    contact: [s.phone, s.email].filter(Boolean).join(' · '),
    logoSrc: s.logo ? `data:${s.logo.type};base64,${s.logo.base64}` : null,
  };
}

/** The PDF of an invoice (app/api/Invoice/Pdf/[number]/route.ts). */
export function invoicePdfHref(invoiceNumber: string): string {
  return `/api/Invoice/Pdf/${encodeURIComponent(invoiceNumber)}`;
}

/** The PDF of an adjustment note (app/api/Invoice/CreditNote/[number]/route.ts). */
export function creditNotePdfHref(creditNoteNumber: string): string {
  return `/api/Invoice/CreditNote/${encodeURIComponent(creditNoteNumber)}`;
}

/** A slip ready to render; `today` (yyyy-MM-dd in the reader's zone) lets an unpaid invoice past its due date say Overdue. */
export function presentSlip(s: InvoiceSlip, today: string | null = null): InvoiceSlipView {
  const { invoice: i, client } = s;
  const overdue = today !== null && !i.isPaid && i.dueDate !== null && i.dueDate < today;
  const money = (v: string) => formatMoney(v, i.currencyCode);
  const partPaid = !i.isPaid && (Number(s.amountPaid) > 0 || Number(s.amountCredited) > 0);
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    jmsNumber: i.jmsNumber,
    matterReference: i.matterReference,
    matterHref: matterHref(i.matterReference),
    branch: i.extClientBranchId ?? '',
    clientName: client.name,
    accountNumber: client.accountNumber,
    issueDate: displayCalendarDate(i.issueDate),
    dueDate: displayCalendarDate(i.dueDate),
    currencyCode: i.currencyCode,
    isPaid: i.isPaid,
    isVoid: i.isVoid,
    status: invoiceStatus({ ...i, amountPaid: s.amountPaid, amountCredited: s.amountCredited, overdue }),
    voidReason: s.voidReason,
    creditNotes: s.creditNotes.map((n) => ({
      creditNoteNumber: n.creditNoteNumber,
      issueDate: displayCalendarDate(n.issueDate),
      amount: money(n.amount),
      gst: money(n.gst),
      reason: n.reason,
      pdfHref: creditNotePdfHref(n.creditNoteNumber),
    })),
    total: money(i.amount),
    subtotal: money(s.linesTotal),
    gst: money(s.gst),
    amountPaid: partPaid ? money(s.amountPaid) : null,
    amountCredited: partPaid && Number(s.amountCredited) > 0 ? money(s.amountCredited) : null,
    balance: partPaid ? money(s.balance) : null,
    payments: s.payments.map((p, k) => ({
      key: `${k}`,
      date: displayCalendarDate(p.paymentDate),
      amount: money(p.amount),
      reference: p.reference,
    })),
    sheetsTotal: formatQuantity(s.sheetsTotal),
    lines: s.lines.map((l) => ({
      id: l.id,
      stockCode: l.extStockId,
      description: l.description,
      quantity: formatQuantity(l.quantity),
      unitPrice: formatUnitPrice(l.unitPrice, i.currencyCode),
      amount: money(l.amount),
      gst: money(l.gst),
    })),
    payHref: s.payUrl,
    supplier: presentSupplier(s.supplier),
    howToPay:
      !i.isPaid && !s.payUrl && hasBankDetails(s.supplier)
        ? {
            accountName: s.supplier.bankAccountName,
            bsb: s.supplier.bankBsb,
            accountNumber: s.supplier.bankAccountNumber,
            reference: i.invoiceNumber,
          }
        : null,
    pdfHref: invoicePdfHref(i.invoiceNumber),
  };
}

/**
 * The filters of the /Reports page's links as the /Invoice page says them ('issued in Mar 2026', 'of matter
 * PL-A', 'for job type Scan'); empty when none is set.
 */
export function reportFilterPhrases(q: InvoiceListQuery): string[] {
  const out: string[] = [];
  const issued = displayMonthRange(q.issuedFrom ?? '', q.issuedTo ?? '');
  if (issued) out.push(`issued ${issued}`);
  if (q.matterExact) out.push(`of matter ${q.matterExact}`);
  if (q.jobType !== undefined) out.push(`for job type ${jobTypeLabel(q.jobType)}`);
  return out;
}
