/** POST api/User/Deactivate (by user name): deactivates a user of the caller's client and ends its sessions (role 4). */
import { AppError, NotFoundError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { deactivateSchema, USER_MSG } from '@/lib/users/schema';
import { deactivateUser } from '@/lib/users/service';
import { booleanAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: booleanAnswer, roles: [CLIENT_ADMIN_ROLE], body: deactivateSchema },
  async ({ actor, body }) => {
    const r = await deactivateUser(actor, body);
    if (r.status === 'not-found') throw new NotFoundError();
    if (r.status === 'self')
      throw new AppError(400, USER_MSG.cannotDeactivateSelf, { UserName: [USER_MSG.cannotDeactivateSelf] });
    return true;
  },
);
