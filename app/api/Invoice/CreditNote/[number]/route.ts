/**
 * GET api/Invoice/CreditNote/{number}: an adjustment (credit) note as a PDF. A client user gets their own firm's
 * note (another firm's answers 404 like a missing one); staff with invoices.manage get any client's.
 */
import { z } from 'zod';
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { creditNotePdf } from '@/lib/invoices/credit-note-pdf';
import { creditNotePdfName, getCreditNoteDocument } from '@/lib/invoices/credit-notes';
import { numberSegmentSchema } from '@/lib/invoices/links';
import { CLIENT_ROLES, STAFF_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

const params = z.object({ number: numberSegmentSchema });

export const GET = apiRoute(
  {
    produces: 'file',
    fileTypes: ['application/pdf'],
    roles: [...CLIENT_ROLES, ...STAFF_ROLES],
    params,
    summary: 'The adjustment note as a PDF.',
  },
  async ({ actor, params }) => {
    const note = await getCreditNoteDocument(actor, params.number);
    if (!note) throw new NotFoundError('Adjustment note not found.');
    const bytes = await creditNotePdf(note);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${creditNotePdfName(note.creditNoteNumber)}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
);
