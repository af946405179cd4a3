/**
 * The request and answer schemas of /api/v1, camelCase. The OpenAPI document of /api/v1 is generated
 * from them, the route adapter parses with them, and tsc checks the handlers' answers against them. The rules of
 * the domain stay in the domain's schemas: a status change is parsed by lib/jobs/workflow-rules.ts, an invoice by
 * lib/invoices/issue-schema.ts (the API's names are mapped onto theirs, and their field messages back). Browser-safe.
 */
import { z } from 'zod';
import { byKey } from '@/lib/job-fields';

const instant = z.string().describe('ISO 8601 instant (UTC)');
const sha256 = z
  .string()
  .nullable()
  .describe('SHA-256 of the bytes, 64 hex digits (null only for files stored before receipts)');

/** A JMS job number in a path: digits. */
export const jmsNumberParam = z.string().regex(/^\d{1,18}$/, 'A JMS number is 1 to 18 digits.');
export const jobPathParams = z.object({ jmsNumber: jmsNumberParam });

// ---- GET /api/v1/jobs/changes -----------------------------------------------------------------------------

export const CHANGES_DEFAULT_LIMIT = 100;
export const CHANGES_MAX_LIMIT = 1000;

export const changesQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('The nextCursor of the previous page; omit to start from the beginning.'),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${CHANGES_MAX_LIMIT}.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= CHANGES_MAX_LIMIT, `limit must be a whole number from 1 to ${CHANGES_MAX_LIMIT}.`)
    .optional()
    .describe(`At most this many changes (default ${CHANGES_DEFAULT_LIMIT}).`),
});

export const jobChangeAnswer = z.object({
  cursor: z.string(),
  kind: z
    .enum(['job.created', 'job.status_changed', 'job.assigned', 'job.changed', 'job.feedback'])
    .describe(
      'job.assigned: data {assignedToId, assignedTo, previousAssigneeId, previousAssignee, changedBy}; ids and names null for nobody.',
    ),
  jmsNumber: z.string(),
  clientId: z.number().int(),
  status: z.number().int(),
  occurredAt: instant,
  data: z.record(z.string(), z.unknown()),
});

export const jobChangesAnswer = z.object({
  changes: z.array(jobChangeAnswer),
  nextCursor: z.string().nullable().describe('Pass it as cursor next time (it stays the same when nothing changed).'),
});

// ---- GET /api/v1/jobs/{jmsNumber} ---------------------------------------------------------------------------

export const jobFileAnswer = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256,
  uploadedAt: instant,
  uploadedBy: z.string().nullable(),
});

export const jobAnswer = z.object({
  jmsNumber: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  orderType: z.number().int(),
  orderTypeName: z.string(),
  description: z.string(),
  matterReference: z.string(),
  matterType: z.string().nullable(),
  lioNumber: z.string().nullable(),
  costEstimateNumber: z.string().nullable(),
  contactName: z.string(),
  email: z.string(),
  contactPhone: z.string(),
  afterHourContactNumber: z.string().nullable(),
  address: z.string(),
  ...byKey(() => z.string().nullable()),
  processingCity: z.string().nullable(),
  numberOfCopies: z.number().int().nullable(),
  whatToCollect: z.string().nullable(),
  copyAsOriginal: z.boolean(),
  instructions: z.string().nullable(),
  internalInstructions: z.string().nullable(),
  instructionBlock: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The instruction block of the job type, as stored.'),
  instructionBlockRows: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .describe('The instruction block as the job slip shows it.'),
  timeZone: z.string(),
  createdAt: instant,
  readyAt: instant,
  dueAt: instant,
  deliveredAt: instant.nullable(),
  updatedAt: instant,
  statusUpdatedAt: instant,
  createdBy: z.string().nullable(),
  statusLastModifiedBy: z.string().nullable(),
  clonedFromJmsNumber: z.string().nullable(),
  sourceFiles: z.array(jobFileAnswer),
  deliveredFiles: z.array(jobFileAnswer),
  feedback: z.array(
    z.object({ rating: z.number().int(), comments: z.string(), by: z.string().nullable(), at: instant }),
  ),
  assignedToId: z.number().int().nullable().describe('The staff user who owns the job (null: nobody).'),
  assignedTo: z.string().nullable().describe('Their name.'),
});

// ---- POST /api/v1/jobs/{jmsNumber}/status -------------------------------------------------------------------

export const statusChangeBody = z.object({
  status: z.number().int().describe('The new status id (spec §4: 15 Cost Estimate, 12 Submitted, …, 8 Delivered).'),
  comment: z.string().nullish().describe('An optional comment, kept in the job’s comment history.'),
  visibleToClient: z.boolean().optional().describe('Whether the client sees the comment (default false: internal).'),
  expectedStatus: z
    .number()
    .int()
    .optional()
    .describe('The status the caller last saw; when the job has moved on meanwhile the change is refused with 409.'),
});

export const statusChangeAnswer = z.object({
  jmsNumber: z.string(),
  fromStatus: z.number().int(),
  toStatus: z.number().int(),
  statusLabel: z.string(),
  changedAt: instant,
  changedBy: z.string(),
  deliveredAt: instant.nullable(),
  alertsQueued: z.number().int().describe('Alert e-mails queued for the client’s users who chose this status.'),
});

// ---- PUT /api/v1/invoices/{invoiceNumber} -------------------------------------------------------------------

export const invoicePathParams = z.object({ invoiceNumber: z.string().min(1).max(40) });

const decimalText = z.union([z.string(), z.number()]);

export const invoiceUpsertBody = z.object({
  clientId: z.number().int().describe('The client the invoice is for.'),
  jobNumbers: z
    .array(z.string())
    .describe('JMS numbers of the client’s jobs it bills (the first names the invoice in lists).'),
  issueDate: z.string().describe('yyyy-MM-dd'),
  dueDate: z.string().describe('yyyy-MM-dd, on or after issueDate'),
  currencyCode: z.string().describe('ISO 4217, e.g. AUD'),
  lines: z.array(
    z.object({
      stockCode: z.string(),
      description: z.string(),
      quantity: decimalText.describe('Greater than zero, at most two decimals (EZ999: whole sheets).'),
      amount: decimalText.describe('The line amount before GST, at most two decimals.'),
      gst: decimalText
        .optional()
        .describe(
          'The line’s GST as your system computed it, at most two decimals (0 for a GST-free line). Left out: the rate set in /Ops, rounded to the cent half up.',
        ),
    }),
  ),
});

/** The invoice service's field names (lib/invoices/issue-schema.ts) → the API's, for 400 `errors`. */
export const INVOICE_FIELD_NAMES: Readonly<Record<string, string>> = {
  ClientId: 'clientId',
  InvoiceNumber: 'invoiceNumber',
  JobNumbers: 'jobNumbers',
  IssueDate: 'issueDate',
  DueDate: 'dueDate',
  CurrencyCode: 'currencyCode',
  Lines: 'lines',
  ExtStockId: 'stockCode',
  Description: 'description',
  Quantity: 'quantity',
  Amount: 'amount',
  Gst: 'gst',
};

export const invoiceAnswer = z.object({
  invoiceNumber: z.string(),
  clientId: z.number().int(),
  amount: z.string().describe('The total payable: the line amounts plus GST, two decimals.'),
  gst: z.string().describe('The invoice’s GST: the sum of the lines’ GST, two decimals.'),
  created: z.boolean().describe('true: the invoice is new (201); false: it replaced the invoice of that number (200).'),
});

// ---- POST /api/v1/invoices/{invoiceNumber}/void and /credit-notes, GET /api/v1/credit-notes -------------------

export const voidBody = z.object({
  reason: z.string().describe('Why the invoice is voided (required, up to 500 characters); the firm is told it.'),
});

export const VOID_FIELD_NAMES: Readonly<Record<string, string>> = { InvoiceNumber: 'invoiceNumber', Reason: 'reason' };

export const voidAnswer = z.object({
  invoiceNumber: z.string(),
  clientId: z.number().int(),
  voidedAt: instant,
  reason: z.string(),
  mailsQueued: z.number().int().describe('E-mails queued for the firm’s billing contacts.'),
});

export const creditNoteBody = z.object({
  amount: decimalText.describe(
    'The adjustment, GST included: greater than zero, at most two decimals, no more than the invoice total less earlier adjustment notes.',
  ),
  reason: z.string().describe('Why the invoice is adjusted (required, up to 500 characters); printed on the note.'),
});

export const CREDIT_NOTE_FIELD_NAMES: Readonly<Record<string, string>> = {
  InvoiceNumber: 'invoiceNumber',
  Amount: 'amount',
  Reason: 'reason',
};

export const creditNoteAnswer = z.object({
  creditNoteNumber: z.string().describe('The firm’s own adjustment-note series, e.g. CN-HV1001-3.'),
  invoiceNumber: z.string(),
  clientId: z.number().int(),
  issueDate: z.string().describe('yyyy-MM-dd'),
  amount: z.string().describe('The adjustment, GST included, two decimals.'),
  gst: z.string().describe('The GST in the adjustment, in proportion to the invoice’s GST.'),
  currencyCode: z.string(),
  reason: z.string(),
  amountCredited: z.string().describe('What the invoice’s adjustment notes have credited in all.'),
  balance: z.string().describe('What the invoice still owes after payments and adjustment notes.'),
  mailsQueued: z.number().int().describe('E-mails (with the note’s PDF) queued for the firm’s billing contacts.'),
});

export const CREDIT_NOTES_DEFAULT_LIMIT = 100;
export const CREDIT_NOTES_MAX_LIMIT = 1000;

export const creditNotesQuery = z.object({
  clientId: z
    .string()
    .regex(/^\d{1,9}$/, 'clientId must be a whole number.')
    .transform(Number)
    .optional()
    .describe('Only this client’s notes.'),
  invoiceNumber: z.string().min(1).max(40).optional().describe('Only the notes of this invoice.'),
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'after must be a whole number.')
    .transform(Number)
    .optional()
    .describe('The next value of the previous page; omit to start from the first note.'),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${CREDIT_NOTES_MAX_LIMIT}.`)
    .transform(Number)
    .refine(
      (n) => n >= 1 && n <= CREDIT_NOTES_MAX_LIMIT,
      `limit must be a whole number from 1 to ${CREDIT_NOTES_MAX_LIMIT}.`,
    )
    .optional()
    .describe(`At most this many notes (default ${CREDIT_NOTES_DEFAULT_LIMIT}).`),
});

export const creditNotesAnswer = z.object({
  creditNotes: z.array(
    z.object({
      creditNoteNumber: z.string(),
      invoiceNumber: z.string(),
      clientId: z.number().int(),
      issueDate: z.string().describe('yyyy-MM-dd'),
      amount: z.string(),
      gst: z.string(),
      currencyCode: z.string(),
      reason: z.string(),
      createdAt: instant,
    }),
  ),
  next: z.number().int().nullable().describe('Pass as `after` for the next page; null when this page is the last.'),
});

// ---- POST /api/v1/jobs/{jmsNumber}/files --------------------------------------------------------------------

export const fileReceiptAnswer = z.object({
  id: z.number().int(),
  jmsNumber: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string().describe('SHA-256 of the bytes as stored, 64 hex digits: compare it with your own.'),
  uploadedAt: instant,
});

// ---- POST /api/v1/jobs/{jmsNumber}/assignee ------------------------------------------------------

export const assignBody = z.object({
  assigneeId: z
    .number()
    .int()
    .nullable()
    .describe(
      'The staff user to own the job (their id, as in assignedToId and the job.assigned events); null: nobody.',
    ),
});

export const assignAnswer = z.object({
  jmsNumber: z.string(),
  assignedToId: z.number().int().nullable(),
  assignedTo: z.string().nullable(),
  previousAssigneeId: z.number().int().nullable(),
  previousAssignee: z.string().nullable(),
  changedAt: instant,
  changedBy: z.string(),
});

// ---- POST /api/v1/payments -------------------------------------------------------------------------

export const paymentBody = z.object({
  invoiceNumbers: z
    .array(z.string())
    .describe('The invoices it pays, all of one client; applied in this order, each up to what it owes.'),
  paymentDate: z.string().describe('yyyy-MM-dd'),
  amount: decimalText.describe('Greater than zero, at most two decimals; no more than the invoices owe together.'),
  reference: z.string().optional().describe('E.g. the bank transfer’s reference (up to 100 characters).'),
});

/** The payment service's field names (lib/invoices/payment-schema.ts) → the API's. */
export const PAYMENT_FIELD_NAMES: Readonly<Record<string, string>> = {
  InvoiceNumbers: 'invoiceNumbers',
  PaymentDate: 'paymentDate',
  Amount: 'amount',
  Reference: 'reference',
};

export const paymentAnswer = z.object({
  paymentId: z.number().int(),
  clientId: z.number().int(),
  amount: z.string().describe('Two decimals.'),
  currencyCode: z.string(),
  allocations: z
    .array(
      z.object({
        invoiceNumber: z.string(),
        amount: z.string().describe('What this payment paid on the invoice.'),
        balance: z.string().describe('What the invoice still owes.'),
        isPaid: z.boolean().describe('true: paid in full (the invoice.paid event follows).'),
      }),
    )
    .describe('How the payment was applied, in the order given.'),
  receiptsQueued: z
    .number()
    .int()
    .describe('Receipt e-mails queued for the client’s administrators and invoice-alert users.'),
});

// ---- PUT /api/v1/clients/{clientId}/prices -------------------------------------------------------

export const clientPathParams = z.object({ clientId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const priceListBody = z.object({
  paymentTermsDays: z.number().int().describe('Days from issue to due date of a new invoice (0 to 365).'),
  prices: z
    .array(
      z.object({
        orderType: z
          .number()
          .int()
          .describe('1 Appeal Book, 2 Court Copy, 3 Copy, 4 Data Processing, 5 Print, 6 Scan, 7 Consulting, 8 Court.'),
        stockCode: z.string(),
        description: z.string(),
        unitPrice: decimalText.describe('Before GST, at most four decimals.'),
      }),
    )
    .describe('The client’s whole price list: order types left out have no price.'),
});

export const PRICE_FIELD_NAMES: Readonly<Record<string, string>> = {
  PaymentTermsDays: 'paymentTermsDays',
  Prices: 'prices',
  OrderType: 'orderType',
  ExtStockId: 'stockCode',
  Description: 'description',
  UnitPrice: 'unitPrice',
};

export const priceListAnswer = z.object({
  clientId: z.number().int(),
  paymentTermsDays: z.number().int(),
  prices: z.number().int().describe('How many prices the list now has.'),
});
