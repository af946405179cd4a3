/**
 * Direct-to-bucket uploads (S3_DIRECT_UPLOADS with S3_BUCKET): a source file goes from the browser
 * straight to the bucket, so a 50 MB file never passes through a serverless function's request body.
 *
 * 1. `startDirectUpload`: the name and the size are checked as for a streamed upload; an intent row (the
 *    actor's client and user, a generated key, size, SHA-256) is written, and a presigned PUT answered whose
 *    signed headers fix the size and the checksum (x-amz-checksum-sha256), valid DIRECT_UPLOAD_SECONDS so a slow
 *    line can finish.
 * 2. The browser PUTs the bytes.
 * 3. `completeDirectUpload`: the object is read back once (size, SHA-256, clamd: intake.ts verifyStoredFile);
 *    only then is the documents row written with its receipt, log entry and audit row (store.ts), exactly as
 *    for a streamed upload. Any refusal removes the object and logs the failed upload.
 *
 * An intent belongs to its user and client: another one's id answers 404. Intents expire; the orphan sweep
 * removes their rows and any object no document names.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { uploadIntents } from '@/db/schema';
import { writeLogEntry } from '@/lib/audit/log';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { NotFoundError, ValidationError } from '@/lib/core/errors';
import { type Principal, userPrincipal } from '@/lib/core/principal';
import { requireTenant } from '@/lib/core/tenancy';
import { LOG_ACTION_UPLOAD } from '@/lib/reference';
import { FileTooLargeError, verifyStoredFile } from './intake';
import { recordUploadFailure } from './service';
import { fileStorage, newStorageKey } from './storage';
import {
  acceptedFileName,
  failureReason,
  recordStoredUpload,
  storedContentType,
  type DocumentInfo,
  type UploadFailure,
} from './store';

/** How long a presigned PUT (and its intent) stays valid. */
export const DIRECT_UPLOAD_SECONDS = 15 * 60;

export const DIRECT_MSG = {
  off: 'Direct uploads are not available: upload the file through the portal.',
  sha256: 'The SHA-256 must be 64 hexadecimal characters.',
  size: 'The size must be a whole number of bytes.',
} as const;

/** Whether pages should upload straight to the bucket. */
export function directUploadsEnabled(): boolean {
  const c = config();
  return Boolean(c.S3_BUCKET && c.S3_DIRECT_UPLOADS);
}

/** What a page's file picker checks before uploading (a message's attachments): size, blocked extensions, route. */
export function uploadLimits(): { maxBytes: number; blockedExtensions: readonly string[]; directUploads: boolean } {
  const c = config();
  return {
    maxBytes: c.MAX_UPLOAD_BYTES,
    blockedExtensions: c.BLOCKED_EXTENSIONS,
    directUploads: directUploadsEnabled(),
  };
}

export interface DirectUploadRequest {
  fileName: string;
  size: number;
  contentType?: string | null;
  /** Hex SHA-256 of the file, computed by the browser. */
  sha256: string;
  userAgent?: string | null;
}

export interface DirectUploadTicket {
  uploadId: number;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

/** Whose upload an intent is: the client the file will belong to and the user who sends it. */
export interface IntentOwner {
  clientId: number;
  userId: number;
  /** Told of a refusal (the cleaned name and the reason); a client user's is its failed-upload log entry. */
  refused: (fileName: string, reason: UploadFailure) => Promise<void>;
}

/** Step 1: checks the file's name and size, records the intent, answers the presigned PUT. */
export async function startDirectUpload(actor: Actor, r: DirectUploadRequest): Promise<DirectUploadTicket> {
  const a = requireTenant(actor);
  return openIntent(
    {
      clientId: a.clientId,
      userId: a.userId,
      refused: (fileName, reason) => recordUploadFailure(a, fileName, reason, r.userAgent),
    },
    r,
  );
}

/** Step 1 for any owner (a client user's source file, a staff member's message file: message-files.ts). */
export async function openIntent(o: IntentOwner, r: DirectUploadRequest): Promise<DirectUploadTicket> {
  if (!directUploadsEnabled()) throw new ValidationError({ File: [DIRECT_MSG.off] }, DIRECT_MSG.off);
  const sha256 = r.sha256.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new ValidationError({ Sha256: [DIRECT_MSG.sha256] });
  if (!Number.isSafeInteger(r.size) || r.size < 0) throw new ValidationError({ Size: [DIRECT_MSG.size] });
  const name = acceptedFileName(r.fileName);
  if (!name.ok) {
    await o.refused(name.fileName, name.reason);
    throw name.error;
  }
  if (r.size > config().MAX_UPLOAD_BYTES) {
    await o.refused(name.fileName, 'too_large');
    throw new FileTooLargeError();
  }
  const contentType = storedContentType(r.contentType);
  const key = newStorageKey();
  const expiresAt = new Date(now().getTime() + DIRECT_UPLOAD_SECONDS * 1000);
  const put = await fileStorage().presignPut(key, {
    size: r.size,
    sha256,
    contentType,
    seconds: DIRECT_UPLOAD_SECONDS,
  });
  if (!put) throw new ValidationError({ File: [DIRECT_MSG.off] }, DIRECT_MSG.off);
  const db = await getDb();
  const [row] = await db
    .insert(uploadIntents)
    .values({
      clientId: o.clientId,
      userId: o.userId,
      storageKey: key,
      fileName: name.fileName,
      contentType,
      size: r.size,
      sha256,
      createdAt: now(),
      expiresAt,
    })
    .returning({ id: uploadIntents.id });
  if (!row) throw new Error('upload intent not stored');
  return { uploadId: row.id, url: put.url, method: 'PUT', headers: put.headers, expiresAt };
}

/**
 * Step 3's check for any owner: the owner's live intent is taken (single use; another's, an expired or a used
 * one: 404) and its object read back (size, SHA-256, clamd); a refusal removes the object and is told.
 */
export async function takeIntent(o: IntentOwner, uploadId: number, by: Principal) {
  const db = await getDb();
  const [intent] = await db
    .delete(uploadIntents)
    .where(
      and(
        eq(uploadIntents.id, uploadId),
        eq(uploadIntents.clientId, o.clientId),
        eq(uploadIntents.userId, o.userId),
        gt(uploadIntents.expiresAt, now()),
      ),
    )
    .returning();
  if (!intent) throw new NotFoundError();
  try {
    const stored = await verifyStoredFile(
      intent.storageKey,
      { size: intent.size, sha256: intent.sha256 },
      by,
      o.clientId,
      { fileName: intent.fileName, kind: 'source' },
    );
    return { intent, stored };
  } catch (e) {
    await o.refused(intent.fileName, failureReason(e));
    throw e;
  }
}

/**
 * Step 3: checks the uploaded object and attaches it as the actor's source upload (not yet on a job), or refuses
 * it (400 on File: size or checksum, malware; 503 when clamd cannot tell) and removes it. Another user's intent,
 * an expired one or one already completed: 404.
 */
export async function completeDirectUpload(
  actor: Actor,
  uploadId: number,
  userAgent?: string | null,
): Promise<DocumentInfo> {
  const a = requireTenant(actor);
  const by = userPrincipal(a);
  const { intent, stored } = await takeIntent(
    {
      clientId: a.clientId,
      userId: a.userId,
      refused: (fileName, reason) => recordUploadFailure(a, fileName, reason, userAgent),
    },
    uploadId,
    by,
  );
  return recordStoredUpload(
    {
      by,
      clientId: a.clientId,
      jobId: null,
      kind: 'source',
      withRow: async (tx, row) => {
        await writeLogEntry(tx, a, {
          action: LOG_ACTION_UPLOAD,
          success: true,
          userAgent,
          details: { documentId: row.id, fileName: row.fileName, size: row.size, sha256: row.sha256, via: 'direct' },
        });
      },
      audit: (row) => ({
        action: 'document.uploaded',
        details: { fileName: row.fileName, size: row.size, via: 'direct' },
      }),
      refused: (fileName, reason) => recordUploadFailure(a, fileName, reason, userAgent),
    },
    intent.fileName,
    intent.contentType,
    stored,
  );
}

/** The sweep: intents past their time are forgotten (their objects, if any, are orphans the sweep removes). */
export async function forgetExpiredIntents(): Promise<number> {
  const db = await getDb();
  const rows = await db
    .delete(uploadIntents)
    .where(lt(uploadIntents.expiresAt, now()))
    .returning({ id: uploadIntents.id });
  return rows.length;
}
