/**
 * Job source files (spec §5 "File upload", §7 Documents): upload, download, delete. A file is uploaded before
 * the job exists (job_id null, owned by the uploader's client) and attached when the job is saved
 * (job-files.ts). The size limit is enforced while the bytes stream to storage: reading stops and the
 * partial file is deleted as soon as the limit is passed. Every upload writes a log entry (area 15, action 10).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { documents, jobMessages, jobs } from '@/db/schema';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import { tryWriteLogEntry, writeLogEntry } from '@/lib/audit/log';
import { type Actor, type ClientActor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { AppError, ConflictError, NotFoundError } from '@/lib/core/errors';
import { log } from '@/lib/log';
import { enqueueMail } from '@/lib/mail/outbox';
import { MSG } from '@/lib/messages';
import { authorize } from '@/lib/core/authorize';
import { isStaffActor, staffPolicy } from '@/lib/core/staff-policy';
import { LOG_ACTION_UPLOAD } from '@/lib/reference';
import { fileStorage } from './storage';
import {
  DOCUMENT_MSG,
  notOnAMessage,
  storeUpload,
  toDocumentInfo,
  type DocumentInfo,
  type DocumentRow,
  type UploadFailure,
  type UploadInput,
} from './store';

export { FileSizeMismatchError, FileTooLargeError, MalwareFoundError, ScanUnavailableError } from './intake';
export {
  acceptedFileName,
  BlockedExtensionError,
  DOCUMENT_MSG,
  failureReason,
  storedContentType,
  toDocumentInfo,
  type DocumentInfo,
  type UploadFailure,
  type UploadInput,
} from './store';

/** The tenancy guard under the name the upload door (lib/documents/http.ts) and the job files know it. */
export { requireTenant as requireClient } from '@/lib/core/tenancy';

/** Writes the failed-upload log entry (Success false); never throws. */
export async function recordUploadFailure(
  actor: Actor,
  fileName: string,
  reason: UploadFailure,
  userAgent?: string | null,
): Promise<void> {
  await tryWriteLogEntry(actor, {
    action: LOG_ACTION_UPLOAD,
    success: false,
    userAgent,
    details: { fileName: fileName.slice(0, 255), reason },
  });
}

/**
 * Stores an uploaded file for the actor's client (not yet attached to a job) and logs the upload, through the
 * upload store (store.ts): the bytes stream once (counted against the limit, hashed, scanned when clamd is
 * configured, written to storage); the row with the receipt (hash, size, time, uploader), the log entry and the
 * audit row are written only when all of that passed; a refusal leaves nothing and logs the failed upload.
 */
export async function uploadDocument(actor: Actor, input: UploadInput): Promise<DocumentInfo> {
  const a = requireTenant(actor);
  return storeUpload({
    by: userPrincipal(a),
    clientId: a.clientId,
    jobId: null,
    kind: 'source',
    input,
    withRow: async (tx, row) => {
      await writeLogEntry(tx, a, {
        action: LOG_ACTION_UPLOAD,
        success: true,
        userAgent: input.userAgent,
        details: { documentId: row.id, fileName: row.fileName, size: row.size, sha256: row.sha256 },
      });
    },
    audit: (row) => ({ action: 'document.uploaded', details: { fileName: row.fileName, size: row.size } }),
    refused: (fileName, reason) => recordUploadFailure(a, fileName, reason, input.userAgent),
  });
}

/**
 * The documents a client user may see at all: its client's, except a staff member's upload for a message not (yet)
 * sent to the firm (an internal note's files): those answer as missing, wherever a firm reads files.
 */
export function firmDocuments(actor: ClientActor) {
  return and(tenantScope(documents.clientId, actor), eq(documents.staffOnly, false));
}

/** A live (not deleted) document of the actor's client, or null. */
export async function findDocument(q: Queryable, actor: ClientActor, id: number): Promise<DocumentRow | null> {
  const [row] = await q
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), firmDocuments(actor), isNull(documents.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * For staff (the staff policy's 'jobs.read'): a live document attached to a job of any client; uploads not yet
 * attached to a saved job stay their uploader's client's business. The download is audited.
 */
async function findJobDocumentForStaff(actor: Actor, id: number): Promise<DocumentRow | null> {
  const staff = authorize(actor, 'jobs.read', staffPolicy);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        // Attached to a job, or to a message on a job.
        or(
          isNotNull(documents.jobId),
          sql`exists (select 1 from ${jobMessages} where ${jobMessages.documentIds} @> to_jsonb(${documents.id}))`,
        ),
        isNull(documents.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  await recordAudit(db, userPrincipal(staff), {
    action: 'ops.document.downloaded',
    clientId: row.clientId,
    targetType: 'document',
    targetId: row.id,
    details: { jobId: row.jobId, fileName: row.fileName },
  });
  return row;
}

/** The job's current source file (the newest live document attached to it), or null. */
export async function currentJobDocument(actor: Actor, jobId: number, q?: Queryable): Promise<DocumentInfo | null> {
  const a = requireTenant(actor);
  const d = q ?? (await getDb());
  const [row] = await d
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.jobId, jobId),
        tenantScope(documents.clientId, a),
        eq(documents.kind, 'source'),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  return row ? toDocumentInfo(row) : null;
}

export interface OpenedDocument {
  document: DocumentInfo;
  stream: Readable;
}

/** A download, authorized and verified: the bytes to stream, or a presigned URL to redirect to. */
export type DownloadAnswer =
  ({ kind: 'stream' } & OpenedDocument) | { kind: 'redirect'; document: DocumentInfo; url: string };

/** The stored bytes no longer match the SHA-256 receipt: the download is refused (and reported). */
export class DocumentDamagedError extends AppError {
  constructor() {
    super(409, MSG.fileDamaged);
    this.name = 'DocumentDamagedError';
  }
}

/**
 * The document a download may read: for client users only their client's files; for staff (the staff policy,
 * 'jobs.read') a file attached to any client's job (an upload not yet attached stays its client's own).
 */
async function readableDocument(actor: Actor, id: number): Promise<DocumentRow> {
  const row = isStaffActor(actor)
    ? await findJobDocumentForStaff(actor, id)
    : await findDocument(await getDb(), requireTenant(actor), id);
  if (!row) throw new NotFoundError();
  return row;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A damaged file: logged, audited on every refusal, marked and mailed to support the first time. */
async function reportDamaged(actor: Actor, row: DocumentRow, found: string): Promise<void> {
  log().error(
    { documentId: row.id, expected: row.sha256, found },
    'stored file does not match its SHA-256: download refused',
  );
  try {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await recordAudit(tx, userPrincipal(actor), {
        clientId: row.clientId,
        action: 'document.integrity_failed',
        targetType: 'document',
        targetId: String(row.id),
        details: { fileName: row.fileName, kind: row.kind, jobId: row.jobId, expected: row.sha256, found },
      });
      const [first] = await tx
        .update(documents)
        .set({ integrityFailedAt: now() })
        .where(and(eq(documents.id, row.id), isNull(documents.integrityFailedAt)))
        .returning({ id: documents.id });
      if (!first) return;
      await enqueueMail(tx, {
        to: config().SUPPORT_EMAIL,
        kind: 'integrity',
        props: {
          documentId: row.id,
          documentKind: row.kind,
          fileName: row.fileName,
          clientId: row.clientId,
          jobId: row.jobId,
          storageKey: row.storageKey,
          expected: row.sha256,
          found,
          noticedBy: `user ${actor.userName} (id ${actor.userId})`,
          at: now(),
        },
      });
    });
  } catch (err) {
    log().error({ err }, 'integrity report could not be written');
  }
}

/**
 * Authorizes a download (on every request: client users only their client's files, staff any), checks the
 * stored bytes against the SHA-256 receipt (a mismatch is refused and reported, never served), writes the
 * audit row (who, when, which file), and answers the bytes pinned to the version that was verified, or, with
 * S3_PRESIGNED_DOWNLOADS, a presigned URL that lives at most 60 seconds.
 */
export async function prepareDownload(
  actor: Actor,
  id: number,
  opts: { allowRedirect?: boolean } = {},
): Promise<DownloadAnswer> {
  const row = await readableDocument(actor, id);
  const storage = fileStorage();
  let version: string;
  try {
    version = (await storage.stat(row.storageKey)).version;
    if (row.sha256) {
      const found = await sha256Of(await storage.open(row.storageKey, version));
      if (found !== row.sha256) {
        await reportDamaged(actor, row, found);
        throw new DocumentDamagedError();
      }
    }
  } catch (err) {
    if (err instanceof DocumentDamagedError) throw err;
    log().error({ err, documentId: row.id }, 'stored file missing');
    throw new NotFoundError();
  }
  const c = config();
  const url =
    opts.allowRedirect && c.S3_PRESIGNED_DOWNLOADS
      ? await storage.presign(row.storageKey, version, row.fileName, c.S3_PRESIGN_SECONDS)
      : null;
  // Who, when, which file, in the firm's activity; a staff download is audited as a staff action instead
  // (ops.document.downloaded, by findJobDocumentForStaff), which the firm's activity never shows.
  if (!isStaffActor(actor)) {
    const db = await getDb();
    const [job] =
      row.jobId === null
        ? []
        : await db.select({ jmsNumber: jobs.jmsNumber }).from(jobs).where(eq(jobs.id, row.jobId)).limit(1);
    await recordAudit(db, userPrincipal(actor), {
      action: 'document.downloaded',
      clientId: row.clientId,
      targetType: 'document',
      targetId: String(row.id),
      details: {
        fileName: row.fileName,
        kind: row.kind,
        size: row.size,
        sha256: row.sha256,
        jmsNumber: job?.jmsNumber ?? null,
        via: url ? 'presigned' : 'stream',
      },
    });
  }
  const document = toDocumentInfo(row);
  if (url) return { kind: 'redirect', document, url };
  try {
    return { kind: 'stream', document, stream: await storage.open(row.storageKey, version) };
  } catch (err) {
    log().error({ err, documentId: row.id }, 'stored file changed or vanished between check and download');
    throw new NotFoundError();
  }
}

/** Opens a document for download (streamed); see prepareDownload. */
export async function openDocument(actor: Actor, id: number): Promise<OpenedDocument> {
  const d = await prepareDownload(actor, id);
  if (d.kind !== 'stream') throw new Error('unreachable: no redirect was allowed');
  return d;
}

/**
 * Deletes the actor's own upload that no saved job and no message uses yet (the form's "remove file"): the row is
 * soft-deleted, then the stored file removed. A file of a saved job (409), a file sent with a message (409: the
 * message keeps it for good) and a colleague's upload (404, as missing) cannot be deleted this way. The row is
 * locked first, so a message sent at the same moment either carries the file or finds it deleted.
 */
export async function deleteDocument(actor: Actor, id: number): Promise<{ message: string }> {
  const a = requireTenant(actor);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), firmDocuments(a), isNull(documents.deletedAt)))
      .limit(1)
      .for('update');
    if (!found) throw new NotFoundError();
    if (found.jobId !== null) throw new ConflictError(DOCUMENT_MSG.attachedToJob);
    const [carried] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, id), not(notOnAMessage(documents.id))))
      .limit(1);
    if (carried) throw new ConflictError(DOCUMENT_MSG.onMessage);
    if (found.uploadedById !== a.userId) throw new NotFoundError();
    const [deleted] = await tx
      .update(documents)
      .set({ deletedAt: now() })
      .where(and(eq(documents.id, id), isNull(documents.deletedAt), isNull(documents.jobId)))
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
