import { apiRoute } from '@/lib/http/route';
import { listBranches } from '@/lib/jobs/lookups';
import { presentBranch } from '@/lib/jobs/lookups-legacy';

export const dynamic = 'force-dynamic';

/** GET api/Country/GetBranches. */
export const GET = apiRoute({}, async () => (await listBranches()).map(presentBranch));
