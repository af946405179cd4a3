/**
 * GET api/Invoice/Pdf/{number}: the tax invoice as a PDF. A client user gets their own firm's invoice
 * (another firm's answers 404 like a missing one); staff with invoices.manage get any client's.
 */
import { z } from 'zod';
import { NotFoundError } from '@/lib/core/errors';
import { isStaffRole } from '@/lib/core/staff-policy';
import { apiRoute } from '@/lib/http/route';
import { invoiceFileName } from '@/lib/invoices/attachments';
import { numberSegmentSchema } from '@/lib/invoices/links';
import { invoicePdf } from '@/lib/invoices/pdf';
import { getInvoiceSlip, getInvoiceSlipForStaff } from '@/lib/invoices/service';
import { CLIENT_ROLES, STAFF_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

const params = z.object({ number: numberSegmentSchema });

export const GET = apiRoute(
  {
    produces: 'file',
    fileTypes: ['application/pdf'],
    roles: [...CLIENT_ROLES, ...STAFF_ROLES],
    params,
    summary: 'The invoice as a PDF tax invoice.',
  },
  async ({ actor, params }) => {
    const slip = isStaffRole(actor.role)
      ? await getInvoiceSlipForStaff(actor, params.number)
      : await getInvoiceSlip(actor, params.number);
    if (!slip) throw new NotFoundError('Invoice not found.');
    const bytes = await invoicePdf(slip);
    const name = invoiceFileName(slip.invoice.invoiceNumber);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
);
