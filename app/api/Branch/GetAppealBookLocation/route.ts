import { apiRoute } from '@/lib/http/route';
import { listLocations } from '@/lib/jobs/lookups';
import { presentLocation } from '@/lib/legacy/job-lookups';
import { locationsAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

/** GET api/Branch/GetAppealBookLocation: locations (LocationId, Text, BranchId, AlternateBranch). */
export const GET = apiRoute({ response: locationsAnswer }, async () =>
  (await listLocations('appeal_book')).map(presentLocation),
);
