import { apiRoute } from '@/lib/http/route';
import { userZonedNow } from '@/lib/jobs/lookups';
import { currentDateBody, presentZonedNow } from '@/lib/legacy/job-lookups';
import { zonedNowAnswer } from '@/lib/legacy/answers';

/** POST api/User/GetUserTimeZoneDateTime: the current date-time in the user's time zone (server clock). */
export const POST = apiRoute({ response: zonedNowAnswer, body: currentDateBody }, async ({ actor }) =>
  presentZonedNow(userZonedNow(actor)),
);
