/**
 * The charts of a firm's spend and orders: what the page gets.
 * Browser-safe (no server imports): the chart island formats what the service computed. Money in whole cents,
 * shown as AUD. Spend is what the firm was charged (each invoice's amount less its adjustment notes, nothing for a
 * void invoice); invoice counts count every invoice, void ones too.
 */
import { displayMonth } from '@/lib/display-date';
import type { ReportPresetId } from './period';

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
  /** As shown: the reference, or '(no matter reference)'. */
  matter: string;
  /** The invoices' matter reference ('' for none). */
  reference: string;
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
  /** The period, inclusive: first and last month ('YYYY-MM'). */
  from: string;
  to: string;
  /** The preset that chose the period (null: two months chosen). */
  preset: ReportPresetId | null;
  /** Why the period the page's URL asked for is not the one shown (the default instead); null when it is. */
  periodError: string | null;
  months: MonthRow[];
  byMatter: MatterRow[];
  byJobType: JobTypeRow[];
  totalCents: number;
  /** Invoices issued and jobs ordered in the period. */
  totalInvoices: number;
  totalJobs: number;
}

/** 'Nov 2026' for '2026-11'. */
export const monthLabel = displayMonth;

const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Whole cents as AUD: 12075 → '$120.75'. */
export function formatCents(cents: number): string {
  return AUD.format(cents / 100);
}
