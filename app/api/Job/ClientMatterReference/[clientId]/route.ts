import { apiRoute } from '@/lib/http/route';
import { requireOwnClient, suggestMatterReferences } from '@/lib/jobs/lookups';
import { clientIdParams, matterSearchBody } from '@/lib/legacy/job-lookups';
import { matterReferencesAnswer } from '@/lib/legacy/answers';

/** POST api/Job/ClientMatterReference/{clientId}: up to 20 matter references containing the search text. */
export const POST = apiRoute(
  { response: matterReferencesAnswer, params: clientIdParams, body: matterSearchBody },
  async ({ actor, params, body }) => suggestMatterReferences(requireOwnClient(actor, params.clientId), body),
);
