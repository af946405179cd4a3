/** GET api/Settings/UserAlerts (spec §7): the signed-in user's job alerts, [{ JobStatusId, JobStatus, IsSelected }]. */
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ROLES } from '@/lib/reference';
import { getUserAlerts } from '@/lib/settings/service';
import { userAlertsAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ response: userAlertsAnswer, roles: CLIENT_ROLES }, async ({ actor }) =>
  getUserAlerts(actor),
);
