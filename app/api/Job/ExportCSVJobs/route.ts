/** POST api/Job/ExportCSVJobs (spec §7, §9): Jobs.csv of exactly the filtered, sorted list, streamed (and audited). */
import { auditedExport, filtersOf } from '@/lib/audit/export';
import { JOB_EXPORT_FILE, jobExportStream } from '@/lib/jobs/export';
import { jobListBodySchema } from '@/lib/jobs/list-schema';
import { apiRoute } from '@/lib/http/route';
import { csvStreamResponse } from '@/lib/lists/csv';
import { CLIENT_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { produces: 'csv', roles: CLIENT_ROLES, body: jobListBodySchema },
  async ({ req, actor, body }) =>
    csvStreamResponse(
      JOB_EXPORT_FILE,
      await auditedExport(
        actor,
        { file: JOB_EXPORT_FILE, list: 'Jobs', filters: filtersOf(body) },
        await jobExportStream(actor, body),
        req,
      ),
    ),
);
