/**
 * The web screens' view of invoices: plain strings ready to render (amounts in the invoice's
 * currency, dates dd-MMM-yyyy, the slip link, the pay link), so client components receive only
 * serialisable data and hold no rules. Server-only (the slip link is encoded with Buffer).
 */
import { displayCalendarDate } from '@/lib/display-date';
import { matterHref } from '@/lib/jobs/present';
import { invoiceSlipHref } from './links';
import { formatMoney, formatQuantity, formatUnitPrice } from './money';
import type { InvoiceRow, InvoiceSlip } from './service';

export interface InvoiceRowView {
  id: number;
  jmsNumber: string;
  matterReference: string;
  /** The matter's page (null without a reference). */
  matterHref: string | null;
  invoiceNumber: string;
  branch: string;
  issueDate: string;
  dueDate: string;
  amount: string;
  isPaid: boolean;
  slipHref: string;
  payHref: string | null;
}

export function presentInvoiceRow(r: InvoiceRow): InvoiceRowView {
  return {
    id: r.id,
    jmsNumber: r.jmsNumber,
    matterReference: r.matterReference,
    matterHref: matterHref(r.matterReference),
    invoiceNumber: r.invoiceNumber,
    branch: r.extClientBranchId ?? '',
    issueDate: displayCalendarDate(r.issueDate),
    dueDate: displayCalendarDate(r.dueDate),
    amount: formatMoney(r.amount, r.currencyCode),
    isPaid: r.isPaid,
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
  total: string;
  /** Shown only when it differs from the total (e.g. tax or adjustments outside the lines). */
  linesTotal: string | null;
  sheetsTotal: string;
  lines: { id: number; stockCode: string; description: string; quantity: string; unitPrice: string; amount: string }[];
  payHref: string | null;
}

export function presentSlip(s: InvoiceSlip): InvoiceSlipView {
  const { invoice: i, client } = s;
  const money = (v: string) => formatMoney(v, i.currencyCode);
  const sameTotal = Number(s.linesTotal) === Number(i.amount);
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
    total: money(i.amount),
    linesTotal: sameTotal ? null : money(s.linesTotal),
    sheetsTotal: formatQuantity(s.sheetsTotal),
    lines: s.lines.map((l) => ({
      id: l.id,
      stockCode: l.extStockId,
      description: l.description,
      quantity: formatQuantity(l.quantity),
      unitPrice: formatUnitPrice(l.unitPrice, i.currencyCode),
      amount: money(l.amount),
    })),
    payHref: s.payUrl,
  };
}
