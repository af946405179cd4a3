/** GET api/Invoice/InvoiceNumber/{number}/{clientdate}: the slip of one of the caller's invoices (404 when unknown or foreign). */
import { z } from 'zod';
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { presentSlip } from '@/lib/legacy/invoices';
import { clientDateSchema, numberSegmentSchema } from '@/lib/invoices/links';
import { getInvoiceSlip } from '@/lib/invoices/service';
import { CLIENT_ROLES } from '@/lib/reference';
import { invoiceSlipAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

const params = z.object({ number: numberSegmentSchema, clientdate: clientDateSchema });

export const GET = apiRoute({ response: invoiceSlipAnswer, roles: CLIENT_ROLES, params }, async ({ actor, params }) => {
  const slip = await getInvoiceSlip(actor, params.number, params.clientdate);
  if (!slip) throw new NotFoundError('Invoice not found.');
  return presentSlip(slip);
});
