/** POST api/User/ExportCSVUsers: User.csv of exactly the filtered, sorted list, streamed (role 4, audited). */
import { auditedExport, filtersOf } from '@/lib/audit/export';
import { apiRoute } from '@/lib/http/route';
import { csvStream, csvStreamResponse } from '@/lib/lists/csv';
import { CLIENT_ADMIN_ROLE, EXPORT_FILE } from '@/lib/reference';
import { USER_CSV_HEADER, userCsvRows } from '@/lib/legacy/users';
import { userListQuerySchema } from '@/lib/users/list-schema';
import { exportUsers } from '@/lib/users/service';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { produces: 'csv', roles: [CLIENT_ADMIN_ROLE], body: userListQuerySchema },
  async ({ req, actor, body }) =>
    csvStreamResponse(
      EXPORT_FILE.users,
      await auditedExport(
        actor,
        { file: EXPORT_FILE.users, list: 'Users', filters: filtersOf(body) },
        csvStream(USER_CSV_HEADER, userCsvRows(exportUsers(actor, body), actor.timeZone)),
        req,
      ),
    ),
);
