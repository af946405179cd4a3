/**
 * A staff member's files for a message on a job: the same upload path as the firm's order files
 * (streamed through the portal into the store, or with S3_DIRECT_UPLOADS straight to the bucket and read back;
 * either way size limit, SHA-256 receipt and clamd scan: store.ts, direct.ts). The file belongs to the job's
 * client, is on no job, and is held back from the firm (documents.staff_only) until a message to the firm carries
 * it (lib/jobs/messages.ts releases it); an internal note's files stay held back, so the firm can neither see,
 * download nor attach them (a 404, as for a missing file). Until a message carries it, the file is its uploader's
 * to remove, and the orphan sweep removes it after a day.
 *
 * Staff need 'jobs.status' (the right to write on a job), checked here on every call.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { documents, jobs } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { NotFoundError } from '@/lib/core/errors';
import { userPrincipal, type Principal } from '@/lib/core/principal';
import { staffPolicy } from '@/lib/core/staff-policy';
import { log } from '@/lib/log';
import { openIntent, takeIntent, type DirectUploadRequest, type DirectUploadTicket, type IntentOwner } from './direct';
import { fileStorage } from './storage';
import {
  discardBody,
  notOnAMessage,
  recordStoredUpload,
  storeUpload,
  type DocumentInfo,
  type StoreUpload,
  type UploadInput,
} from './store';

const MAX_ID = 2_147_483_647;

/** The staff member allowed to write on the job, and the job's client; a missing job is a 404. */
async function staffTarget(actor: Actor, jobId: number): Promise<{ by: Principal; clientId: number }> {
  const staff = authorize(actor, 'jobs.status', staffPolicy);
  if (!Number.isInteger(jobId) || jobId < 1 || jobId > MAX_ID) throw new NotFoundError();
  const db = await getDb();
  const [job] = await db.select({ clientId: jobs.clientId }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) throw new NotFoundError();
  return { by: userPrincipal(staff), clientId: job.clientId };
}

/** How a message file's rows are written: held back, on no job, audited as a staff action with the job's id. */
function messageFile(
  by: Principal,
  clientId: number,
  jobId: number,
  via: 'portal' | 'direct',
): Omit<StoreUpload, 'input'> {
  return {
    by,
    clientId,
    jobId: null,
    kind: 'source',
    staffOnly: true,
    audit: (row) => ({
      action: 'ops.document.message_file_uploaded',
      details: { jobId, fileName: row.fileName, size: row.size, sha256: row.sha256, via },
    }),
    refused: async (fileName, reason) => {
      await recordAudit(await getDb(), by, {
        action: 'ops.document.message_file_refused',
        clientId,
        targetType: 'job',
        targetId: jobId,
        details: { fileName, reason, via },
      });
    },
  };
}

/** Streams one file for a staff message on the job (POST api/Ops/Jobs/{id}/MessageFiles). */
export async function uploadStaffMessageFile(actor: Actor, jobId: number, input: UploadInput): Promise<DocumentInfo> {
  let target;
  try {
    target = await staffTarget(actor, jobId);
  } catch (e) {
    discardBody(input.body);
    throw e;
  }
  return storeUpload({ ...messageFile(target.by, target.clientId, jobId, 'portal'), input });
}

function intentOwner(actor: Actor, target: { by: Principal; clientId: number }, jobId: number): IntentOwner {
  return {
    clientId: target.clientId,
    userId: actor.userId,
    refused: messageFile(target.by, target.clientId, jobId, 'direct').refused,
  };
}

/** Direct-to-bucket, step 1, for a staff message file (S3_DIRECT_UPLOADS): the presigned PUT. */
export async function startStaffMessageUpload(
  actor: Actor,
  jobId: number,
  r: DirectUploadRequest,
): Promise<DirectUploadTicket> {
  const target = await staffTarget(actor, jobId);
  return openIntent(intentOwner(actor, target, jobId), r);
}

/** Direct-to-bucket, step 3: the object read back and checked, then kept as a held-back message file. */
export async function completeStaffMessageUpload(actor: Actor, jobId: number, uploadId: number): Promise<DocumentInfo> {
  const target = await staffTarget(actor, jobId);
  const { intent, stored } = await takeIntent(intentOwner(actor, target, jobId), uploadId, target.by);
  return recordStoredUpload(
    messageFile(target.by, target.clientId, jobId, 'direct'),
    intent.fileName,
    intent.contentType,
    stored,
  );
}

/** Removes the staff member's own message file no message carries yet (the form's "remove file"); else 404. */
export async function deleteStaffMessageFile(actor: Actor, jobId: number, documentId: number): Promise<void> {
  const target = await staffTarget(actor, jobId);
  if (!Number.isInteger(documentId) || documentId < 1 || documentId > MAX_ID) throw new NotFoundError();
  const db = await getDb();
  const [row] = await db
    .update(documents)
    .set({ deletedAt: now() })
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.clientId, target.clientId),
        eq(documents.uploadedById, actor.userId),
        eq(documents.staffOnly, true),
        isNull(documents.jobId),
        isNull(documents.deletedAt),
        notOnAMessage(documents.id),
      ),
    )
    .returning();
  if (!row) throw new NotFoundError();
  await fileStorage()
    .remove(row.storageKey)
    .catch((err: unknown) =>
      log().warn(
        { err, documentId: row.id },
        'removed message file could not be deleted from storage (the orphan sweep will)',
      ),
    );
}
