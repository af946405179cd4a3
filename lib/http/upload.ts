/**
 * The HTTP side of uploads (POST api/Document/UploadJob/5, api/Ops/Jobs/{id}/Deliverables, /api/v1 files). They go
 * through the one door (lib/http/core.ts: principal, CSRF, a body cap of MAX_UPLOAD_BYTES plus what a valid upload
 * carries besides the file) but not through apiRoute's JSON body parser: the multipart body is streamed, capped,
 * into the upload service, and errors answer the same JSON error envelope.
 */
import { z } from 'zod';
import { actorOf, type Principal } from '@/lib/core/principal';
import { config } from '@/lib/config';
import { cappedStream, door, type DoorContext } from '@/lib/http/core';
import { UnauthorizedError, ValidationError } from '@/lib/core/errors';
import { errorResponse, handleError } from '@/lib/http/route';
import { MSG } from '@/lib/messages';
import { UPLOAD_TYPE } from '@/lib/reference';
import { toLegacyDocument } from '@/lib/legacy/documents';
import {
  boundaryOf,
  DEFAULT_MULTIPART_LIMITS,
  MULTIPART_MSG,
  MultipartError,
  readSingleFile,
  type FilePart,
} from '@/lib/documents/multipart';
import { staffUploader } from '@/lib/documents/deliverables';
import { attachJobFile } from '@/lib/jobs/files';
import { uploadStaffMessageFile } from '@/lib/documents/message-files';
import { FileTooLargeError, recordUploadFailure, requireClient, uploadDocument } from '@/lib/documents/service';

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

/** An upload's body cap: the file limit plus everything else a valid upload may carry (the door refuses more). */
export function maxUploadBodyBytes(): number {
  return config().MAX_UPLOAD_BYTES + DEFAULT_MULTIPART_LIMITS.maxNonFileBytes;
}

/** A file declared (X-File-Size) larger than the limit is too large: it is refused before a byte is read. */
function declaredTooLarge(declared: number | undefined): boolean {
  return declared !== undefined && declared > config().MAX_UPLOAD_BYTES;
}

/** The file's declared size (X-File-Size), undefined when absent; one declared larger than the limit is refused (413). */
export function declaredSizeWithinLimit(req: Request): number | undefined {
  const declared = declaredFileSize(req);
  if (declaredTooLarge(declared)) throw new FileTooLargeError();
  return declared;
}

/**
 * The upload's one file, its bytes read from the capped body (past the cap the stream fails with the spec's
 * "too large" message, the rest of the body unread). A body that is not multipart/form-data is a 400.
 */
export function readUpload(req: Request, max: number): Promise<FilePart> {
  const boundary = boundaryOf(req.headers.get('content-type'));
  const body = cappedStream(req, max, () => new FileTooLargeError());
  if (!boundary || !body) throw new MultipartError(MULTIPART_MSG.invalid);
  return readSingleFile(iterateBody(body), boundary);
}

/**
 * The door of an upload route, in the legacy envelope: the session's principal, CSRF, the upload cap (a declared
 * Content-Length past it: the spec's "too large" 400 before a byte is read).
 */
export function uploadDoor(handler: (ctx: DoorContext, route: { params: Params }) => Promise<Response>) {
  return door(
    {
      auth: 'session',
      maxBodyBytes: maxUploadBodyBytes,
      tooLarge: () => new FileTooLargeError(),
      onError: (e, req, principal) =>
        clientGone(e, req)
          ? Promise.resolve(cancelledResponse())
          : handleError(e, req, principal ? actorOf(principal) : null),
    },
    handler,
  );
}

function signedIn(principal: Principal) {
  const actor = actorOf(principal);
  if (!actor) throw new UnauthorizedError();
  return actor;
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
  return errorResponse(400, 'The upload was cancelled.');
}

/** POST api/Document/UploadJob/{type}: one file, multipart/form-data; answers the document model. */
export const handleUploadRequest = uploadDoor(async ({ req, principal, maxBodyBytes }, ctx) => {
  const a = requireClient(signedIn(principal));
  const type = uploadTypeParam.safeParse((await ctx.params).type);
  if (!type.success) throw new ValidationError({ type: [`The upload type must be ${UPLOAD_TYPE}.`] });
  const userAgent = req.headers.get('user-agent');
  let declaredSize: number | undefined;
  try {
    declaredSize = declaredFileSize(req);
  } catch (e) {
    await recordUploadFailure(a, '', 'invalid', userAgent);
    throw e;
  }
  if (declaredTooLarge(declaredSize)) {
    await recordUploadFailure(a, '', 'too_large', userAgent);
    throw new FileTooLargeError();
  }
  let part: FilePart;
  try {
    part = await readUpload(req, maxBodyBytes);
  } catch (e) {
    await recordUploadFailure(a, '', 'invalid', userAgent);
    throw e;
  }
  const doc = await uploadDocument(a, {
    fileName: part.fileName,
    contentType: part.contentType,
    body: part.stream,
    declaredSize,
    userAgent,
  });
  return Response.json(toLegacyDocument(doc), { headers: { 'Cache-Control': 'no-store' } });
});

/**
 * POST api/Ops/Jobs/{id}/Deliverables: staff attach one finished file (multipart/form-data, streamed like the
 * source upload: limit, SHA-256, malware scan) to any client's job; answers the document model with its receipt.
 */
export const handleDeliverableUpload = uploadDoor(async ({ req, principal, maxBodyBytes }, ctx) => {
  const by = staffUploader(signedIn(principal));
  const id = idParam.safeParse((await ctx.params).id);
  if (!id.success) throw new ValidationError({ id: ['Must be a positive whole number.'] });
  const declaredSize = declaredSizeWithinLimit(req);
  const part = await readUpload(req, maxBodyBytes);
  const doc = await attachJobFile(by, id.data, {
    fileName: part.fileName,
    contentType: part.contentType,
    body: part.stream,
    declaredSize,
    userAgent: req.headers.get('user-agent'),
  });
  return Response.json(toLegacyDocument(doc), { headers: { 'Cache-Control': 'no-store' } });
});

/**
 * POST api/Ops/Jobs/{id}/MessageFiles: a staff member's file for a message on the job, streamed like
 * a source upload (limit, SHA-256, malware scan); held back from the firm until a message to it carries the file.
 */
export const handleStaffMessageUpload = uploadDoor(async ({ req, principal, maxBodyBytes }, ctx) => {
  const actor = signedIn(principal);
  staffUploader(actor);
  const id = idParam.safeParse((await ctx.params).id);
  if (!id.success) throw new ValidationError({ id: ['Must be a positive whole number.'] });
  const declaredSize = declaredSizeWithinLimit(req);
  const part = await readUpload(req, maxBodyBytes);
  const doc = await uploadStaffMessageFile(actor, id.data, {
    fileName: part.fileName,
    contentType: part.contentType,
    body: part.stream,
    declaredSize,
    userAgent: req.headers.get('user-agent'),
  });
  return Response.json(toLegacyDocument(doc), { headers: { 'Cache-Control': 'no-store' } });
});
