import { z } from 'zod';
import { idParam } from '@/lib/http/upload';
import { downloadAnswerResponse } from '@/lib/legacy/documents';
import { prepareDownload } from '@/lib/documents/service';
import { apiRoute } from '@/lib/http/route';

/**
 * GET api/Document/Download/{id}: the file as an attachment, only to users of the owning client (and staff),
 * authorized, verified against its SHA-256 and audited on every request; streamed, or with
 * S3_PRESIGNED_DOWNLOADS a redirect to a presigned URL of at most 60 seconds.
 */
export const GET = apiRoute(
  {
    produces: 'file',
    statuses: {
      302: { description: 'With S3_PRESIGNED_DOWNLOADS: a redirect to a presigned URL that lives at most 60 seconds.' },
    },
    params: z.object({ id: idParam }),
  },
  async ({ actor, params }) => downloadAnswerResponse(await prepareDownload(actor, params.id, { allowRedirect: true })),
);
