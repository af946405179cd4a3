/** POST api/Invoice/ExportCSVInvoices: Invoices.csv of exactly the filtered, sorted list, streamed. */
import { INVOICE_CSV_HEADER, invoiceCsvRows } from '@/lib/invoices/legacy';
import { invoiceListQuerySchema } from '@/lib/invoices/schema';
import { exportInvoices } from '@/lib/invoices/service';
import { apiRoute } from '@/lib/http/route';
import { csvResponse } from '@/lib/lists/csv';
import { CLIENT_ROLES, EXPORT_FILE } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ produces: 'csv', roles: CLIENT_ROLES, body: invoiceListQuerySchema }, async ({ actor, body }) =>
  csvResponse(EXPORT_FILE.invoices, INVOICE_CSV_HEADER, invoiceCsvRows(exportInvoices(actor, body))),
);
