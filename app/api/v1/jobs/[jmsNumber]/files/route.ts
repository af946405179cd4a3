/**
 * POST /api/v1/jobs/{jmsNumber}/files: attaches one delivered file (multipart/form-data, field "file"), streamed;
 * answers its SHA-256 receipt. With X-File-Size (the file's size, known before its bytes) it is stored in one
 * streamed request, as the portal's own pages do.
 */
import { declaredSizeWithinLimit, maxUploadBodyBytes, readUpload } from '@/lib/http/upload';
import { FileTooLargeError } from '@/lib/documents/service';
import { attachFileForApi } from '@/lib/integration/jobs';
import { jsonAnswer, v1NotAllowed, v1Route } from '@/lib/http/v1-route';
import { fileReceiptAnswer, jobPathParams } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const POST = v1Route(
  {
    scope: 'files:write',
    summary:
      'Attaches a finished file (a deliverable) to the job: multipart/form-data with one field "file", streamed, scanned; answers the SHA-256 receipt (201).',
    params: jobPathParams,
    multipart: true,
    fieldNames: { File: 'file' },
    maxBodyBytes: maxUploadBodyBytes,
    tooLarge: () => new FileTooLargeError(),
    statuses: { 201: { description: 'Attached: the receipt.', response: fileReceiptAnswer } },
  },
  async ({ req, principal, params, maxBodyBytes }) => {
    const declaredSize = declaredSizeWithinLimit(req);
    const part = await readUpload(req, maxBodyBytes);
    const receipt = await attachFileForApi(principal, params.jmsNumber, {
      fileName: part.fileName,
      contentType: part.contentType,
      body: part.stream,
      declaredSize,
      userAgent: req.headers.get('user-agent'),
    });
    return jsonAnswer(receipt, 201);
  },
);

const notAllowed = v1NotAllowed(['POST']);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
