import { z } from 'zod';
import { startDirectUpload } from '@/lib/documents/direct';
import { apiRoute } from '@/lib/http/route';
import { directUploadAnswer, directUploadRequest } from '@/lib/legacy/answers';

/**
 * POST api/Document/DirectUpload (with S3_DIRECT_UPLOADS): a presigned PUT for one source file of the
 * size and SHA-256 given; the browser sends the bytes to the bucket, then calls .../{id}/Complete.
 */
export const POST = apiRoute(
  {
    summary: 'Starts a direct-to-bucket upload: answers a presigned PUT that fixes the size and SHA-256.',
    response: directUploadAnswer,
    body: directUploadRequest,
  },
  async ({ actor, body, req }) => {
    const t = await startDirectUpload(actor, {
      fileName: body.FileName,
      size: body.Size,
      contentType: body.ContentType,
      sha256: body.Sha256,
      userAgent: req.headers.get('user-agent'),
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
