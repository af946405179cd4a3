/** GET api/Job/TimeDueFilters (spec §7): the time buckets of the job list's due filter. */
import { apiRoute } from '@/lib/http/route';
import { toLegacyTimeFilters } from '@/lib/legacy/jobs';
import { timeFiltersAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: timeFiltersAnswer }, async () => toLegacyTimeFilters('due'));
