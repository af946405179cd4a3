/** POST api/Invoice/ExportCSVInvoices: Invoices.csv of exactly the filtered, sorted list, streamed (and audited). */
import { auditedExport, filtersOf } from '@/lib/audit/export';
import { INVOICE_CSV_HEADER, invoiceCsvRows } from '@/lib/legacy/invoices';
import { invoiceListQuerySchema } from '@/lib/invoices/schema';
import { exportInvoices } from '@/lib/invoices/service';
import { apiRoute } from '@/lib/http/route';
import { csvStream, csvStreamResponse } from '@/lib/lists/csv';
import { CLIENT_ROLES, EXPORT_FILE } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { produces: 'csv', roles: CLIENT_ROLES, body: invoiceListQuerySchema },
  async ({ req, actor, body }) =>
    csvStreamResponse(
      EXPORT_FILE.invoices,
      await auditedExport(
        actor,
        { file: EXPORT_FILE.invoices, list: 'Invoices', filters: filtersOf(body) },
        csvStream(INVOICE_CSV_HEADER, invoiceCsvRows(exportInvoices(actor, body))),
        req,
      ),
    ),
);
