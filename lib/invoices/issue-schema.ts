/**
 * Issuing an invoice (/Ops/Invoices/New; the integration API's PUT api/v1/invoices/{invoiceNumber} maps onto
 * it): ONE schema for the staff form in the browser (zodResolver), its server action and the service.
 * Browser-safe.
 *
 * An invoice is for one or more jobs of one client (their JMS numbers), has a number, an issue date and a due
 * date (calendar dates, yyyy-MM-dd), a currency (ISO 4217) and at least one line item: stock code,
 * description, quantity and amount before GST (the GST of each line follows from the rate, lib/invoices/gst.ts). Stock code EZ999 is sheets of paper (spec §9): its quantity is a whole
 * number of sheets, and the slip adds those quantities up. The invoice amount is the sum of the line amounts.
 */
import { z } from 'zod';
import { SHEETS_STOCK_CODE } from '@/lib/reference';
import { FIELD_MSG, formText } from '@/lib/validation';
import { isCalendarDate } from '@/lib/core/calendar-date';

export const INVOICE_MSG = {
  number: 'An invoice number may contain only letters, digits and - / (up to 40 characters).',
  numberExists: 'An invoice with this number already exists.',
  numberOtherClient: 'An invoice with this number belongs to another client.',
  jobsRequired: 'Please enter at least one job number.',
  jobNumber: 'Job numbers are digits, separated by commas or spaces.',
  jobNotOfClient: (n: string) => `Job ${n} is not a job of this client.`,
  date: 'Please enter a date (yyyy-mm-dd).',
  dueBeforeIssue: 'The due date must be on or after the issue date.',
  currency: 'Please enter a three-letter currency code (e.g. AUD).',
  linesRequired: 'Please add at least one line item.',
  stockCode: 'A stock code may contain only letters, digits and - (up to 20 characters).',
  quantity: 'Please enter a quantity greater than zero, with at most two decimals.',
  sheets: `Stock code ${SHEETS_STOCK_CODE} counts sheets of paper: please enter a whole number.`,
  amount: 'Please enter an amount with at most two decimals (e.g. 125.50).',
  gst: 'Please enter the GST with at most two decimals (e.g. 12.55).',
  clientRequired: 'Please choose a client.',
  notFound: 'This invoice does not exist.',
  adjusted:
    'This invoice is void or has an adjustment note, so it cannot be changed. Please issue an adjustment note instead.',
} as const;

const dateField = z
  .string({ error: INVOICE_MSG.date })
  .transform((v) => v.trim())
  .refine(isCalendarDate, INVOICE_MSG.date);

const decimal = (message: string, positive: boolean) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim().replace(/,/g, ''))
    .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v) && (!positive || Number(v) > 0), message);

export const invoiceLineSchema = z
  .object({
    ExtStockId: z
      .string({ error: FIELD_MSG.required })
      .transform((v) => v.trim().toUpperCase())
      .pipe(
        z
          .string()
          .min(1, FIELD_MSG.required)
          .regex(/^[A-Z0-9-]{1,20}$/, INVOICE_MSG.stockCode),
      ),
    Description: formText(200),
    Quantity: decimal(INVOICE_MSG.quantity, true),
    /** Before GST. */
    Amount: decimal(INVOICE_MSG.amount, false),
    /** The line's GST as the provider's system computed it (PUT /api/v1/invoices); left out: the rate of /Ops (lib/invoices/gst.ts). */
    Gst: decimal(INVOICE_MSG.gst, false).optional(),
  })
  .superRefine((l, ctx) => {
    if (l.ExtStockId === SHEETS_STOCK_CODE && !/^\d+(\.0{1,2})?$/.test(l.Quantity))
      ctx.addIssue({ code: 'custom', path: ['Quantity'], message: INVOICE_MSG.sheets });
  });

/** JMS numbers: an array, or one text with commas, spaces or new lines between them (the form's field). */
export const jobNumbersField = z
  .union([z.string(), z.array(z.string())], { error: INVOICE_MSG.jobsRequired })
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((s) => s.trim()).filter(Boolean))
  .refine((v) => v.every((n) => /^\d{1,18}$/.test(n)), INVOICE_MSG.jobNumber)
  .refine((v) => v.length >= 1, INVOICE_MSG.jobsRequired)
  .transform((v) => [...new Set(v)])
  .refine((v) => v.length <= 100, 'Please enter no more than 100 jobs.');

export const invoiceIssueSchema = z
  .object({
    ClientId: z
      .number({ error: INVOICE_MSG.clientRequired })
      .int()
      .min(1, INVOICE_MSG.clientRequired)
      .max(2_147_483_647),
    /** Empty on the staff form: the next number of the firm's series, given when the invoice is issued. */
    InvoiceNumber: z
      .string({ error: FIELD_MSG.required })
      .transform((v) => v.trim())
      .pipe(z.string().regex(/^([A-Za-z0-9/-]{1,40})?$/, INVOICE_MSG.number)),
    JobNumbers: jobNumbersField,
    IssueDate: dateField,
    DueDate: dateField,
    CurrencyCode: z
      .string({ error: INVOICE_MSG.currency })
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => {
        if (!/^[A-Z]{3}$/.test(v)) return false;
        try {
          new Intl.NumberFormat('en', { style: 'currency', currency: v });
          return true;
        } catch {
          return false;
        }
      }, INVOICE_MSG.currency),
    Lines: z.array(invoiceLineSchema, { error: INVOICE_MSG.linesRequired }).min(1, INVOICE_MSG.linesRequired).max(500),
  })
  .superRefine((v, ctx) => {
    if (v.DueDate < v.IssueDate)
      ctx.addIssue({ code: 'custom', path: ['DueDate'], message: INVOICE_MSG.dueBeforeIssue });
  });
export type InvoiceIssueInput = z.input<typeof invoiceIssueSchema>;
export type InvoiceIssue = z.output<typeof invoiceIssueSchema>;

export const invoiceNumberSchema = z.string().trim().min(1).max(40);
