/**
 * Documents and jobs: attaching an upload to the job being saved, and copying a cloned job's source file to
 * the new job (spec §4 "Cloning": after the new job is saved, a source file, when present, is copied to the
 * new job; log action 11). Both run in the caller's transaction, so the job, its document and the log entry
 * commit together or not at all.
 */
import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
import { documents, jobs } from '@/db/schema';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { writeLogEntry } from '@/lib/audit/log';
import type { Actor, ClientActor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { NotFoundError, ValidationError } from '@/lib/core/errors';
import { log } from '@/lib/log';
import { LOG_ACTION_CLONE } from '@/lib/reference';
import { config } from '@/lib/config';
import { MSG } from '@/lib/messages';
import { currentJobDocument, DOCUMENT_MSG, firmDocuments, toDocumentInfo, type DocumentInfo } from './service';
import { notOnAMessage, type DocumentRow } from './store';
import { fileStorage, newStorageKey } from './storage';
import { JOB_FILES_MSG, jobFilesFit, MAX_JOB_FILES } from './job-file-limit';

async function requireJobs(tx: Tx, actor: ClientActor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, unique), tenantScope(jobs.clientId, actor)));
  if (rows.length !== unique.length) throw new NotFoundError();
}

/**
 * Attaches the actor's own upload to a job of the actor's client (the job save calls this in its transaction).
 * Idempotent for the same job. A document that is missing, deleted, another client's, a colleague's upload,
 * already attached to another job, or sent with a message (the message keeps it for good) fails with a 400 on
 * DocumentModel.
 */
export async function attachDocument(tx: Tx, actor: Actor, documentId: number, jobId: number): Promise<DocumentInfo> {
  const a = requireTenant(actor);
  await requireJobs(tx, a, [jobId]);
  // The row is locked before it is judged, so a message sent at the same moment either carries the file (and the
  // update below, a statement of its own, sees that message) or finds it on the job.
  await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update');
  const [row] = await tx
    .update(documents)
    .set({ jobId })
    .where(
      and(
        eq(documents.id, documentId),
        firmDocuments(a),
        eq(documents.kind, 'source'),
        isNull(documents.deletedAt),
        or(
          eq(documents.jobId, jobId),
          and(isNull(documents.jobId), eq(documents.uploadedById, a.userId), notOnAMessage(documents.id)),
        ),
      ),
    )
    .returning();
  if (!row) throw new ValidationError({ DocumentModel: [DOCUMENT_MSG.notAvailable] });
  return toDocumentInfo(row);
}

/** The file-count rule is shared with the order form (browser-safe): lib/documents/job-file-limit.ts. */
export { JOB_FILES_MSG, MAX_JOB_FILES };

/** The job's live source files, counted (in the caller's transaction). */
export async function countJobFiles(tx: Tx, jobId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.jobId, jobId), eq(documents.kind, 'source'), isNull(documents.deletedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Attaches several uploads to a job of the actor's client, in the caller's transaction: all or none. The job then
 * holds at most MAX_JOB_FILES source files (a 400 on DocumentModel past it); any upload that is not attachable
 * (see attachDocument) fails the whole call.
 */
export async function attachDocuments(
  tx: Tx,
  actor: Actor,
  documentIds: readonly number[],
  jobId: number,
): Promise<DocumentInfo[]> {
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) return [];
  const already = await countJobFiles(tx, jobId);
  if (!jobFilesFit(already, ids.length)) throw new ValidationError({ DocumentModel: [JOB_FILES_MSG.tooMany] });
  const attached: DocumentInfo[] = [];
  for (const id of ids) attached.push(await attachDocument(tx, actor, id, jobId));
  return attached;
}

export interface CloneOptions {
  userAgent?: string | null;
}

/**
 * Copies the source job's current file to the target job (both of the actor's client, else 404) and logs
 * action 11. Answers the target's document, or null when the source has no file or the copy failed (then
 * the failure is logged with Success false and the job save goes on: spec §8, no message is shown).
 * Idempotent: a target that already has a file keeps it.
 *
 * The bytes are copied before the row is written; if the caller's transaction later rolls back, the copy
 * stays behind as an unreferenced file under a generated key (never served).
 */
export async function cloneDocument(
  tx: Tx,
  actor: Actor,
  sourceJobId: number,
  targetJobId: number,
  opts: CloneOptions = {},
): Promise<DocumentInfo | null> {
  const a = requireTenant(actor);
  await requireJobs(tx, a, [sourceJobId, targetJobId]);
  const existing = await currentJobDocument(a, targetJobId, tx);
  if (existing) return existing;
  const source = await currentJobDocument(a, sourceJobId, tx);
  if (!source || sourceJobId === targetJobId) return null;
  const [src] = await tx.select().from(documents).where(eq(documents.id, source.id)).limit(1);
  if (!src) return null;
  const key = newStorageKey();
  const storage = fileStorage();
  try {
    await storage.copy(src.storageKey, key);
  } catch (err) {
    log().error({ err, documentId: source.id }, 'source file could not be copied for a cloned job');
    await writeLogEntry(tx, a, {
      action: LOG_ACTION_CLONE,
      success: false,
      jobId: targetJobId,
      userAgent: opts.userAgent,
      details: { sourceJobId, sourceDocumentId: source.id, fileName: source.fileName, reason: 'storage' },
    });
    return null;
  }
  try {
    return await recordCopy(tx, a, src, key, sourceJobId, targetJobId, opts);
  } catch (e) {
    await storage.remove(key).catch(() => undefined);
    throw e;
  }
}

/** The copy's row (its own object under `key`: deleting either file never touches the other's bytes) and log entry 11. */
async function recordCopy(
  tx: Tx,
  a: ClientActor,
  src: DocumentRow,
  key: string,
  sourceJobId: number,
  targetJobId: number,
  opts: CloneOptions,
): Promise<DocumentInfo> {
  const [row] = await tx
    .insert(documents)
    .values({
      clientId: a.clientId,
      jobId: targetJobId,
      storageKey: key,
      fileName: src.fileName,
      contentType: src.contentType,
      size: src.size,
      sha256: src.sha256,
      kind: 'source',
      uploadType: src.uploadType,
      uploadedById: a.userId,
      createdAt: now(),
    })
    .returning();
  if (!row) throw new Error('document not stored');
  await writeLogEntry(tx, a, {
    action: LOG_ACTION_CLONE,
    success: true,
    jobId: targetJobId,
    userAgent: opts.userAgent,
    details: { sourceJobId, sourceDocumentId: src.id, documentId: row.id, fileName: row.fileName, size: row.size },
  });
  return toDocumentInfo(row);
}

/**
 * Copy job: copies the chosen source files of the earlier job (the user was asked which) to the new one,
 * in the caller's transaction, each as a new stored object with the same SHA-256 receipt. Every chosen id must be a
 * live source file of the earlier job (else a 400 on DocumentModel, nothing copied), each within today's per-file
 * limit, and the new job then holds at most MAX_JOB_FILES files. A storage failure fails the save; the objects
 * copied so far are removed (else the orphan sweep would).
 */
export async function copyJobFiles(
  tx: Tx,
  actor: Actor,
  sourceJobId: number,
  targetJobId: number,
  documentIds: readonly number[],
  opts: CloneOptions = {},
): Promise<DocumentInfo[]> {
  const a = requireTenant(actor);
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) return [];
  await requireJobs(tx, a, [sourceJobId, targetJobId]);
  const sources = await tx
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.jobId, sourceJobId),
        firmDocuments(a),
        eq(documents.kind, 'source'),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.id));
  if (sources.length !== ids.length) throw new ValidationError({ DocumentModel: [DOCUMENT_MSG.notAvailable] });
  if (sources.some((d) => d.size > config().MAX_UPLOAD_BYTES))
    throw new ValidationError({ DocumentModel: [MSG.fileTooLarge] });
  if (!jobFilesFit(await countJobFiles(tx, targetJobId), sources.length))
    throw new ValidationError({ DocumentModel: [JOB_FILES_MSG.tooMany] });
  const storage = fileStorage();
  const copied: string[] = [];
  try {
    const out: DocumentInfo[] = [];
    for (const src of sources) {
      const key = newStorageKey();
      await storage.copy(src.storageKey, key);
      copied.push(key);
      out.push(await recordCopy(tx, a, src, key, sourceJobId, targetJobId, opts));
    }
    return out;
  } catch (e) {
    log().error({ err: e, sourceJobId }, 'source files could not be copied for a copied job');
    for (const key of copied) await storage.remove(key).catch(() => undefined);
    throw e;
  }
}

/** api/Document/Clone: the clone on its own, in its own transaction (legacy callers clone after the save). */
export async function cloneJobDocument(
  actor: Actor,
  sourceJobId: number,
  targetJobId: number,
  opts: CloneOptions = {},
): Promise<DocumentInfo | null> {
  requireTenant(actor);
  const db = await getDb();
  return db.transaction((tx) => cloneDocument(tx, actor, sourceJobId, targetJobId, opts));
}
