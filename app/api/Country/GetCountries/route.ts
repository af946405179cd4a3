import { apiRoute } from '@/lib/http/route';
import { listCountries } from '@/lib/jobs/lookups';
import { presentCountry } from '@/lib/legacy/job-lookups';
import { countriesAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

/** GET api/Country/GetCountries. */
export const GET = apiRoute({ response: countriesAnswer }, async () => (await listCountries()).map(presentCountry));
