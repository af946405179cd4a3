/** POST api/User/CheckUserName: whether the user name is taken (boolean; role 4). */
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { checkUserNameSchema } from '@/lib/users/schema';
import { userNameExists } from '@/lib/users/service';
import { booleanAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: booleanAnswer, roles: [CLIENT_ADMIN_ROLE], body: checkUserNameSchema },
  async ({ actor, body }) => userNameExists(actor, body.value, body.userId),
);
