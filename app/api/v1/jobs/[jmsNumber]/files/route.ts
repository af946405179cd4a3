/**
 * POST /api/v1/jobs/{jmsNumber}/files: attaches one delivered file (multipart/form-data, field "file"), streamed;
 * answers its SHA-256 receipt. With X-File-Size (the file's size, known before its bytes) it is stored in one
 * streamed request, as the portal's own pages do.
 */
import { apiKeyPrincipal, metaFromHeaders } from '@/lib/core/principal';
import { declaredFileSize, iterateBody } from '@/lib/documents/http';
import { boundaryOf, DEFAULT_MULTIPART_LIMITS, MULTIPART_MSG, MultipartError, readSingleFile } from '@/lib/documents/multipart';
import { FileTooLargeError } from '@/lib/documents/service';
import { config } from '@/lib/config';
import { attachFileForApi } from '@/lib/integration/jobs';
import { jsonAnswer, v1NotAllowed, v1Route } from '@/lib/integration/route';
import { fileReceiptAnswer, jobPathParams } from '@/lib/integration/schemas';

export const dynamic = 'force-dynamic';

export const POST = v1Route(
  {
    scope: 'files:write',
    summary: 'Attaches a finished file (a deliverable) to the job: multipart/form-data with one field "file", streamed, scanned; answers the SHA-256 receipt (201).',
    params: jobPathParams,
    multipart: true,
    fieldNames: { File: 'file' },
    statuses: { 201: { description: 'Attached: the receipt.', response: fileReceiptAnswer } },
  },
  async ({ req, key, params }) => {
    const boundary = boundaryOf(req.headers.get('content-type'));
    if (!boundary || !req.body) throw new MultipartError(MULTIPART_MSG.invalid);
    const declaredSize = declaredFileSize(req);
    const length = Number(req.headers.get('content-length') ?? Number.NaN);
    if ((Number.isFinite(length) && length > config().MAX_UPLOAD_BYTES + DEFAULT_MULTIPART_LIMITS.maxNonFileBytes) || (declaredSize !== undefined && declaredSize > config().MAX_UPLOAD_BYTES)) {
      await req.body.cancel().catch(() => undefined);
      throw new FileTooLargeError();
    }
    const part = await readSingleFile(iterateBody(req.body), boundary);
    const receipt = await attachFileForApi(apiKeyPrincipal(key, metaFromHeaders(req.headers)), params.jmsNumber, { fileName: part.fileName, contentType: part.contentType, body: part.stream, declaredSize, userAgent: req.headers.get('user-agent') });
    return jsonAnswer(receipt, 201);
  },
);

const notAllowed = v1NotAllowed(['POST']);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
