/**
 * Job source files (spec §5 "File upload", §7 Documents): upload, download, delete. A file is uploaded before
 * the job exists (job_id null, owned by the uploader's client) and attached when the job is saved
 * (job-files.ts). The size limit is enforced while the bytes stream to storage: reading stops and the
 * partial file is deleted as soon as the limit is passed. Every upload writes a log entry (area 15, action 10).
 */
import { Readable } from 'node:stream';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { documents } from '@/db/schema';
import { tryWriteLogEntry, writeLogEntry } from '@/lib/audit/log';
import { isClientActor, type Actor, type ClientActor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@/lib/http/errors';
import { log } from '@/lib/log';
import { MSG } from '@/lib/messages';
import { isStaffActor, requireStaff } from '@/lib/ops/actor';
import { auditStaff } from '@/lib/ops/audit';
import { LOG_ACTION_UPLOAD, UPLOAD_TYPE } from '@/lib/reference';
import { checkFileName } from './filename';
import { fileStorage, newStorageKey } from './storage';

export const DOCUMENT_MSG = {
  noName: 'The file has no name.',
  notAvailable: 'The uploaded file is no longer available. Please upload it again.',
  attachedToJob: 'This file belongs to a saved job and can not be deleted.',
} as const;

export class FileTooLargeError extends ValidationError {
  constructor() {
    super({ File: [MSG.fileTooLarge] }, MSG.fileTooLarge);
    this.name = 'FileTooLargeError';
  }
}

export class BlockedExtensionError extends ValidationError {
  constructor() {
    super({ File: [MSG.fileExtensionBlocked] }, MSG.fileExtensionBlocked);
    this.name = 'BlockedExtensionError';
  }
}

export interface DocumentInfo {
  id: number;
  clientId: number;
  jobId: number | null;
  fileName: string;
  contentType: string;
  size: number;
  uploadType: number;
  uploadedById: number | null;
  createdAt: Date;
}

type DocumentRow = typeof documents.$inferSelect;

export function toDocumentInfo(r: DocumentRow): DocumentInfo {
  return {
    id: r.id,
    clientId: r.clientId,
    jobId: r.jobId,
    fileName: r.fileName,
    contentType: r.contentType,
    size: r.size,
    uploadType: r.uploadType,
    uploadedById: r.uploadedById,
    createdAt: r.createdAt,
  };
}

export function requireClient(actor: Actor): ClientActor {
  if (!isClientActor(actor)) throw new ForbiddenError();
  return actor;
}

export type UploadFailure = 'too_large' | 'blocked_extension' | 'no_name' | 'invalid' | 'storage';

/** Writes the failed-upload log entry (Success false); never throws. */
export async function recordUploadFailure(actor: Actor, fileName: string, reason: UploadFailure, userAgent?: string | null): Promise<void> {
  await tryWriteLogEntry(actor, { action: LOG_ACTION_UPLOAD, success: false, userAgent, details: { fileName: fileName.slice(0, 255), reason } });
}

export interface UploadInput {
  /** The name the browser sent; cleaned and checked here. */
  fileName: string;
  contentType?: string | null;
  /** The bytes, as they arrive (a Readable, an async or a plain iterable). */
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  userAgent?: string | null;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/** Bytes of `source`, failing with FileTooLargeError at the first chunk that passes `max`. */
async function* limited(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, max: number, seen: { bytes: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    seen.bytes += chunk.length;
    if (seen.bytes > max) throw new FileTooLargeError();
    yield chunk;
  }
}

function discard(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): void {
  if (body instanceof Readable) body.destroy();
}

/** Stores an uploaded file for the actor's client (not yet attached to a job) and logs the upload. */
export async function uploadDocument(actor: Actor, input: UploadInput): Promise<DocumentInfo> {
  const a = requireClient(actor);
  const name = checkFileName(input.fileName, config().BLOCKED_EXTENSIONS);
  if (!name.ok) {
    discard(input.body);
    await recordUploadFailure(a, name.fileName, name.reason, input.userAgent);
    throw name.reason === 'blocked_extension' ? new BlockedExtensionError() : new ValidationError({ File: [DOCUMENT_MSG.noName] }, DOCUMENT_MSG.noName);
  }
  const declared = (input.contentType ?? '').trim().toLowerCase();
  const contentType = MIME.test(declared) ? declared : 'application/octet-stream';
  const key = newStorageKey();
  const storage = fileStorage();
  const seen = { bytes: 0 };
  try {
    await storage.put(key, Readable.from(limited(input.body, config().MAX_UPLOAD_BYTES, seen), { objectMode: false, highWaterMark: 256 * 1024 }));
  } catch (e) {
    discard(input.body);
    const reason: UploadFailure = e instanceof FileTooLargeError ? 'too_large' : e instanceof AppError ? 'invalid' : 'storage';
    await recordUploadFailure(a, name.fileName, reason, input.userAgent);
    throw e;
  }
  try {
    const db = await getDb();
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({ clientId: a.clientId, storageKey: key, fileName: name.fileName, contentType, size: seen.bytes, uploadType: UPLOAD_TYPE, uploadedById: a.userId, createdAt: now() })
        .returning();
      if (!row) throw new Error('document not stored');
      await writeLogEntry(tx, a, {
        action: LOG_ACTION_UPLOAD,
        success: true,
        userAgent: input.userAgent,
        details: { documentId: row.id, fileName: row.fileName, size: row.size },
      });
      return toDocumentInfo(row);
    });
  } catch (e) {
    await storage.remove(key).catch(() => undefined);
    await recordUploadFailure(a, name.fileName, 'storage', input.userAgent);
    throw e;
  }
}

/** A live (not deleted) document of the actor's client, or null. */
export async function findDocument(q: Queryable, actor: ClientActor, id: number): Promise<DocumentRow | null> {
  const [row] = await q
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.clientId, actor.clientId), isNull(documents.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * For staff (the staff policy's 'jobs.read'): a live document attached to a job of any client; uploads not yet
 * attached to a saved job stay their uploader's client's business. The download is audited.
 */
async function findJobDocumentForStaff(actor: Actor, id: number): Promise<DocumentRow | null> {
  const staff = requireStaff(actor, 'jobs.read');
  const db = await getDb();
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), isNotNull(documents.jobId), isNull(documents.deletedAt)))
    .limit(1);
  if (!row) return null;
  await auditStaff(db, staff, { action: 'ops.document.downloaded', clientId: row.clientId, targetType: 'document', targetId: row.id, details: { jobId: row.jobId, fileName: row.fileName } });
  return row;
}

/** The job's current source file (the newest live document attached to it), or null. */
export async function currentJobDocument(actor: Actor, jobId: number, q?: Queryable): Promise<DocumentInfo | null> {
  const a = requireClient(actor);
  const d = q ?? (await getDb());
  const [row] = await d
    .select()
    .from(documents)
    .where(and(eq(documents.jobId, jobId), eq(documents.clientId, a.clientId), isNull(documents.deletedAt)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  return row ? toDocumentInfo(row) : null;
}

export interface OpenedDocument {
  document: DocumentInfo;
  stream: Readable;
}

/** Opens a document of the actor's client for download; another client's answers like a missing one. */
export async function openDocument(actor: Actor, id: number): Promise<OpenedDocument> {
  const row = isStaffActor(actor) ? await findJobDocumentForStaff(actor, id) : await findDocument(await getDb(), requireClient(actor), id);
  if (!row) throw new NotFoundError();
  try {
    return { document: toDocumentInfo(row), stream: await fileStorage().open(row.storageKey) };
  } catch (err) {
    log().error({ err, documentId: row.id }, 'stored file missing');
    throw new NotFoundError();
  }
}

/**
 * Deletes an upload that no saved job uses yet (the form's "remove file"): the row is soft-deleted, then the
 * stored file removed. A file of a saved job cannot be deleted this way (409).
 */
export async function deleteDocument(actor: Actor, id: number): Promise<{ message: string }> {
  const a = requireClient(actor);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const found = await findDocument(tx, a, id);
    if (!found) throw new NotFoundError();
    if (found.jobId !== null) throw new ConflictError(DOCUMENT_MSG.attachedToJob);
    const [deleted] = await tx
      .update(documents)
      .set({ deletedAt: now() })
      .where(and(eq(documents.id, id), eq(documents.clientId, a.clientId), isNull(documents.deletedAt), isNull(documents.jobId)))
      .returning();
    if (!deleted) throw new NotFoundError();
    return deleted;
  });
  try {
    await fileStorage().remove(row.storageKey);
  } catch (err) {
    log().warn({ err, documentId: row.id }, 'deleted document file could not be removed');
  }
  return { message: MSG.fileDeleted };
}
