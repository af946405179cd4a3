/** POST api/Invoice/InvoiceList/CurrentPage/{page}/PageSize/{size}: a page of the caller's invoices. */
import { presentInvoiceList } from '@/lib/legacy/invoices';
import { invoiceListQuerySchema } from '@/lib/invoices/schema';
import { listInvoices } from '@/lib/invoices/service';
import { apiRoute } from '@/lib/http/route';
import { pagePathSchema } from '@/lib/lists/paging';
import { CLIENT_ROLES } from '@/lib/reference';
import { invoiceListAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: invoiceListAnswer, roles: CLIENT_ROLES, params: pagePathSchema, body: invoiceListQuerySchema },
  async ({ actor, params, body }) => presentInvoiceList(await listInvoices(actor, body, params)),
);
