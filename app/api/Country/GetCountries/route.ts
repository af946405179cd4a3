import { apiRoute } from '@/lib/http/route';
import { listCountries } from '@/lib/jobs/lookups';
import { presentCountry } from '@/lib/jobs/lookups-legacy';

export const dynamic = 'force-dynamic';

/** GET api/Country/GetCountries. */
export const GET = apiRoute({}, async () => (await listCountries()).map(presentCountry));
