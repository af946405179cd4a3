/**
 * POST api/User/SaveUser: creates (no UserId) or edits a user of the caller's client (role 4). Answers
 * 1 on success, 2 when the new password is one of the user's last 10, and 0 (spec §7's failure) when the user
 * name or e-mail address is already used or the user to edit does not exist (or is another client's); a caller
 * learns which name is taken from CheckUserName / CheckUserEmail. A malformed or invalid user answers 400.
 */
import { ValidationError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { saveUserCode } from '@/lib/legacy/users';
import { legacySaveUserSchema } from '@/lib/users/schema';
import { saveUser } from '@/lib/users/service';
import { saveUserAnswer } from '@/lib/legacy/answers';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { response: saveUserAnswer, roles: [CLIENT_ADMIN_ROLE], body: legacySaveUserSchema },
  async ({ actor, body }) => {
    const r = await saveUser(actor, body);
    if (r.status === 'invalid') throw new ValidationError(r.fields);
    return saveUserCode(r);
  },
);
