/** POST api/Settings/SendTestEmail (spec §7): queues a test e-mail to the user's saved address → true / false. */
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ROLES } from '@/lib/reference';
import { testEmailBody } from '@/lib/legacy/settings';
import { sendTestEmail } from '@/lib/settings/service';
import { booleanAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute(
  { response: booleanAnswer, roles: CLIENT_ROLES, body: testEmailBody },
  async ({ actor, body }) => sendTestEmail(actor, body),
);
