/** POST api/Authentication/GetUserByEmailId (spec §7): { EmailId } → the user model, or null (see lib/settings/user-lookup.ts). */
import { apiRoute } from '@/lib/http/route';
import { emailIdBody } from '@/lib/legacy/settings';
import { getUserByEmailId } from '@/lib/settings/user-lookup';
import { lookedUpUserAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute({ response: lookedUpUserAnswer, body: emailIdBody }, async ({ actor, body }) =>
  getUserByEmailId(actor, body),
);
