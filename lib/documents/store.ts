/**
 * The one upload store behind every upload: a client's source file (service.ts) and a deliverable the provider
 * attaches (deliverables.ts, from /Ops or /api/v1). Written once here, for both:
 *
 * 1. the name is checked (blocked extensions, no name);
 * 2. the bytes stream once through the intake (intake.ts: size limit, SHA-256, clamd, storage);
 * 3. the row (documents) and the audit row of success are written in one transaction, with whatever else the
 *    caller writes with them (the source upload's log entry);
 * 4. on a refusal or failure at any step nothing is left: the rest of the body is discarded (the file stream is
 *    destroyed, which stops the parser and cancels the request body, so a refused 50 MB upload is not read to
 *    its end), the stored object is removed when the transaction fails (the intake already removed it when the
 *    scan refused it), no row and no audit row of success exist, and the caller's `refused` is told the reason
 *    (its failed-upload log entry or refusal audit row).
 *
 * The parser hands its file over as UploadInput (the name, the type and the bytes as an iterable), unchanged.
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { documents, jobMessages } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { recordAudit } from '@/lib/core/audit';
import { actorOf, type Principal } from '@/lib/core/principal';
import { AppError, ValidationError } from '@/lib/core/errors';
import { MSG } from '@/lib/messages';
import { UPLOAD_TYPE } from '@/lib/reference';
import { checkFileName } from './filename';
import { FileTooLargeError, intakeFile, MalwareFoundError, ScanUnavailableError } from './intake';
import { fileStorage } from './storage';

export const DOCUMENT_MSG = {
  noName: 'The file has no name.',
  notAvailable: 'The uploaded file is no longer available. Please upload it again.',
  attachedToJob: 'This file belongs to a saved job and can not be deleted.',
  onMessage: 'This file was sent with a message and can not be deleted.',
} as const;

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
  /** SHA-256 of the bytes, hex; null only for files stored before receipts existed. */
  sha256: string | null;
  kind: 'source' | 'deliverable';
}

export type DocumentRow = typeof documents.$inferSelect;

/** The document (its id column) is carried by no message on a job (a message keeps its attachments). */
export function notOnAMessage(id: typeof documents.id) {
  return sql`not exists (select 1 from ${jobMessages} where ${jobMessages.documentIds} @> to_jsonb(${id}))`;
}

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
    sha256: r.sha256,
    kind: r.kind,
  };
}

export type UploadFailure =
  'too_large' | 'blocked_extension' | 'no_name' | 'invalid' | 'storage' | 'malware' | 'not_checked';

export interface UploadInput {
  /** The name the browser sent; cleaned and checked here. */
  fileName: string;
  contentType?: string | null;
  /** The bytes, as they arrive (a Readable, an async or a plain iterable). */
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** The file's size declared before its bytes (X-File-Size), if it was: the bytes must add up to it. */
  declaredSize?: number;
  userAgent?: string | null;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/**
 * A refused upload's remaining bytes are not read: a stream is destroyed (the multipart parser then stops and
 * cancels the request body), a generator is closed. A plain iterable (tests, scripts) has nothing to stop.
 */
export function discardBody(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): void {
  if (body instanceof Readable) {
    body.destroy();
    return;
  }
  const it = body as Partial<AsyncGenerator<Uint8Array>>;
  if (typeof it.return === 'function' && typeof it.next === 'function')
    void Promise.resolve(it.return(undefined)).catch(() => undefined);
}

export function failureReason(e: unknown): UploadFailure {
  if (e instanceof FileTooLargeError) return 'too_large';
  if (e instanceof MalwareFoundError) return 'malware';
  if (e instanceof ScanUnavailableError) return 'not_checked';
  return e instanceof AppError ? 'invalid' : 'storage';
}

/** The stored content type: the declared one when it is a plain type/subtype, else octet-stream. */
export function storedContentType(declared: string | null | undefined): string {
  const d = (declared ?? '').trim().toLowerCase();
  return MIME.test(d) ? d : 'application/octet-stream';
}

/** Checks an uploaded name; refusals become the 400 the caller answers. */
export function acceptedFileName(
  raw: string,
):
  | { ok: true; fileName: string }
  | { ok: false; fileName: string; reason: 'blocked_extension' | 'no_name'; error: ValidationError } {
  const name = checkFileName(raw, config().BLOCKED_EXTENSIONS);
  if (name.ok) return { ok: true, fileName: name.fileName };
  const error =
    name.reason === 'blocked_extension'
      ? new BlockedExtensionError()
      : new ValidationError({ File: [DOCUMENT_MSG.noName] }, DOCUMENT_MSG.noName);
  return { ok: false, fileName: name.fileName, reason: name.reason, error };
}

export interface StoreUpload {
  /** Who uploads: the row's uploader and the audit rows' actor, IP and browser. */
  by: Principal;
  /** The client the file belongs to. */
  clientId: number;
  /** The job it is attached to (a deliverable), or null (a source file, attached when its job is saved). */
  jobId: number | null;
  kind: 'source' | 'deliverable';
  /** A staff member's file for a message, held back from the firm until a message to it carries the file. */
  staffOnly?: boolean;
  input: UploadInput;
  /** The audit row of success (action and details), written in the row's transaction. */
  audit: (row: DocumentRow) => { action: string; details: Record<string, unknown> };
  /** Anything else written with the row, in its transaction (the source upload's log entry). */
  withRow?: (tx: Queryable, row: DocumentRow) => Promise<void>;
  /** Told of every refusal or failure with the cleaned name and the reason; never throws (it is awaited, its errors dropped). */
  refused: (fileName: string, reason: UploadFailure) => Promise<void>;
}

/** Stores one upload (steps 1 to 4 above); answers the document, or throws the refusal after cleaning up. */
export async function storeUpload(u: StoreUpload): Promise<DocumentInfo> {
  const refused = (fileName: string, reason: UploadFailure) => u.refused(fileName, reason).catch(() => undefined);
  const name = acceptedFileName(u.input.fileName);
  if (!name.ok) {
    discardBody(u.input.body);
    await refused(name.fileName, name.reason);
    throw name.error;
  }
  const contentType = storedContentType(u.input.contentType);
  let stored;
  try {
    stored = await intakeFile(
      { body: u.input.body, contentType, maxBytes: config().MAX_UPLOAD_BYTES, declaredSize: u.input.declaredSize },
      u.by,
      u.clientId,
      { fileName: name.fileName, kind: u.kind },
    );
  } catch (e) {
    discardBody(u.input.body);
    await refused(name.fileName, failureReason(e));
    throw e;
  }
  return recordStoredUpload(u, name.fileName, contentType, stored);
}

/**
 * Step 3 for bytes already in storage (streamed by storeUpload, or PUT straight to the bucket and checked,
 * lib/documents/direct.ts): the row, the caller's rows and the audit row in one transaction; on failure the
 * stored object is removed and the refusal told.
 */
export async function recordStoredUpload(
  u: Pick<StoreUpload, 'by' | 'clientId' | 'jobId' | 'kind' | 'staffOnly' | 'audit' | 'withRow' | 'refused'>,
  fileName: string,
  contentType: string,
  stored: { key: string; size: number; sha256: string },
): Promise<DocumentInfo> {
  try {
    const db = await getDb();
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          clientId: u.clientId,
          jobId: u.jobId,
          storageKey: stored.key,
          fileName,
          contentType,
          size: stored.size,
          sha256: stored.sha256,
          kind: u.kind,
          staffOnly: u.staffOnly ?? false,
          uploadType: UPLOAD_TYPE,
          uploadedById: actorOf(u.by)?.userId ?? null,
          createdAt: now(),
        })
        .returning();
      if (!row) throw new Error('document not stored');
      await u.withRow?.(tx, row);
      const a = u.audit(row);
      await recordAudit(tx, u.by, {
        action: a.action,
        clientId: u.clientId,
        targetType: 'document',
        targetId: row.id,
        details: a.details,
      });
      return toDocumentInfo(row);
    });
  } catch (e) {
    await fileStorage()
      .remove(stored.key)
      .catch(() => undefined);
    await u.refused(fileName, 'storage').catch(() => undefined);
    throw e;
  }
}
