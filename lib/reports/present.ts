/**
 * The /Reports page's view of a report: the period in words, its presets as links, the totals, and each chart's
 * bars and table rows as plain strings with the link to the list behind each number (./links.ts). Spend and
 * jobs ordered link to their lists; a bar without invoices or jobs links nowhere, while spend of $0.00 from void
 * invoices links to the list that shows them. Browser-safe.
 */
import { displayMonthRange } from '@/lib/display-date';
import { formatCents, type SpendReport } from './model';
import { PERIOD_PARAM, REPORT_PRESETS, type ReportPresetId } from './period';
import { invoicesIssuedHref, jobsLoggedHref } from './links';

/** One bar: its category, its value (the bar's length) as shown, and the list behind it (null: none). */
export interface ReportBar {
  key: string;
  label: string;
  value: number;
  valueText: string;
  href: string | null;
}

/** A table cell as shown; `href` makes it a link to the list behind the number. */
export interface ReportCell {
  text: string;
  href?: string | null;
}

export interface ReportSectionView {
  id: string;
  title: string;
  description: string;
  bars: ReportBar[];
  columns: { header: string; numeric?: boolean }[];
  /** The first cell is the row's header. */
  rows: ReportCell[][];
}

export interface ReportPresetLink {
  id: ReportPresetId;
  label: string;
  href: string;
  current: boolean;
}

export interface ReportView {
  from: string;
  to: string;
  /** 'from Jul 2025 to Jun 2026' */
  periodText: string;
  /** Why the period asked for is not shown, and what is shown instead; null when it is. */
  periodError: string | null;
  presets: ReportPresetLink[];
  totals: {
    spendText: string;
    invoicesText: string;
    invoicesHref: string | null;
    jobsText: string;
    jobsHref: string | null;
  };
  sections: ReportSectionView[];
}

const count = new Intl.NumberFormat('en-AU');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

const SPEND_COLUMNS = [
  { header: 'Spend (AUD)', numeric: true },
  { header: 'Invoices', numeric: true },
];

export function presentSpendReport(r: SpendReport): ReportView {
  const { from, to } = r;
  const spendRow = (label: string, spendCents: number, invoices: number, href: string | null): ReportCell[] => [
    { text: label },
    { text: formatCents(spendCents), href: invoices > 0 ? href : null },
    { text: count.format(invoices) },
  ];
  const spendBar = (key: string, label: string, spendCents: number, invoices: number, href: string | null) => ({
    key,
    label,
    value: spendCents,
    valueText: formatCents(spendCents),
    href: invoices > 0 ? href : null,
  });
  const months = r.months.map((m) => ({
    ...m,
    invoicesHref: invoicesIssuedHref({ from: m.month, to: m.month }),
    jobsHref: m.jobs > 0 ? jobsLoggedHref(m.month, m.month) : null,
  }));
  const matters = r.byMatter.map((m) => ({ ...m, href: invoicesIssuedHref({ from, to, matter: m.reference }) }));
  const types = r.byJobType.map((t) => ({ ...t, href: invoicesIssuedHref({ from, to, orderType: t.orderType }) }));
  return {
    from,
    to,
    periodText: displayMonthRange(from, to),
    // The period shown instead is the default one.
    periodError: r.periodError ? `${r.periodError} Showing ${displayMonthRange(from, to)} instead.` : null,
    presets: REPORT_PRESETS.map((p) => ({
      id: p.id,
      label: p.label,
      href: `/Reports?${new URLSearchParams([[PERIOD_PARAM.range, p.id]]).toString()}`,
      current: !r.periodError && r.preset === p.id,
    })),
    totals: {
      spendText: formatCents(r.totalCents),
      invoicesText: plural(r.totalInvoices, 'invoice', 'invoices'),
      invoicesHref: r.totalInvoices > 0 ? invoicesIssuedHref({ from, to }) : null,
      jobsText: plural(r.totalJobs, 'job', 'jobs'),
      jobsHref: r.totalJobs > 0 ? jobsLoggedHref(from, to) : null,
    },
    sections: [
      {
        id: 'spend-by-month',
        title: 'Spend by month',
        description:
          'Invoices by issue date, at what was charged: less any adjustment note, and nothing for a void invoice.',
        bars: months.map((m) => spendBar(m.month, m.label, m.spendCents, m.invoices, m.invoicesHref)),
        columns: [{ header: 'Month' }, ...SPEND_COLUMNS],
        rows: months.map((m) => spendRow(m.label, m.spendCents, m.invoices, m.invoicesHref)),
      },
      {
        id: 'spend-by-matter',
        title: 'Spend by matter',
        description: 'The 10 matters with the highest spend.',
        bars: matters.map((m) => spendBar(`matter:${m.reference}`, m.matter, m.spendCents, m.invoices, m.href)),
        columns: [{ header: 'Matter' }, ...SPEND_COLUMNS],
        rows: matters.map((m) => spendRow(m.matter, m.spendCents, m.invoices, m.href)),
      },
      {
        id: 'spend-by-job-type',
        title: 'Spend by job type',
        description: 'Invoices by the type of the job they bill.',
        bars: types.map((t) => spendBar(`type:${t.orderType ?? 0}`, t.name, t.spendCents, t.invoices, t.href)),
        columns: [{ header: 'Job type' }, ...SPEND_COLUMNS],
        rows: types.map((t) => spendRow(t.name, t.spendCents, t.invoices, t.href)),
      },
      {
        id: 'jobs-per-month',
        title: 'Jobs ordered per month',
        description: 'Jobs by the time they were logged.',
        bars: months.map((m) => ({
          key: m.month,
          label: m.label,
          value: m.jobs,
          valueText: count.format(m.jobs),
          href: m.jobsHref,
        })),
        columns: [{ header: 'Month' }, { header: 'Jobs ordered', numeric: true }],
        rows: months.map((m) => [{ text: m.label }, { text: count.format(m.jobs), href: m.jobsHref }]),
      },
    ],
  };
}
