import { apiRoute } from '@/lib/http/route';
import { listProcessingCities, requireOwnClient } from '@/lib/jobs/lookups';
import { clientIdParams, presentProcessingCity } from '@/lib/legacy/job-lookups';
import { processingCitiesAnswer } from '@/lib/legacy/answers';

/** GET api/Job/ProcessingCity/{clientId}: the session's client's processing cities (another client id: 404). */
export const GET = apiRoute({ response: processingCitiesAnswer, params: clientIdParams }, async ({ actor, params }) =>
  (await listProcessingCities(requireOwnClient(actor, params.clientId))).map(presentProcessingCity),
);
