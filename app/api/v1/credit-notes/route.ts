/** GET /api/v1/credit-notes?clientId=&invoiceNumber=&after=&limit=: adjustment notes in the order issued. */
import { listCreditNotesForApi } from '@/lib/integration/billing';
import { v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { creditNotesAnswer, creditNotesQuery } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const GET = v1Route(
  {
    scope: 'invoices:write',
    summary:
      'Adjustment notes in the order issued, of one client or one invoice if asked. Pass `next` as `after` for the next page.',
    query: creditNotesQuery,
    response: creditNotesAnswer,
  },
  async ({ principal, query }) => listCreditNotesForApi(principal, query),
);

const notAllowed = v1NotAllowed(['GET']);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
