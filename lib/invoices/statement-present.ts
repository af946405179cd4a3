/** The statement of account ready to render (amounts in the currency, dates dd-MMM-yyyy, slip and download links). Server-only. */
import { displayCalendarDate } from '@/lib/display-date';
import { invoiceSlipHref } from './links';
import { formatMoney } from './money';
import { hasCredit, STATEMENT_KIND_LABEL, type Statement } from './statement';

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
  /** What the firm has paid beyond what it now owes, or null when nothing. */
  inCredit: string | null;
  unpaid: {
    invoiceNumber: string;
    issueDate: string;
    dueDate: string;
    /** 'Not yet due', 'Due today' or '12 days past due'. */
    age: string;
    outstanding: string;
    slipHref: string;
  }[];
  pdfHref: string;
  csvHref: string;
  /** Query fields the period form keeps (the firm, for staff). */
  keep: { name: string; value: string }[];
  payAllUrl: string | null;
}

function ageText(days: number): string {
  if (days < 0) return 'not yet due';
  if (days === 0) return 'due today';
  return `${days} day${days === 1 ? '' : 's'} past due`;
}

/** The client's statement downloads; staff pass their own (staffStatementLinks). */
export function clientStatementLinks(from: string): { pdfHref: string; csvHref: string } {
  const q = `?from=${from}`;
  return { pdfHref: `/api/Invoice/Statement/pdf${q}`, csvHref: `/api/Invoice/Statement/csv${q}` };
}

/** A firm's statement downloads for staff. */
export function staffStatementLinks(clientId: number, from: string): { pdfHref: string; csvHref: string } {
  const q = `?client=${clientId}&from=${from}`;
  return { pdfHref: `/api/Ops/Invoices/Statement/pdf${q}`, csvHref: `/api/Ops/Invoices/Statement/csv${q}` };
}

export function presentStatement(
  s: Statement,
  links: { pdfHref: string; csvHref: string } = clientStatementLinks(s.from),
  keep: { name: string; value: string }[] = [],
): StatementView {
  const money = (v: string) => formatMoney(v, s.currencyCode);
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
      type: STATEMENT_KIND_LABEL[l.kind],
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
    inCredit: hasCredit(s) ? money(s.inCredit) : null,
    unpaid: s.unpaid.map((u) => ({
      invoiceNumber: u.invoiceNumber,
      issueDate: displayCalendarDate(u.issueDate),
      dueDate: displayCalendarDate(u.dueDate),
      age: ageText(u.daysPastDue),
      outstanding: money(u.outstanding),
      slipHref: invoiceSlipHref({ invoiceNumber: u.invoiceNumber, issueDate: u.issueDate }),
    })),
    ...links,
    keep,
    payAllUrl: s.payAllUrl,
  };
}
