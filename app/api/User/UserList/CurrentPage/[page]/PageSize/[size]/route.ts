/** POST api/User/UserList/CurrentPage/{page}/PageSize/{size}: a page of the caller's client's users (role 4). */
import { apiRoute } from '@/lib/http/route';
import { pagePathSchema } from '@/lib/lists/paging';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { presentUserList } from '@/lib/legacy/users';
import { userListQuerySchema } from '@/lib/users/list-schema';
import { listUsers } from '@/lib/users/service';
import { userListAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: userListAnswer, roles: [CLIENT_ADMIN_ROLE], params: pagePathSchema, body: userListQuerySchema },
  async ({ actor, params, body }) => presentUserList(await listUsers(actor, body, params), actor.clientId ?? 0),
);
