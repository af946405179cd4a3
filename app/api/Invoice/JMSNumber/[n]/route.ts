/** GET api/Invoice/JMSNumber/{n}: the slips of the caller's invoices of a job (404 when there are none). */
import { z } from 'zod';
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { presentSlip } from '@/lib/legacy/invoices';
import { numberSegmentSchema } from '@/lib/invoices/links';
import { getInvoiceSlipsByJob } from '@/lib/invoices/service';
import { CLIENT_ROLES } from '@/lib/reference';
import { invoiceSlipAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

const params = z.object({ n: numberSegmentSchema });

export const GET = apiRoute(
  { response: z.array(invoiceSlipAnswer), roles: CLIENT_ROLES, params },
  async ({ actor, params }) => {
    const slips = await getInvoiceSlipsByJob(actor, params.n);
    if (slips.length === 0) throw new NotFoundError('Invoice not found.');
    return slips.map(presentSlip);
  },
);
