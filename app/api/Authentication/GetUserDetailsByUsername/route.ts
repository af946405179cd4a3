/** POST api/Authentication/GetUserDetailsByUsername (spec §7): { UserName } → the user model, or null (see lib/settings/user-lookup.ts). */
import { apiRoute } from '@/lib/http/route';
import { userNameBody } from '@/lib/legacy/settings';
import { getUserDetailsByUserName } from '@/lib/settings/user-lookup';
import { lookedUpUserAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute({ response: lookedUpUserAnswer, body: userNameBody }, async ({ actor, body }) =>
  getUserDetailsByUserName(actor, body),
);
