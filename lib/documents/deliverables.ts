/**
 * Deliverables: finished files (the scanned output of a scan job, a processed data set) that the provider
 * attaches to a client's job; the job slip shows them to the client's users under "Delivered files".
 *
 * The service is actor-agnostic: it takes a DeliverableUploader (who, through which channel), so the staff
 * pages (/Ops, `staffUploader`) and the integration API (issue 14, its own uploader) attach through the same
 * code: same streaming intake (size limit, SHA-256 receipt, malware scan), same rows, same audit.
 * Downloads go through prepareDownload (service.ts): authorized, verified and audited on every request.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { auditLog, documents, jobs, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { NotFoundError } from '@/lib/http/errors';
import { log } from '@/lib/log';
import { requireStaff } from '@/lib/ops/actor';
import { UPLOAD_TYPE } from '@/lib/reference';
import { intakeFile } from './intake';
import { toLegacyDocument, type DeliveredFileView } from './legacy';
import { acceptedFileName, failureReason, requireClient, storedContentType, toDocumentInfo, type DocumentInfo, type UploadInput } from './service';
import { fileStorage } from './storage';

/** Who attaches a deliverable: a staff user in /Ops, or an integration (userId null, its name). */
export interface DeliverableUploader {
  userId: number | null;
  userName: string;
  via: 'ops' | 'api';
}

/**
 * Staff who may move jobs through the workflow (lib/ops/policy.ts 'jobs.status': roles 1 and 2) may attach and
 * remove deliverables; anyone else is refused (403).
 */
export function staffUploader(actor: Actor): DeliverableUploader {
  const staff = requireStaff(actor, 'jobs.status');
  return { userId: staff.userId, userName: staff.userName, via: 'ops' };
}

export interface DeliveredFile extends DocumentInfo {
  uploadedByName: string | null;
}

async function audit(by: DeliverableUploader, clientId: number, action: string, documentId: number, details: Record<string, unknown>): Promise<void> {
  const db = await getDb();
  await db.insert(auditLog).values({ actorUserId: by.userId, clientId, action, targetType: 'document', targetId: String(documentId), details: { ...details, via: by.via, by: by.userName }, createdAt: now() });
}

/**
 * Attaches a finished file to a job (any client's: the uploader is the provider). The bytes stream once
 * through the intake (limit, SHA-256, clamd); the row is written only when that passed, so a failed or
 * refused upload leaves nothing attached and nothing stored.
 */
export async function attachDeliverable(by: DeliverableUploader, jobId: number, input: UploadInput): Promise<DocumentInfo> {
  const db = await getDb();
  const [job] = await db.select({ id: jobs.id, clientId: jobs.clientId }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw new NotFoundError();
  const name = acceptedFileName(input.fileName);
  if (!name.ok) {
    await audit(by, job.clientId, 'document.deliverable_refused', 0, { jobId, fileName: name.fileName, reason: name.reason });
    throw name.error;
  }
  const contentType = storedContentType(input.contentType);
  let stored;
  try {
    stored = await intakeFile({ body: input.body, contentType, maxBytes: config().MAX_UPLOAD_BYTES, declaredSize: input.declaredSize }, { userId: by.userId, userName: by.userName, clientId: job.clientId }, { fileName: name.fileName, kind: 'deliverable' });
  } catch (e) {
    await audit(by, job.clientId, 'document.deliverable_refused', 0, { jobId, fileName: name.fileName, reason: failureReason(e) }).catch(() => undefined);
    throw e;
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          clientId: job.clientId,
          jobId,
          storageKey: stored.key,
          fileName: name.fileName,
          contentType,
          size: stored.size,
          sha256: stored.sha256,
          kind: 'deliverable',
          uploadType: UPLOAD_TYPE,
          uploadedById: by.userId,
          createdAt: now(),
        })
        .returning();
      if (!row) throw new Error('deliverable not stored');
      await tx.insert(auditLog).values({
        actorUserId: by.userId,
        clientId: job.clientId,
        action: 'document.deliverable_attached',
        targetType: 'document',
        targetId: String(row.id),
        details: { jobId, fileName: row.fileName, size: row.size, sha256: row.sha256, via: by.via, by: by.userName },
        createdAt: now(),
      });
      return toDocumentInfo(row);
    });
  } catch (e) {
    await fileStorage().remove(stored.key).catch(() => undefined);
    throw e;
  }
}

/** Removes a deliverable attached by mistake (row soft-deleted, object removed, audited). */
export async function removeDeliverable(by: DeliverableUploader, jobId: number, documentId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(documents)
    .set({ deletedAt: now() })
    .where(and(eq(documents.id, documentId), eq(documents.jobId, jobId), eq(documents.kind, 'deliverable'), isNull(documents.deletedAt)))
    .returning();
  if (!row) throw new NotFoundError();
  await audit(by, row.clientId, 'document.deliverable_removed', row.id, { jobId, fileName: row.fileName, sha256: row.sha256 });
  await fileStorage()
    .remove(row.storageKey)
    .catch((err: unknown) => log().warn({ err, documentId: row.id }, 'removed deliverable could not be deleted from storage (the orphan sweep will)'));
}

/** A job's deliverables, oldest first, with the uploader's name: client users only for their client's jobs, staff any. */
export async function listDeliverables(actor: Actor, jobId: number): Promise<DeliveredFile[]> {
  const staff = actor.clientId === null && (actor.role === 1 || actor.role === 2);
  const clientId = staff ? null : requireClient(actor).clientId;
  const db = await getDb();
  const rows = await db
    .select({ d: documents, uploadedByName: users.userName })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedById))
    .where(and(eq(documents.jobId, jobId), eq(documents.kind, 'deliverable'), isNull(documents.deletedAt), clientId === null ? undefined : eq(documents.clientId, clientId)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return rows.map((r) => ({ ...toDocumentInfo(r.d), uploadedByName: r.uploadedByName }));
}

/** The staff view of a job's delivered files (api/Ops and the DeliverablesPanel's first render). */
export async function deliveredFilesView(actor: Actor, jobId: number): Promise<DeliveredFileView[]> {
  staffUploader(actor);
  return (await listDeliverables(actor, jobId)).map((d) => ({ ...toLegacyDocument(d), UploadedBy: d.uploadedByName }));
}
