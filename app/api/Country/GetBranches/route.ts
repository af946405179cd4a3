import { apiRoute } from '@/lib/http/route';
import { listBranches } from '@/lib/jobs/lookups';
import { presentBranch } from '@/lib/legacy/job-lookups';
import { branchesAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

/** GET api/Country/GetBranches. */
export const GET = apiRoute({ response: branchesAnswer }, async () => (await listBranches()).map(presentBranch));
