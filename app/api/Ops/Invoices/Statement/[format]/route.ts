/**
 * GET api/Ops/Invoices/Statement/{pdf|csv}?client=<id>&from=yyyy-MM-dd: a firm's statement of account for staff
 * (the one its administrator downloads), as a PDF or as CSV (UTF-8 with a byte-order mark, like the other exports).
 */
import { z } from 'zod';
import { isCalendarDate } from '@/lib/core/calendar-date';
import { ValidationError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { statementPdf } from '@/lib/invoices/statement-pdf';
import { STATEMENT_CSV_HEADER, staffStatement, statementCsvRows } from '@/lib/invoices/statement';
import { csvResponse } from '@/lib/lists/csv';
import { STAFF_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

const params = z.object({ format: z.enum(['pdf', 'csv'], { error: 'The format is pdf or csv.' }) });

export const GET = apiRoute(
  {
    produces: 'file',
    fileTypes: ['application/pdf', 'text/csv'],
    roles: STAFF_ROLES,
    params,
    summary: 'A firm’s statement of account as PDF or CSV, for staff.',
  },
  async ({ req, actor, params }) => {
    const sp = new URL(req.url).searchParams;
    const client = sp.get('client') ?? '';
    const from = sp.get('from');
    if (!/^\d{1,9}$/.test(client)) throw new ValidationError({ client: ['Please choose a client.'] });
    if (from && !isCalendarDate(from)) throw new ValidationError({ from: ['Please enter a date (yyyy-mm-dd).'] });
    const s = await staffStatement(actor, Number(client), { from });
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
