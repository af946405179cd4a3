/** GET api/Invoice/IssueDateFilters: the issue-date buckets of the invoice list filter. */
import { presentIssueDateFilters } from '@/lib/invoices/legacy';
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ roles: CLIENT_ROLES }, async () => presentIssueDateFilters());
