/**
 * The HTTP side of uploads (POST api/Document/UploadJob/5). It cannot use apiRoute, whose JSON body parser
 * would read the whole body: it resolves the actor the same way, streams the multipart body into the upload
 * service and answers the same JSON error envelope.
 */
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { actorFromRequest } from '@/lib/auth/request';
import { config } from '@/lib/config';
import { UnauthorizedError, ValidationError } from '@/lib/http/errors';
import { handleError } from '@/lib/http/route';
import { MSG } from '@/lib/messages';
import { UPLOAD_TYPE } from '@/lib/reference';
import { toLegacyDocument } from './legacy';
import { boundaryOf, DEFAULT_MULTIPART_LIMITS, MULTIPART_MSG, MultipartError, readSingleFile, type FilePart } from './multipart';
import { attachDeliverable, staffUploader } from './deliverables';
import { FileTooLargeError, recordUploadFailure, requireClient, uploadDocument } from './service';

/** A positive database id in a path segment (digits only, within int4). */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number.')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'Must be a positive whole number.');

export const uploadTypeParam = z.literal(String(UPLOAD_TYPE), { error: `The upload type must be ${UPLOAD_TYPE}.` });

/** Iterates a web stream; leaving early cancels it (the rest of the request is not read). */
export async function* iterateBody(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) {
        done = true;
        return;
      }
      yield r.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** X-File-Size: the file's size in bytes, declared before its bytes (the portal's pages send it); undefined when absent. */
export function declaredFileSize(req: Request): number | undefined {
  const v = req.headers.get('x-file-size')?.trim();
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(v)) throw new ValidationError({ File: [MSG.fileSizeInvalid] }, MSG.fileSizeInvalid);
  return Number(v);
}

/**
 * A body longer than the file limit plus everything else a valid upload may carry, or a file declared larger
 * than the limit, is too large: it is refused before a byte is read.
 */
function tooLargeBeforeReading(req: Request, declared: number | undefined): boolean {
  const max = config().MAX_UPLOAD_BYTES;
  const length = Number(req.headers.get('content-length') ?? Number.NaN);
  return (Number.isFinite(length) && length > max + DEFAULT_MULTIPART_LIMITS.maxNonFileBytes) || (declared !== undefined && declared > max);
}

type Params = Promise<Record<string, string | string[] | undefined>>;

/**
 * The browser went away mid-upload (the user cancelled, the connection dropped): not a bug, so no exception
 * report; the intake has already left nothing behind and logged the failed upload. Nobody reads the answer.
 */
function clientGone(e: unknown, req: Request): boolean {
  if (req.signal.aborted) return true;
  const err = e as { code?: unknown; message?: unknown; name?: unknown } | null;
  return err?.code === 'ECONNRESET' || err?.message === 'aborted' || err?.name === 'AbortError';
}

function cancelledResponse(): Response {
  return Response.json({ error: { status: 400, message: 'The upload was cancelled.' } }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
}

/** POST api/Document/UploadJob/{type}: one file, multipart/form-data; answers the document model. */
export async function handleUploadRequest(req: Request, ctx: { params: Params }): Promise<Response> {
  let actor: Actor | null = null;
  try {
    actor = await actorFromRequest(req);
    if (!actor) throw new UnauthorizedError();
    const a = requireClient(actor);
    const type = uploadTypeParam.safeParse((await ctx.params).type);
    if (!type.success) throw new ValidationError({ type: [`The upload type must be ${UPLOAD_TYPE}.`] });
    const boundary = boundaryOf(req.headers.get('content-type'));
    if (!boundary || !req.body) throw new MultipartError(MULTIPART_MSG.invalid);
    const userAgent = req.headers.get('user-agent');
    let declaredSize: number | undefined;
    try {
      declaredSize = declaredFileSize(req);
    } catch (e) {
      await req.body.cancel().catch(() => undefined);
      await recordUploadFailure(a, '', 'invalid', userAgent);
      throw e;
    }
    if (tooLargeBeforeReading(req, declaredSize)) {
      await req.body.cancel().catch(() => undefined);
      await recordUploadFailure(a, '', 'too_large', userAgent);
      throw new FileTooLargeError();
    }
    let part: FilePart;
    try {
      part = await readSingleFile(iterateBody(req.body), boundary);
    } catch (e) {
      await recordUploadFailure(a, '', 'invalid', userAgent);
      throw e;
    }
    const doc = await uploadDocument(a, { fileName: part.fileName, contentType: part.contentType, body: part.stream, declaredSize, userAgent });
    return Response.json(toLegacyDocument(doc), { headers: { 'Cache-Control': 'no-store' } });
  } catch (e) {
    if (clientGone(e, req)) return cancelledResponse();
    return handleError(e, req, actor);
  }
}

/**
 * POST api/Ops/Jobs/{id}/Deliverables: staff attach one finished file (multipart/form-data, streamed like the
 * source upload: limit, SHA-256, malware scan) to any client's job; answers the document model with its receipt.
 */
export async function handleDeliverableUpload(req: Request, ctx: { params: Params }): Promise<Response> {
  let actor: Actor | null = null;
  try {
    actor = await actorFromRequest(req);
    if (!actor) throw new UnauthorizedError();
    const by = staffUploader(actor);
    const id = idParam.safeParse((await ctx.params).id);
    if (!id.success) throw new ValidationError({ id: ['Must be a positive whole number.'] });
    const boundary = boundaryOf(req.headers.get('content-type'));
    if (!boundary || !req.body) throw new MultipartError(MULTIPART_MSG.invalid);
    const declaredSize = declaredFileSize(req);
    if (tooLargeBeforeReading(req, declaredSize)) {
      await req.body.cancel().catch(() => undefined);
      throw new FileTooLargeError();
    }
    const part = await readSingleFile(iterateBody(req.body), boundary);
    const doc = await attachDeliverable(by, id.data, { fileName: part.fileName, contentType: part.contentType, body: part.stream, declaredSize, userAgent: req.headers.get('user-agent') });
    return Response.json(toLegacyDocument(doc), { headers: { 'Cache-Control': 'no-store' } });
  } catch (e) {
    if (clientGone(e, req)) return cancelledResponse();
    return handleError(e, req, actor);
  }
}
