/** GET api/User/User/{id}: one user of the caller's client (role 4); missing or another client's answers 404. */
import { z } from 'zod';
import { NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { presentUser } from '@/lib/legacy/users';
import { getUser } from '@/lib/users/service';
import { userModelAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

const params = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a user id')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});

export const GET = apiRoute(
  { response: userModelAnswer, roles: [CLIENT_ADMIN_ROLE], params },
  async ({ actor, params: p }) => {
    const user = await getUser(actor, p.id);
    if (!user) throw new NotFoundError();
    return presentUser(user, actor.clientId ?? 0);
  },
);
