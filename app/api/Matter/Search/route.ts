import { apiRoute } from '@/lib/http/route';
import { matterSearchAnswer, matterSearchSchema, searchMatters } from '@/lib/matters/search';
import { CLIENT_ROLES } from '@/lib/reference';

/** POST api/Matter/Search { Query }: the search box's suggestions (matters, jobs, invoices of the caller's client). */
export const POST = apiRoute(
  {
    summary: 'Search matters, jobs and invoices by matter reference, party name or description',
    roles: CLIENT_ROLES,
    body: matterSearchSchema,
    response: matterSearchAnswer,
  },
  async ({ actor, body }) => searchMatters(actor, body.Query),
);
