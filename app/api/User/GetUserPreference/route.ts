/** GET api/User/GetUserPreference (spec §7, §3 "User preference"): the caller's job list preference. */
import { apiRoute } from '@/lib/http/route';
import { toLegacyUserPreference } from '@/lib/legacy/jobs';
import { getUserPreference } from '@/lib/jobs/preferences';
import { userPreferenceAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: userPreferenceAnswer }, async ({ actor }) =>
  toLegacyUserPreference(await getUserPreference(actor)),
);
