import { publicRoute } from '@/lib/http/route';
import { listCountries } from '@/lib/jobs/lookups';
import { presentCountry } from '@/lib/legacy/job-lookups';
import { countriesAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

/** GET api/Country/GetCountriesForLoginPage: public (the sign-in page shows it). */
export const GET = publicRoute({ response: countriesAnswer }, async () =>
  (await listCountries({ loginPageOnly: true })).map(presentCountry),
);
