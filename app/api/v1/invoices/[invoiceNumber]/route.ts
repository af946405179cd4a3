/** PUT /api/v1/invoices/{invoiceNumber}: creates (201) or replaces (200) the invoice of that number, with its line items. */
import { upsertInvoiceForApi } from '@/lib/integration/jobs';
import { jsonAnswer, v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { INVOICE_FIELD_NAMES, invoiceAnswer, invoicePathParams, invoiceUpsertBody } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const PUT = v1Route(
  {
    scope: 'invoices:write',
    summary: 'Creates the invoice with this number (201), or replaces it with these jobs and line items (200).',
    params: invoicePathParams,
    body: invoiceUpsertBody,
    response: invoiceAnswer,
    fieldNames: INVOICE_FIELD_NAMES,
    statuses: {
      201: { description: 'Created.', response: invoiceAnswer },
      409: {
        description:
          'An invoice with this number belongs to another client, or a job is already billed on another live invoice (the message names it).',
      },
    },
  },
  async ({ principal, params, body }) => {
    const r = await upsertInvoiceForApi(principal, params.invoiceNumber, body);
    return r.created ? jsonAnswer(r, 201, { Location: `/api/v1/invoices/${encodeURIComponent(r.invoiceNumber)}` }) : r;
  },
);

const notAllowed = v1NotAllowed(['PUT']);
export const GET = notAllowed;
export const POST = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
