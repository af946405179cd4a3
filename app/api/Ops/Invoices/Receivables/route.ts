/**
 * GET api/Ops/Invoices/Receivables: what every firm owes today by days past the due date (aged receivables), as
 * CSV (UTF-8 with a byte-order mark, like the other exports). Staff only.
 */
import { apiRoute } from '@/lib/http/route';
import { RECEIVABLES_CSV_HEADER, receivablesCsvRows, staffReceivables } from '@/lib/invoices/statement';
import { csvResponse } from '@/lib/lists/csv';
import { STAFF_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  { produces: 'file', fileTypes: ['text/csv'], roles: STAFF_ROLES, summary: 'Aged receivables of every firm as CSV.' },
  async ({ actor }) => {
    const r = await staffReceivables(actor);
    return csvResponse(
      `Aged-receivables-${r.today}.csv`,
      RECEIVABLES_CSV_HEADER,
      (async function* () {
        yield* receivablesCsvRows(r);
      })(),
    );
  },
);
