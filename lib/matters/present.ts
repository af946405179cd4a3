/**
 * The /Matter page's view: the invoices as the invoice list shows them, the totals billed, paid and owed
 * formatted from whole cents, the files with their download links and the timeline in the viewer's time zone (an
 * invoice on its issue date).
 * Server-only (links encode with Buffer).
 */
import { displayCalendarDate, displayDateTime } from '@/lib/display-date';
import { invoiceSlipHref } from '@/lib/invoices/links';
import { centsToAmount } from '@/lib/invoices/attention';
import { formatMoney } from '@/lib/invoices/money';
import { presentInvoiceRow, type InvoiceRowView } from '@/lib/invoices/present';
import { documentHref, jobSlipHref } from '@/lib/jobs/links';
import { statusLabel } from '@/lib/reference';
import type { Matter } from './service';

export interface MatterView {
  reference: string;
  /** The parties or the description (Matter.title), null when its jobs name neither. */
  title: string | null;
  /** The order form with this matter's reference filled in. */
  newJobHref: string;
  invoices: InvoiceRowView[];
  invoicesTotal: number;
  totals: { currencyCode: string; billed: string; paid: string; owed: string }[];
  files: {
    id: number;
    fileName: string;
    size: number;
    kind: string;
    href: string;
    jmsNumber: string;
    jobHref: string;
    uploadedAt: string;
  }[];
  timeline: {
    key: string;
    at: string;
    jmsNumber: string;
    /** null: an invoice for a job that is not one of the firm's. */
    jobHref: string | null;
    text: string;
    by: string;
    /** The status the event brought the job to; null for an invoice. */
    toStatus: number | null;
    /** The invoice an invoice event is about: its number, slip and total. */
    invoice: { number: string; href: string; amount: string } | null;
  }[];
}

export function presentMatter(m: Matter, timeZone: string): MatterView {
  const money = (cents: number, currency: string) => formatMoney(centsToAmount(cents), currency);
  return {
    reference: m.reference,
    title: m.title,
    newJobHref: `/SaveJob?${new URLSearchParams({ matter: m.reference })}`,
    invoices: m.invoices.map(presentInvoiceRow),
    invoicesTotal: m.invoicesTotal,
    totals: m.totals.map((t) => ({
      currencyCode: t.currencyCode,
      billed: money(t.billed, t.currencyCode),
      paid: money(t.paid, t.currencyCode),
      owed: money(t.owed, t.currencyCode),
    })),
    files: m.files.map((f) => ({
      id: f.id,
      fileName: f.fileName,
      size: f.size,
      kind: f.kind === 'deliverable' ? 'Delivered file' : 'Source file',
      href: documentHref(f.id),
      jmsNumber: f.jmsNumber,
      jobHref: jobSlipHref(f.jobId),
      uploadedAt: displayDateTime(f.createdAt, timeZone),
    })),
    timeline: m.timeline.map((e, i) =>
      e.kind === 'invoice'
        ? {
            key: `i-${e.invoiceNumber}-${i}`,
            at: displayCalendarDate(e.issueDate),
            jmsNumber: e.jmsNumber,
            jobHref: e.jobId === null ? null : jobSlipHref(e.jobId),
            text: 'Invoice issued',
            by: '',
            toStatus: null,
            invoice: {
              number: e.invoiceNumber,
              href: invoiceSlipHref(e),
              amount: formatMoney(e.amount, e.currencyCode),
            },
          }
        : {
            key: `${e.jobId}-${e.at.getTime()}-${i}`,
            at: displayDateTime(e.at, timeZone),
            jmsNumber: e.jmsNumber,
            jobHref: jobSlipHref(e.jobId),
            text:
              e.kind === 'ordered'
                ? 'Ordered'
                : e.kind === 'delivered'
                  ? 'Delivered'
                  : `${statusLabel(e.fromStatus ?? e.toStatus)} → ${statusLabel(e.toStatus)}`,
            by: e.by,
            toStatus: e.toStatus,
            invoice: null,
          },
    ),
  };
}
