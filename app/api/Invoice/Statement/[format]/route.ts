/**
 * GET api/Invoice/Statement/{pdf|csv}?from=yyyy-MM-dd: the firm's statement of account for its
 * administrator (role 4), as a PDF or as CSV (UTF-8 with a byte-order mark, like the other exports).
 */
import { z } from 'zod';
import { isCalendarDate } from '@/lib/core/calendar-date';
import { ValidationError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { statementPdf } from '@/lib/invoices/statement-pdf';
import { STATEMENT_CSV_HEADER, statementCsvRows, statementFor } from '@/lib/invoices/statement';
import { csvResponse } from '@/lib/lists/csv';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';

export const dynamic = 'force-dynamic';

const params = z.object({ format: z.enum(['pdf', 'csv'], { error: 'The format is pdf or csv.' }) });

export const GET = apiRoute(
  {
    produces: 'file',
    fileTypes: ['application/pdf', 'text/csv'],
    roles: [CLIENT_ADMIN_ROLE],
    params,
    summary: 'The statement of account as PDF or CSV.',
  },
  async ({ req, actor, params }) => {
    const from = new URL(req.url).searchParams.get('from');
    if (from && !isCalendarDate(from)) throw new ValidationError({ from: ['Please enter a date (yyyy-mm-dd).'] });
    const s = await statementFor(actor, { from });
    const name = `Statement-${s.client.accountNumber.replace(/[^A-Za-z0-9-]/g, '-')}-${s.asOf}`;
    if (params.format === 'csv') {
      return csvResponse(
        `${name}.csv`,
        STATEMENT_CSV_HEADER,
        (async function* () {
          yield* statementCsvRows(s);
        })(),
      );
    }
    return new Response(new Uint8Array(await statementPdf(s)), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
);
