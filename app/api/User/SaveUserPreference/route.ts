/** POST api/User/SaveUserPreference (spec §7): saves the caller's own preference (a UserId in the body is ignored). */
import { apiRoute } from '@/lib/http/route';
import { toLegacyUserPreference } from '@/lib/legacy/jobs';
import { saveUserPreference, saveUserPreferenceSchema } from '@/lib/jobs/preferences';
import { userPreferenceAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: userPreferenceAnswer, body: saveUserPreferenceSchema },
  async ({ actor, body }) => toLegacyUserPreference(await saveUserPreference(actor, body)),
);
