/** POST /api/v1/invoices/{invoiceNumber}/void: voids an issued invoice that has no payment, with a reason. */
import { voidInvoiceForApi } from '@/lib/integration/billing';
import { v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { invoicePathParams, VOID_FIELD_NAMES, voidAnswer, voidBody } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const POST = v1Route(
  {
    scope: 'invoices:write',
    summary:
      'Voids the invoice (it must have no payment and no adjustment note): it owes nothing from then on, its jobs may be invoiced again, and the firm is e-mailed. Event: invoice.voided.',
    params: invoicePathParams,
    body: voidBody,
    response: voidAnswer,
    fieldNames: VOID_FIELD_NAMES,
    statuses: {
      409: {
        description: 'The invoice is already void, has a payment or has an adjustment note (the message says which).',
      },
    },
  },
  async ({ principal, params, body }) => voidInvoiceForApi(principal, params.invoiceNumber, body),
);

const notAllowed = v1NotAllowed(['POST']);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
