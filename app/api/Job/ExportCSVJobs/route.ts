/** POST api/Job/ExportCSVJobs (spec §7, §9): Jobs.csv of exactly the filtered, sorted list, streamed. */
import { JOB_CSV_HEADER, JOB_EXPORT_FILE, jobExportBatches } from '@/lib/jobs/export';
import { jobListBodySchema } from '@/lib/jobs/list-schema';
import { apiRoute } from '@/lib/http/route';
import { csvBatchResponse } from '@/lib/lists/csv';
import { CLIENT_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ roles: CLIENT_ROLES, body: jobListBodySchema }, async ({ actor, body }) =>
  csvBatchResponse(JOB_EXPORT_FILE, JOB_CSV_HEADER, jobExportBatches(actor, body)),
);
