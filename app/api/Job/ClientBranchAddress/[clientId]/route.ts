import { apiRoute } from '@/lib/http/route';
import { listBranchAddresses, requireOwnClient } from '@/lib/jobs/lookups';
import { clientIdParams, presentBranchAddress } from '@/lib/legacy/job-lookups';
import { branchAddressesAnswer } from '@/lib/legacy/answers';

/** GET api/Job/ClientBranchAddress/{clientId}: the session's client's branch addresses (another client id: 404). */
export const GET = apiRoute({ response: branchAddressesAnswer, params: clientIdParams }, async ({ actor, params }) =>
  (await listBranchAddresses(requireOwnClient(actor, params.clientId))).map(presentBranchAddress),
);
