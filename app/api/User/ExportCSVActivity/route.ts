/** POST api/User/ExportCSVActivity: Activity.csv of the firm's filtered events, newest first (role 4, audited). */
import { activityCsvRows, exportActivity } from '@/lib/audit/activity';
import { ACTIVITY_CSV_HEADER, ACTIVITY_EXPORT_FILE, activityQuerySchema } from '@/lib/audit/activity-schema';
import { auditedExport, filtersOf } from '@/lib/audit/export';
import { apiRoute } from '@/lib/http/route';
import { csvStream, csvStreamResponse } from '@/lib/lists/csv';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { produces: 'csv', roles: [CLIENT_ADMIN_ROLE], body: activityQuerySchema },
  async ({ req, actor, body }) =>
    csvStreamResponse(
      ACTIVITY_EXPORT_FILE,
      await auditedExport(
        actor,
        { file: ACTIVITY_EXPORT_FILE, list: 'Activity', filters: filtersOf(body) },
        csvStream(ACTIVITY_CSV_HEADER, activityCsvRows(exportActivity(actor, body), actor)),
        req,
      ),
    ),
);
