/**
 * Drafts: the order a user has in progress, saved on the server while they type (the form debounces),
 * so it survives leaving the page, a reload and signing out. One per user (unique index on user_id): a save
 * replaces it. It is offered back when the user opens a new order ("Resume your order from 10:42", in the user's
 * zone) and can be discarded. A job saved from the order form removes it (saveJob's endsDraft, in the job's
 * transaction); a job ordered through the API leaves it.
 *
 * A draft is never a job: no number, no alert, nothing staff see. It belongs to its user (and their firm): every
 * read and write is by the actor's own user id and client, so another user's draft cannot be named at all. Drafts
 * expire 30 days after their last save (`purgeExpiredDrafts`, run by the orphan-sweep task); their uploads are
 * kept from the orphan sweep while the draft lives (lib/documents/sweep.ts).
 */
import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Queryable } from '@/db/client';
import { documents, jobDrafts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { ValidationError } from '@/lib/core/errors';
import { requireTenant, tenantScope } from '@/lib/core/tenancy';
import { MAX_JOB_FILES } from '@/lib/documents/job-files';
import { firmDocuments } from '@/lib/documents/service';
import { formatInTimeZone } from 'date-fns-tz';
import { actorTimeZone } from './save';

/** A draft lives this long after its last save. */
export const DRAFT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The largest draft kept (its values as JSON). */
export const MAX_DRAFT_BYTES = 64 * 1024;

export const DRAFT_MSG = {
  tooLarge: 'The draft is too large to be saved.',
  resume: (at: string) => `Resume your order from ${at}`,
} as const;

/** What the form sends (its values as typed, and its finished uploads). Browser-safe schema. */
export const draftSaveSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  documentIds: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_JOB_FILES),
});
export type DraftSave = z.input<typeof draftSaveSchema>;

export interface DraftFile {
  documentId: number;
  fileName: string;
  size: number;
  sha256: string | null;
}

export interface Draft {
  values: Record<string, unknown>;
  /** Its uploads that are still the user's firm's, live and unattached, in the order they were added. */
  files: DraftFile[];
  updatedAt: Date;
  /** "10:42" today, else "25-Nov-2026 10:42", in the user's zone. */
  savedAtLabel: string;
}

const cutoff = () => new Date(now().getTime() - DRAFT_LIFETIME_MS);

/** Saves (replaces) the actor's draft. */
export async function saveDraft(actor: Actor, input: DraftSave): Promise<{ updatedAt: Date }> {
  const a = requireTenant(actor);
  const d = draftSaveSchema.parse(input);
  if (Buffer.byteLength(JSON.stringify(d.values)) > MAX_DRAFT_BYTES)
    throw new ValidationError({ values: [DRAFT_MSG.tooLarge] }, DRAFT_MSG.tooLarge);
  const db = await getDb();
  const at = now();
  const ids = [...new Set(d.documentIds)];
  await db
    .insert(jobDrafts)
    .values({
      clientId: a.clientId,
      userId: a.userId,
      values: d.values,
      documentIds: ids,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: jobDrafts.userId,
      set: { clientId: a.clientId, values: d.values, documentIds: ids, updatedAt: at },
    });
  return { updatedAt: at };
}

function savedAtLabel(at: Date, timeZone: string): string {
  const sameDay = formatInTimeZone(at, timeZone, 'yyyy-MM-dd') === formatInTimeZone(now(), timeZone, 'yyyy-MM-dd');
  return formatInTimeZone(at, timeZone, sameDay ? 'HH:mm' : 'dd-MMM-yyyy HH:mm');
}

/** The actor's live draft (of its current firm, saved within 30 days), or null. */
export async function getDraft(actor: Actor): Promise<Draft | null> {
  const a = requireTenant(actor);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(jobDrafts)
    .where(and(eq(jobDrafts.userId, a.userId), tenantScope(jobDrafts.clientId, a), gte(jobDrafts.updatedAt, cutoff())))
    .limit(1);
  if (!row) return null;
  const ids = (row.documentIds ?? []).filter((n) => Number.isInteger(n));
  const docs =
    ids.length === 0
      ? []
      : await db
          .select({ id: documents.id, fileName: documents.fileName, size: documents.size, sha256: documents.sha256 })
          .from(documents)
          .where(
            and(
              inArray(documents.id, ids),
              firmDocuments(a),
              isNull(documents.jobId),
              isNull(documents.deletedAt),
              eq(documents.kind, 'source'),
            ),
          );
  const byId = new Map(docs.map((x) => [x.id, x]));
  const files = ids.flatMap((id) => {
    const x = byId.get(id);
    return x ? [{ documentId: x.id, fileName: x.fileName, size: x.size, sha256: x.sha256 }] : [];
  });
  return {
    values: row.values,
    files,
    updatedAt: row.updatedAt,
    savedAtLabel: savedAtLabel(row.updatedAt, actorTimeZone(a)),
  };
}

/** Discards the actor's draft (its uploads are left to the orphan sweep). Idempotent. */
export async function discardDraft(actor: Actor, q?: Queryable): Promise<void> {
  const a = requireTenant(actor);
  const d = q ?? (await getDb());
  await d.delete(jobDrafts).where(and(eq(jobDrafts.userId, a.userId), tenantScope(jobDrafts.clientId, a)));
}

/** Removes drafts not saved for 30 days; answers how many. */
export async function purgeExpiredDrafts(): Promise<number> {
  const db = await getDb();
  const rows = await db.delete(jobDrafts).where(lt(jobDrafts.updatedAt, cutoff())).returning({ id: jobDrafts.id });
  return rows.length;
}
