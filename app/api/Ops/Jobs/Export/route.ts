/** POST api/Ops/Jobs/Export: the staff job queue as CSV, exactly as filtered and sorted on screen. Staff only. */
import { apiRoute } from '@/lib/http/route';
import { csvStreamResponse } from '@/lib/lists/csv';
import { QUEUE_EXPORT_FILE, queueExportStream } from '@/lib/ops/queue';
import { queueExportBodySchema } from '@/lib/ops/queue-schema';
import { STAFF_ROLES } from '@/lib/reference';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  { produces: 'csv', roles: STAFF_ROLES, body: queueExportBodySchema },
  async ({ actor, body }) => csvStreamResponse(QUEUE_EXPORT_FILE, await queueExportStream(actor, body)),
);
