import { z } from 'zod';
import { startStaffMessageUpload } from '@/lib/documents/message-files';
import { idParam } from '@/lib/http/upload';
import { apiRoute } from '@/lib/http/route';
import { directUploadAnswer, directUploadRequest } from '@/lib/legacy/answers';
import { STAFF_ROLES } from '@/lib/reference';

/**
 * POST api/Ops/Jobs/{id}/MessageFiles/Direct (with S3_DIRECT_UPLOADS): a presigned PUT for one file of a
 * staff message on the job; the browser sends the bytes to the bucket, then calls .../Direct/{uploadId}/Complete.
 */
export const POST = apiRoute(
  {
    summary:
      'Starts a direct-to-bucket upload of a staff message file: answers a presigned PUT that fixes the size and SHA-256.',
    response: directUploadAnswer,
    body: directUploadRequest,
    roles: STAFF_ROLES,
    params: z.object({ id: idParam }),
  },
  async ({ actor, body, params }) => {
    const t = await startStaffMessageUpload(actor, params.id, {
      fileName: body.FileName,
      size: body.Size,
      contentType: body.ContentType,
      sha256: body.Sha256,
    });
    return {
      UploadId: t.uploadId,
      Url: t.url,
      Method: t.method,
      Headers: t.headers,
      ExpiresAt: t.expiresAt.toISOString(),
    } satisfies z.input<typeof directUploadAnswer>;
  },
);
