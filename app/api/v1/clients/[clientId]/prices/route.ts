/** PUT /api/v1/clients/{clientId}/prices: replaces the client's price list and payment terms, which "Invoice these jobs" prices from. */
import { savePriceListForApi } from '@/lib/integration/billing';
import { v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { PRICE_FIELD_NAMES, clientPathParams, priceListAnswer, priceListBody } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const PUT = v1Route(
  {
    scope: 'invoices:write',
    summary:
      'Replaces the client’s price list (a unit price before GST per order type, with the stock code and description of its invoice line) and its payment terms in days.',
    params: clientPathParams,
    body: priceListBody,
    response: priceListAnswer,
    fieldNames: PRICE_FIELD_NAMES,
    statuses: { 404: { description: 'No such client.' } },
  },
  async ({ principal, params, body }) => savePriceListForApi(principal, params.clientId, body),
);

const notAllowed = v1NotAllowed(['PUT']);
export const GET = notAllowed;
export const POST = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
