/** POST /api/v1/invoices/{invoiceNumber}/credit-notes: issues an adjustment note for all or part of the invoice. */
import { issueCreditNoteForApi } from '@/lib/integration/billing';
import { jsonAnswer, v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import {
  CREDIT_NOTE_FIELD_NAMES,
  creditNoteAnswer,
  creditNoteBody,
  invoicePathParams,
} from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const POST = v1Route(
  {
    scope: 'invoices:write',
    summary:
      'Issues an adjustment note (its own number, the GST in it, a PDF e-mailed to the firm) for up to what is not yet credited on the invoice, paid or not. Event: credit_note.issued. Honours Idempotency-Key.',
    params: invoicePathParams,
    body: creditNoteBody,
    response: creditNoteAnswer,
    idempotent: true,
    fieldNames: CREDIT_NOTE_FIELD_NAMES,
    statuses: {
      201: { description: 'Issued.', response: creditNoteAnswer },
      409: { description: 'The invoice is void, or already credited in full.' },
    },
  },
  async ({ principal, params, body }) =>
    jsonAnswer(await issueCreditNoteForApi(principal, params.invoiceNumber, body), 201),
);

const notAllowed = v1NotAllowed(['POST']);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
