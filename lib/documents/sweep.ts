/**
 * The orphan sweep: removes stored files that no live document row names, and source uploads never attached
 * to a job, once they are older than a day (ORPHAN_AGE_MS). Orphans arise when an instance dies between
 * writing the bytes and the row, when a job save rolls back after a clone copied its file, when removing an
 * object failed, or when a user abandons an order form after uploading. The age keeps the sweep clear of
 * uploads still in progress and of forms still open. It is the task 'orphan-sweep' (lib/server/tasks.ts): every instance
 * runs it every ORPHAN_SWEEP_INTERVAL_MINUTES, and the cron route runs it; two sweeps at once are harmless
 * (removing is idempotent).
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { documents, jobDrafts } from '@/db/schema';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { forgetExpiredIntents } from './direct';
import { fileStorage, type StoredObject } from './storage';
import { notOnAMessage } from './store';

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  /** Source uploads never attached to a job, soft-deleted with their file. */
  abandonedUploads: number;
  /** Stored objects no live row names, removed. */
  orphanObjects: number;
}

async function removeUnreferenced(batch: StoredObject[]): Promise<number> {
  const db = await getDb();
  const live = await db
    .select({ key: documents.storageKey })
    .from(documents)
    .where(
      and(
        inArray(
          documents.storageKey,
          batch.map((o) => o.key),
        ),
        isNull(documents.deletedAt),
      ),
    );
  const keep = new Set(live.map((r) => r.key));
  let removed = 0;
  for (const o of batch) {
    if (keep.has(o.key)) continue;
    try {
      await fileStorage().remove(o.key);
      removed++;
    } catch (err) {
      log().warn({ err, key: o.key }, 'orphan sweep: object could not be removed');
    }
  }
  return removed;
}

export async function sweepOrphans(olderThanMs = ORPHAN_AGE_MS): Promise<SweepResult> {
  const cutoff = new Date(now().getTime() - olderThanMs);
  // Direct-to-bucket intents past their time (lib/documents/direct.ts); their objects are orphans below.
  await forgetExpiredIntents();
  const db = await getDb();
  const abandoned = await db
    .update(documents)
    .set({ deletedAt: now() })
    .where(
      and(
        isNull(documents.jobId),
        isNull(documents.deletedAt),
        eq(documents.kind, 'source'),
        lt(documents.createdAt, cutoff),
        // An upload a live draft still names stays until the draft is saved, discarded or expires (30 days).
        sql`not exists (select 1 from ${jobDrafts} where ${jobDrafts.documentIds} @> to_jsonb(${documents.id}))`,
        // A message's attachment (lib/jobs/messages.ts) belongs to the message for good.
        notOnAMessage(documents.id),
      ),
    )
    .returning({ id: documents.id });
  let orphanObjects = 0;
  let batch: StoredObject[] = [];
  for await (const o of fileStorage().list()) {
    if (o.lastModified >= cutoff) continue;
    batch.push(o);
    if (batch.length >= BATCH) {
      orphanObjects += await removeUnreferenced(batch);
      batch = [];
    }
  }
  if (batch.length) orphanObjects += await removeUnreferenced(batch);
  const result = { abandonedUploads: abandoned.length, orphanObjects };
  if (result.abandonedUploads || result.orphanObjects) log().info(result, 'orphan sweep');
  return result;
}

export const SWEEP_TASK = 'orphan-sweep';

/** The task of lib/server/tasks.ts: one sweep; answers how many things it removed. */
export async function sweepTaskRun(): Promise<number> {
  const r = await sweepOrphans();
  return r.abandonedUploads + r.orphanObjects;
}

/** The in-process timer's period for the sweep (null: ORPHAN_SWEEP_INTERVAL_MINUTES=0). */
export function sweepTimerMs(): number | null {
  const minutes = config().ORPHAN_SWEEP_INTERVAL_MINUTES;
  return minutes ? minutes * 60_000 : null;
}
