/** POST api/User/ExportCSVUsers: User.csv of exactly the filtered, sorted list, streamed (role 4). */
import { apiRoute } from '@/lib/http/route';
import { csvResponse } from '@/lib/lists/csv';
import { CLIENT_ADMIN_ROLE, EXPORT_FILE } from '@/lib/reference';
import { USER_CSV_HEADER, userCsvRows } from '@/lib/users/legacy';
import { userListQuerySchema } from '@/lib/users/list-schema';
import { exportUsers } from '@/lib/users/service';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ produces: 'csv', roles: [CLIENT_ADMIN_ROLE], body: userListQuerySchema }, async ({ actor, body }) =>
  csvResponse(EXPORT_FILE.users, USER_CSV_HEADER, userCsvRows(exportUsers(actor, body), actor.timeZone)),
);
