/**
 * The charts of a firm's spend and orders (item 5): what the page gets, and the months of the window.
 * Browser-safe (no server imports): the chart island formats what the service computed. Money in whole cents,
 * shown as AUD.
 */

/** How many months the charts cover: the current month and the 11 before it, in the viewer's time zone. */
export const REPORT_MONTHS = 12;
/** How many matters the spend-by-matter chart shows. */
export const TOP_MATTERS = 10;

export interface MonthRow {
  /** 'YYYY-MM' */
  month: string;
  /** 'Nov 2026' */
  label: string;
  spendCents: number;
  /** Invoices issued in the month. */
  invoices: number;
  /** Jobs ordered (created) in the month. */
  jobs: number;
}

export interface MatterRow {
  matter: string;
  spendCents: number;
  invoices: number;
}

export interface JobTypeRow {
  /** The order type id; null for invoices not linked to a job. */
  orderType: number | null;
  name: string;
  spendCents: number;
  invoices: number;
}

export interface SpendReport {
  /** The window, inclusive: first and last month ('YYYY-MM'). */
  from: string;
  to: string;
  months: MonthRow[];
  byMatter: MatterRow[];
  byJobType: JobTypeRow[];
  totalCents: number;
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' of a year and month (1–12; out-of-range months roll over). */
export function monthKey(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number);
  return MONTH_LABEL.format(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1));
}

/** The window's months, oldest first, ending with the month of (year, month). */
export function windowMonths(year: number, month: number, count = REPORT_MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => monthKey(year, month - (count - 1) + i));
}

const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Whole cents as AUD: 12075 → '$120.75'. */
export function formatCents(cents: number): string {
  return AUD.format(cents / 100);
}
