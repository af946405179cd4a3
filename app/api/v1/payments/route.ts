/** POST /api/v1/payments: records a payment against one or several invoices of one client; honours Idempotency-Key. */
import { recordPaymentForApi } from '@/lib/integration/billing';
import { jsonAnswer, v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { PAYMENT_FIELD_NAMES, paymentAnswer, paymentBody } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const POST = v1Route(
  {
    scope: 'invoices:write',
    summary:
      'Records a payment (date, amount, reference) against invoices of one client, part payments allowed; an invoice paid in full moves to Paid and the client is sent a receipt. Events: payment.received per invoice, invoice.paid. Honours Idempotency-Key.',
    body: paymentBody,
    response: paymentAnswer,
    idempotent: true,
    fieldNames: PAYMENT_FIELD_NAMES,
    statuses: { 201: { description: 'Recorded.', response: paymentAnswer } },
  },
  async ({ principal, body }) => jsonAnswer(await recordPaymentForApi(principal, body), 201),
);

const notAllowed = v1NotAllowed(['POST']);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
