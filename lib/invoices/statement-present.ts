/** The statement of account ready to render (amounts in the currency, dates dd-MMM-yyyy, slip and download links). Server-only. */
import { displayCalendarDate } from '@/lib/display-date';
import { invoiceSlipHref } from './links';
import { formatMoney } from './money';
import type { Statement } from './statement';

export interface StatementView {
  title: string;
  clientName: string;
  accountNumber: string;
  from: string;
  fromDisplay: string;
  asOfDisplay: string;
  opening: string;
  closing: string;
  lines: {
    key: string;
    date: string;
    type: string;
    reference: string;
    description: string;
    debit: string;
    credit: string;
    balance: string;
  }[];
  ageing: { current: string; days30: string; days60: string; days90: string; total: string };
  unpaid: {
    invoiceNumber: string;
    issueDate: string;
    dueDate: string;
    ageDays: number;
    outstanding: string;
    slipHref: string;
  }[];
  pdfHref: string;
  csvHref: string;
  payAllUrl: string | null;
}

const TYPE = { invoice: 'Invoice', payment: 'Payment', settlement: 'Settlement' } as const;

export function presentStatement(s: Statement): StatementView {
  const money = (v: string) => formatMoney(v, s.currencyCode);
  const q = `?from=${s.from}`;
  return {
    title: `Statement of account`,
    clientName: s.client.name,
    accountNumber: s.client.accountNumber,
    from: s.from,
    fromDisplay: displayCalendarDate(s.from),
    asOfDisplay: displayCalendarDate(s.asOf),
    opening: money(s.opening),
    closing: money(s.closing),
    lines: s.lines.map((l, i) => ({
      key: `${i}`,
      date: displayCalendarDate(l.date),
      type: TYPE[l.kind],
      reference: l.reference,
      description: l.description,
      debit: l.debit ? money(l.debit) : '',
      credit: l.credit ? money(l.credit) : '',
      balance: money(l.balance),
    })),
    ageing: {
      current: money(s.ageing.current),
      days30: money(s.ageing.days30),
      days60: money(s.ageing.days60),
      days90: money(s.ageing.days90),
      total: money(s.ageing.total),
    },
    unpaid: s.unpaid.map((u) => ({
      invoiceNumber: u.invoiceNumber,
      issueDate: displayCalendarDate(u.issueDate),
      dueDate: displayCalendarDate(u.dueDate),
      ageDays: u.ageDays,
      outstanding: money(u.outstanding),
      slipHref: invoiceSlipHref({ invoiceNumber: u.invoiceNumber, issueDate: u.issueDate }),
    })),
    pdfHref: `/api/Invoice/Statement/pdf${q}`,
    csvHref: `/api/Invoice/Statement/csv${q}`,
    payAllUrl: s.payAllUrl,
  };
}
