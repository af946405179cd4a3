/**
 * Deliverables: finished files (the scanned output of a scan job, a processed data set) that the provider
 * attaches to a client's job; the job slip shows them to the client's users under "Delivered files".
 *
 * The service takes the Principal that acts: a staff member in /Ops (policy 'jobs.status', checked here) or
 * an API key of the integration API (authorised by its route's scope 'files:write'), so both attach
 * through the same upload store (store.ts): same streaming intake (size limit, SHA-256 receipt, malware scan),
 * same rows, same audit, same clean-up of a refused upload.
 * Downloads go through prepareDownload (service.ts): authorized, verified and audited on every request.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { documents, jobs, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { principalName, userPrincipal, type Principal } from '@/lib/core/principal';
import { ForbiddenError, NotFoundError } from '@/lib/core/errors';
import { log } from '@/lib/log';
import { allowed, authorize } from '@/lib/core/authorize';
import { tenantScope } from '@/lib/core/tenancy';
import { staffPolicy } from '@/lib/core/staff-policy';
import { fileStorage } from './storage';
import { discardBody, storeUpload, toDocumentInfo, type DocumentInfo, type UploadInput } from './store';

/** The policy, in this one place: staff need 'jobs.status'; an API key was authorised by its route's scope. */
function authorise(by: Principal): void {
  if (by.kind === 'user') authorize(by.actor, 'jobs.status', staffPolicy);
  else if (by.kind !== 'api-key' && by.kind !== 'system') throw new ForbiddenError();
}

/**
 * For an adapter that must refuse before it reads the body (api/Ops/Jobs/{id}/Deliverables): the staff
 * member's principal, or 403 for anyone not allowed 'jobs.status'. Without meta, the audit rows take the
 * current request's IP and browser.
 */
export function staffUploader(actor: Actor): Principal {
  const by = userPrincipal(actor);
  authorise(by);
  return by;
}

export interface DeliveredFile extends DocumentInfo {
  uploadedByName: string | null;
}

/** How a deliverable's audit rows name the uploader (as they always have): the channel and the name. */
function signed(by: Principal, details: Record<string, unknown>): Record<string, unknown> {
  return { ...details, via: by.kind === 'user' ? 'ops' : 'api', by: principalName(by) };
}

async function audit(
  by: Principal,
  clientId: number,
  action: string,
  documentId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(await getDb(), by, {
    action,
    clientId,
    targetType: 'document',
    targetId: documentId,
    details: signed(by, details),
  });
}

/**
 * Attaches a finished file to a job (any client's: the uploader is the provider), through the upload store:
 * the row is written only when the intake passed, so a failed or refused upload leaves nothing attached and
 * nothing stored, and is audited as refused.
 */
export async function attachDeliverable(
  by: Principal,
  jobId: number,
  input: UploadInput,
  /** Written with the document row, in its transaction (the news of the file, lib/jobs/files.ts). */
  withRow?: (
    tx: Queryable,
    row: { id: number; jobId: number; clientId: number; fileName: string; createdAt: Date },
  ) => Promise<void>,
): Promise<DocumentInfo> {
  authorise(by);
  const db = await getDb();
  const [job] = await db.select({ id: jobs.id, clientId: jobs.clientId }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) {
    discardBody(input.body);
    throw new NotFoundError();
  }
  return storeUpload({
    by,
    clientId: job.clientId,
    jobId,
    kind: 'deliverable',
    input,
    withRow:
      withRow &&
      ((tx, row) =>
        withRow(tx, { id: row.id, jobId, clientId: row.clientId, fileName: row.fileName, createdAt: row.createdAt })),
    audit: (row) => ({
      action: 'document.deliverable_attached',
      details: signed(by, { jobId, fileName: row.fileName, size: row.size, sha256: row.sha256 }),
    }),
    refused: (fileName, reason) =>
      audit(by, job.clientId, 'document.deliverable_refused', 0, { jobId, fileName, reason }),
  });
}

/** Removes a deliverable attached by mistake (row soft-deleted, object removed, audited). */
export async function removeDeliverable(by: Principal, jobId: number, documentId: number): Promise<void> {
  authorise(by);
  const db = await getDb();
  const [row] = await db
    .update(documents)
    .set({ deletedAt: now() })
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.jobId, jobId),
        eq(documents.kind, 'deliverable'),
        isNull(documents.deletedAt),
      ),
    )
    .returning();
  if (!row) throw new NotFoundError();
  await audit(by, row.clientId, 'document.deliverable_removed', row.id, {
    jobId,
    fileName: row.fileName,
    sha256: row.sha256,
  });
  await fileStorage()
    .remove(row.storageKey)
    .catch((err: unknown) =>
      log().warn(
        { err, documentId: row.id },
        'removed deliverable could not be deleted from storage (the orphan sweep will)',
      ),
    );
}

/** A job's deliverables, oldest first, with the uploader's name: client users only for their client's jobs, staff any. */
export async function listDeliverables(actor: Actor, jobId: number): Promise<DeliveredFile[]> {
  const scope = allowed(actor, 'jobs.read', staffPolicy) ? undefined : tenantScope(documents.clientId, actor);
  const db = await getDb();
  const rows = await db
    .select({ d: documents, uploadedByName: users.userName })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedById))
    .where(and(eq(documents.jobId, jobId), eq(documents.kind, 'deliverable'), isNull(documents.deletedAt), scope))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return rows.map((r) => ({ ...toDocumentInfo(r.d), uploadedByName: r.uploadedByName }));
}
