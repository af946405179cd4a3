/**
 * The invoice list query (spec §3 "Invoice": JMSNumber, MatterReference, InvoiceNumber, AmountFilter,
 * IssueDateFilter, SortBy, SortOrder): ONE schema for the legacy POST bodies (api/Invoice/InvoiceList,
 * api/Invoice/ExportCSVInvoices), the /Invoice page's URL state and the filter fields in the browser.
 * Browser-safe: no node-only imports.
 *
 * AmountFilter (our reading, docs/decisions/003-invoice-slip-params.md): an exact amount ("125.50",
 * "1,250", "$99") or an inclusive range ("100-500", "100 to 500"); anything else answers 400.
 */
import { z } from 'zod';
import { isMonthKey } from '@/lib/core/calendar-date';
import { ORDER_TYPES, orderTypeName, SORT_ASC, SORT_DESC } from '@/lib/reference';
import { FIELD_MSG, hasHtmlTag, hasNul } from '@/lib/validation';

/** Sort columns of the invoice list; spec §9: default column 5 (issue date), direction 2. */
export const INVOICE_SORT = {
  jmsNumber: 1,
  matterReference: 2,
  invoiceNumber: 3,
  amount: 4,
  issueDate: 5,
  status: 6,
} as const;
export type InvoiceSortColumn = (typeof INVOICE_SORT)[keyof typeof INVOICE_SORT];
export const INVOICE_SORT_COLUMNS: readonly InvoiceSortColumn[] = Object.values(INVOICE_SORT);
export const DEFAULT_INVOICE_SORT: InvoiceSortColumn = INVOICE_SORT.issueDate;
export const DEFAULT_INVOICE_SORT_ORDER = SORT_DESC;

export const INVOICE_SORT_LABELS: Record<InvoiceSortColumn, string> = {
  1: 'JMS Number',
  2: 'Matter Reference',
  3: 'Invoice Number',
  4: 'Amount',
  5: 'Issue Date',
  6: 'Status',
};

/** Issue-date buckets (api/Invoice/IssueDateFilters), evaluated on the calendar of the user's time zone. */
export const ISSUE_DATE_FILTERS = [
  { id: 0, text: 'Any' },
  { id: 1, text: 'Last 7 days' },
  { id: 2, text: 'Last 30 days' },
  { id: 3, text: 'Last 90 days' },
  { id: 4, text: 'This month' },
  { id: 5, text: 'Last month' },
  { id: 6, text: 'This year' },
  { id: 7, text: 'Last year' },
] as const;
export type IssueDateFilterId = (typeof ISSUE_DATE_FILTERS)[number]['id'];
export const ISSUE_DATE_FILTER_IDS: readonly number[] = ISSUE_DATE_FILTERS.map((f) => f.id);

export const TEXT_FILTER_MAX = 100;
/** The longest matter reference the exact matter filter takes (references are free text). */
export const MATTER_MAX = 200;

/**
 * The payment filter (the list's Status filter and the /JobClient strip's unpaid and overdue links), the staff
 * invoice list's choices (lib/invoices/overdue.ts `paymentStatusWhere` holds the conditions of both): unpaid
 * (part paid too), part paid, paid, or unpaid past its due date (before today in the user's time zone).
 */
export const INVOICE_PAYMENT_FILTERS = ['unpaid', 'part', 'paid', 'overdue'] as const;
export type InvoicePaymentFilter = (typeof INVOICE_PAYMENT_FILTERS)[number];
export const INVOICE_PAYMENT_LABELS: Record<InvoicePaymentFilter, string> = {
  unpaid: 'Unpaid (part paid too)',
  part: 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
};
const isPaymentFilter = (v: unknown): v is InvoicePaymentFilter =>
  typeof v === 'string' && (INVOICE_PAYMENT_FILTERS as readonly string[]).includes(v);
/** The largest amount numeric(12,2) holds. */
const AMOUNT_MAX_INTEGER_DIGITS = 10;

export const INVOICE_FILTER_MSG = {
  amount: 'Please enter an amount (e.g. 125.50) or a range (e.g. 100-500).',
  amountRange: 'The first amount of a range must not be greater than the second.',
  tooLong: `Please enter no more than ${TEXT_FILTER_MAX} characters.`,
  issueDate: 'Please choose a valid issue date filter.',
  sortBy: 'Please choose a valid sort column.',
  sortOrder: 'Sort order must be 1 (ascending) or 2 (descending).',
  payment: "Please choose 'unpaid', 'part', 'paid' or 'overdue'.",
  matterTooLong: `Please enter no more than ${MATTER_MAX} characters.`,
  month: 'Please enter a month as YYYY-MM (e.g. 2026-03).',
  jobType: 'Please choose a job type (its id), or 0 for invoices not linked to a job.',
} as const;

/**
 * The job type filter (the /Reports page's spend by job type): the order type of the invoice's job, or
 * NO_JOB_TYPE for invoices not linked to a job.
 */
export const NO_JOB_TYPE = 0;
const JOB_TYPE_IDS: readonly number[] = [NO_JOB_TYPE, ...ORDER_TYPES.map((t) => t.id)];
export const jobTypeLabel = (id: number) => (id === NO_JOB_TYPE ? 'Not linked to a job' : orderTypeName(id));

/** An inclusive amount range as exact decimal strings with two places; min === max for an exact amount. */
export interface AmountRange {
  min: string;
  max: string;
}

const AMOUNT = String.raw`\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?`;
const EXACT = new RegExp(`^${AMOUNT}$`);
const RANGE = new RegExp(`^${AMOUNT}\\s*(?:-|–|to)\\s*${AMOUNT}$`, 'i');

function decimal(intPart: string | undefined, frac: string | undefined): string | null {
  if (intPart === undefined) return null;
  const digits = intPart.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > AMOUNT_MAX_INTEGER_DIGITS) return null;
  return `${digits}.${(frac ?? '').padEnd(2, '0')}`;
}

/** Compares two non-negative decimal strings with two places (no floating point). */
export function compareAmounts(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  const x = ai + af;
  const y = bi + bf;
  return x === y ? 0 : x < y ? -1 : 1;
}

/**
 * Parses the text of the amount filter: '' → undefined (no filter), an exact amount or a range →
 * AmountRange, anything else → null (invalid).
 */
export function parseAmountFilter(text: string): AmountRange | undefined | null {
  const s = text.trim();
  if (s === '') return undefined;
  const exact = EXACT.exec(s);
  if (exact) {
    const v = decimal(exact[1], exact[2]);
    return v === null ? null : { min: v, max: v };
  }
  const range = RANGE.exec(s);
  if (range) {
    const min = decimal(range[1], range[2]);
    const max = decimal(range[3], range[4]);
    return min === null || max === null ? null : { min, max };
  }
  return null;
}

/** AmountFilter: a number, or the text of an exact amount or a range; null or '' means no filter. */
export const amountFilterSchema = z
  .union([z.string().max(TEXT_FILTER_MAX, INVOICE_FILTER_MSG.tooLong), z.number(), z.null()], {
    error: INVOICE_FILTER_MSG.amount,
  })
  .optional()
  .transform((v, ctx): AmountRange | undefined => {
    if (v === null || v === undefined) return undefined;
    const text = typeof v === 'number' ? (Number.isFinite(v) && v >= 0 ? v.toFixed(2) : 'x') : v;
    const r = parseAmountFilter(text);
    if (r === null) {
      ctx.addIssue({ code: 'custom', message: INVOICE_FILTER_MSG.amount });
      return z.NEVER;
    }
    if (r && compareAmounts(r.min, r.max) > 0) {
      ctx.addIssue({ code: 'custom', message: INVOICE_FILTER_MSG.amountRange });
      return z.NEVER;
    }
    return r;
  });

/** A 'contains' text filter: trimmed, '' and null mean no filter; HTML tags are refused. */
export const textFilterSchema = z
  .string({ error: 'Must be text.' })
  .max(TEXT_FILTER_MAX, INVOICE_FILTER_MSG.tooLong)
  .refine((s) => !hasHtmlTag(s), FIELD_MSG.htmlTags)
  .refine((s) => !hasNul(s), FIELD_MSG.nulCharacter)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()));

/** Job numbers are text, but some callers send them as numbers. */
const jobNumberFilterSchema = z
  .union([z.number().int().nonnegative().transform(String), z.string(), z.null()], { error: 'Must be text.' })
  .optional()
  .pipe(textFilterSchema);

const wholeNumber = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\s*\d{1,3}\s*$/, message)
          .transform(Number),
        z.null(),
      ],
      { error: message },
    )
    .optional();

export const issueDateFilterSchema = wholeNumber(INVOICE_FILTER_MSG.issueDate).pipe(
  z
    .number()
    .int()
    .refine((n) => ISSUE_DATE_FILTER_IDS.includes(n), INVOICE_FILTER_MSG.issueDate)
    .nullish()
    .transform((n): IssueDateFilterId => {
      const found = ISSUE_DATE_FILTERS.find((f) => f.id === n);
      return found ? found.id : 0;
    }),
);

const sortBySchema = wholeNumber(INVOICE_FILTER_MSG.sortBy).pipe(
  z
    .number()
    .int()
    .refine((n) => n === 0 || INVOICE_SORT_COLUMNS.some((c) => c === n), INVOICE_FILTER_MSG.sortBy)
    .nullish()
    .transform((n): InvoiceSortColumn => INVOICE_SORT_COLUMNS.find((c) => c === n) ?? DEFAULT_INVOICE_SORT),
);

const sortOrderSchema = wholeNumber(INVOICE_FILTER_MSG.sortOrder).pipe(
  z
    .number()
    .refine((n) => n === SORT_ASC || n === SORT_DESC, INVOICE_FILTER_MSG.sortOrder)
    .nullish()
    .transform((n): 1 | 2 => (n === SORT_ASC ? SORT_ASC : SORT_DESC)),
);

/** PaymentFilter: 'unpaid', 'part', 'paid' or 'overdue'; null or '' means no filter. */
export const paymentFilterSchema = z
  .union([z.string(), z.null()], { error: INVOICE_FILTER_MSG.payment })
  .optional()
  .refine((v) => v == null || v === '' || isPaymentFilter(v), INVOICE_FILTER_MSG.payment)
  .transform((v): InvoicePaymentFilter | undefined => (isPaymentFilter(v) ? v : undefined));

/** MatterReferenceExact: exactly this matter reference (the /Matter page's invoices); null or '' means any. */
export const matterExactSchema = z
  .union([z.string().max(MATTER_MAX, INVOICE_FILTER_MSG.matterTooLong), z.null()], { error: 'Must be text.' })
  .optional()
  .refine((v) => v == null || !hasNul(v), FIELD_MSG.nulCharacter)
  .transform((v) => (v ? v : undefined));

/** IssuedFromMonth, IssuedToMonth: a month 'YYYY-MM'; null or '' leaves that end open. */
export const issuedMonthSchema = z
  .union([z.string(), z.null()], { error: INVOICE_FILTER_MSG.month })
  .optional()
  .refine((v) => v == null || v === '' || isMonthKey(v), INVOICE_FILTER_MSG.month)
  .transform((v) => (v ? v : undefined));

/** JobType: an order type id, or 0 for invoices not linked to a job; null or absent means any. */
export const jobTypeFilterSchema = wholeNumber(INVOICE_FILTER_MSG.jobType).pipe(
  z
    .number()
    .int()
    .refine((n) => JOB_TYPE_IDS.includes(n), INVOICE_FILTER_MSG.jobType)
    .nullish()
    .transform((n) => n ?? undefined),
);

/** The legacy invoice list query (PascalCase, as the callers send it). Unknown fields are ignored (callers send extra ones). */
export const invoiceListQuerySchema = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z
    .object({
      JMSNumber: jobNumberFilterSchema,
      MatterReference: textFilterSchema,
      InvoiceNumber: textFilterSchema,
      AmountFilter: amountFilterSchema,
      IssueDateFilter: issueDateFilterSchema,
      SortBy: sortBySchema,
      SortOrder: sortOrderSchema,
      PaymentFilter: paymentFilterSchema,
      MatterReferenceExact: matterExactSchema,
      IssuedFromMonth: issuedMonthSchema,
      IssuedToMonth: issuedMonthSchema,
      JobType: jobTypeFilterSchema,
    })
    .transform((q): InvoiceListQuery => ({
      ...(q.PaymentFilter ? { payment: q.PaymentFilter } : {}),
      ...(q.MatterReferenceExact ? { matterExact: q.MatterReferenceExact } : {}),
      ...(q.IssuedFromMonth ? { issuedFrom: q.IssuedFromMonth } : {}),
      ...(q.IssuedToMonth ? { issuedTo: q.IssuedToMonth } : {}),
      ...(q.JobType !== undefined ? { jobType: q.JobType } : {}),
      jmsNumber: q.JMSNumber,
      matterReference: q.MatterReference,
      invoiceNumber: q.InvoiceNumber,
      amount: q.AmountFilter,
      issueDate: q.IssueDateFilter,
      sortBy: q.SortBy,
      sortOrder: q.SortOrder,
    })),
);

/** The parsed query the service takes. */
export interface InvoiceListQuery {
  jmsNumber?: string;
  matterReference?: string;
  invoiceNumber?: string;
  amount?: AmountRange;
  issueDate: IssueDateFilterId;
  sortBy: InvoiceSortColumn;
  sortOrder: 1 | 2;
  /** Unpaid, part paid, paid, or unpaid and overdue. */
  payment?: InvoicePaymentFilter;
  /** Exactly this matter reference (the /Matter page, and the /Reports page's links). */
  matterExact?: string;
  /** Issued from this month, and up to and including that month ('YYYY-MM'; the /Reports page's links). */
  issuedFrom?: string;
  issuedTo?: string;
  /** The order type of the invoice's job, or NO_JOB_TYPE: not linked to a job (the /Reports page's links). */
  jobType?: number;
}

/** The legacy body of a list query (what the export button posts): the input side of the schema. */
export type InvoiceListBody = {
  JMSNumber?: string | number | null;
  MatterReference?: string | null;
  InvoiceNumber?: string | null;
  AmountFilter?: string | number | null;
  IssueDateFilter?: number | null;
  SortBy?: number;
  SortOrder?: number;
  PaymentFilter?: string | null;
  MatterReferenceExact?: string | null;
  IssuedFromMonth?: string | null;
  IssuedToMonth?: string | null;
  JobType?: number | null;
};

export const DEFAULT_INVOICE_QUERY: InvoiceListQuery = {
  issueDate: 0,
  sortBy: DEFAULT_INVOICE_SORT,
  sortOrder: DEFAULT_INVOICE_SORT_ORDER,
};

/** The text of an amount range as the amount filter shows it: '125.50' or '100.00-500.00'. */
export function amountFilterText(r: AmountRange | undefined): string {
  if (!r) return '';
  return r.min === r.max ? r.min : `${r.min}-${r.max}`;
}

/** The legacy body of a query (what the Export button posts: exactly the list on screen). */
export function toInvoiceListBody(q: InvoiceListQuery): InvoiceListBody {
  return {
    JMSNumber: q.jmsNumber ?? null,
    MatterReference: q.matterReference ?? null,
    InvoiceNumber: q.invoiceNumber ?? null,
    AmountFilter: q.amount ? amountFilterText(q.amount) : null,
    IssueDateFilter: q.issueDate,
    SortBy: q.sortBy,
    SortOrder: q.sortOrder,
    ...(q.payment ? { PaymentFilter: q.payment } : {}),
    ...(q.matterExact ? { MatterReferenceExact: q.matterExact } : {}),
    ...(q.issuedFrom ? { IssuedFromMonth: q.issuedFrom } : {}),
    ...(q.issuedTo ? { IssuedToMonth: q.issuedTo } : {}),
    ...(q.jobType !== undefined ? { JobType: q.jobType } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The /Invoice URL
// ---------------------------------------------------------------------------------------------------------

/** URL parameter names of the list state (the names the job list uses where they mean the same). */
export const INVOICE_PARAM = {
  jmsNumber: 'jms',
  matterReference: 'matter',
  invoiceNumber: 'inv',
  amount: 'amount',
  issueDate: 'issued',
  sortBy: 'sort',
  sortOrder: 'dir',
  payment: 'pay',
  matterExact: 'matterIs',
  issuedFrom: 'issuedFrom',
  issuedTo: 'issuedTo',
  jobType: 'jobType',
  page: 'page',
  pageSize: 'size',
} as const;

export interface ParamReader {
  get(name: string): string | null;
}

/**
 * The query of an /Invoice URL. Lenient, so a hand-edited URL never fails the page: unusable values
 * fall back to the default (an amount that is not one is left out; the amount field says why).
 */
export function invoiceQueryFromSearchParams(p: ParamReader): InvoiceListQuery {
  const text = (name: string) => {
    const r = textFilterSchema.safeParse(p.get(name)?.slice(0, TEXT_FILTER_MAX) ?? null);
    return r.success ? r.data : undefined;
  };
  const pick = <S extends z.ZodType>(schema: S, value: string | null, fallback: z.output<S>): z.output<S> => {
    const r = schema.safeParse(value);
    return r.success ? r.data : fallback;
  };
  return {
    jmsNumber: text(INVOICE_PARAM.jmsNumber),
    matterReference: text(INVOICE_PARAM.matterReference),
    invoiceNumber: text(INVOICE_PARAM.invoiceNumber),
    amount: pick(amountFilterSchema, p.get(INVOICE_PARAM.amount)?.slice(0, TEXT_FILTER_MAX) ?? null, undefined),
    issueDate: pick(issueDateFilterSchema, p.get(INVOICE_PARAM.issueDate), 0),
    sortBy: pick(sortBySchema, p.get(INVOICE_PARAM.sortBy), DEFAULT_INVOICE_SORT),
    sortOrder: pick(sortOrderSchema, p.get(INVOICE_PARAM.sortOrder), DEFAULT_INVOICE_SORT_ORDER),
    ...((v) => (v ? { payment: v } : {}))(pick(paymentFilterSchema, p.get(INVOICE_PARAM.payment), undefined)),
    ...((v) => (v ? { matterExact: v } : {}))(pick(matterExactSchema, p.get(INVOICE_PARAM.matterExact), undefined)),
    ...((v) => (v ? { issuedFrom: v } : {}))(pick(issuedMonthSchema, p.get(INVOICE_PARAM.issuedFrom), undefined)),
    ...((v) => (v ? { issuedTo: v } : {}))(pick(issuedMonthSchema, p.get(INVOICE_PARAM.issuedTo), undefined)),
    ...((v) => (v !== undefined ? { jobType: v } : {}))(
      pick(jobTypeFilterSchema, p.get(INVOICE_PARAM.jobType), undefined),
    ),
  };
}

/** The URL parameters of the filters the /Reports page's links set, as the /Invoice page shows them. */
export const REPORT_FILTER_PARAMS = [
  INVOICE_PARAM.matterExact,
  INVOICE_PARAM.issuedFrom,
  INVOICE_PARAM.issuedTo,
  INVOICE_PARAM.jobType,
] as const;
