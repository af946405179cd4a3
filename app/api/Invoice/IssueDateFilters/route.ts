/** GET api/Invoice/IssueDateFilters: the issue-date buckets of the invoice list filter. */
import { presentIssueDateFilters } from '@/lib/legacy/invoices';
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ROLES } from '@/lib/reference';
import { issueDateFiltersAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: issueDateFiltersAnswer, roles: CLIENT_ROLES }, async () =>
  presentIssueDateFilters(),
);
