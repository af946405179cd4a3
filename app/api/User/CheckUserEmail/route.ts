/** POST api/User/CheckUserEmail: whether another active user has the e-mail address (boolean; role 4). */
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { checkUserEmailSchema } from '@/lib/users/schema';
import { userEmailExists } from '@/lib/users/service';
import { booleanAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: booleanAnswer, roles: [CLIENT_ADMIN_ROLE], body: checkUserEmailSchema },
  async ({ actor, body }) => userEmailExists(actor, body.value, body.userId),
);
