/**
 * The user preference of the job list (spec §3 "User preference": UserId, PageSize, JobPreferenceModel with
 * OrderBy, OrderByDirection, LIONumberFilter, MatterRefFilter, JobDescriptionFilter, ContactNameFilter,
 * JobStatusFilter, ClientNameFilter, TimeCreatedFilter, TimeDueFilter, TimeDeliveredFilter, PageSize;
 * §7 GET api/User/GetUserPreference, POST api/User/SaveUserPreference).
 *
 * The job list keeps its page size, sort and filters here, and /JobClient restores them on the next visit.
 * LIONumberFilter is the job-number filter (the legacy name of the JMS number). The preference is
 * one of the user's saved views, their remembered "Last used" view (lib/jobs/views.ts), stored as the validated
 * PascalCase model; a stored value that no longer validates reads as the default rather than failing the page.
 * The top-level PageSize stays in user_preferences. Always the actor's own preference: a UserId in a body is
 * ignored.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { userPreferences } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { DEFAULT_PAGE_SIZE } from '@/lib/reference';
import { parseModel, type JobListPreference, type SaveUserPreferenceBody } from './preference-model';
import { rememberListState, rememberedView, stateOf } from './views';

export * from './preference-model';

export interface StoredPreference {
  userId: number;
  pageSize: number;
  job: JobListPreference;
  /** False when nothing was ever saved (the defaults). */
  saved: boolean;
}

/** The actor's job list preference: their remembered view (the defaults when none was saved or it is unusable). */
export async function getUserPreference(actor: Actor): Promise<StoredPreference> {
  const db = await getDb();
  const [[row], view] = await Promise.all([
    db.select().from(userPreferences).where(eq(userPreferences.userId, actor.userId)).limit(1),
    rememberedView(actor),
  ]);
  const pageSize = row?.pageSize ?? DEFAULT_PAGE_SIZE;
  return { userId: actor.userId, pageSize, job: stateOf(view?.state ?? null, pageSize), saved: view !== null };
}

/** Saves the job list state as the actor's preference: their remembered view (other lists' preferences are left alone). */
export async function saveJobListPreference(
  actor: Actor,
  p: JobListPreference,
  topLevelPageSize?: number,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await rememberListState(actor, p, tx);
    const insert = tx
      .insert(userPreferences)
      .values({ userId: actor.userId, pageSize: topLevelPageSize ?? p.pageSize, updatedAt: now() });
    if (topLevelPageSize === undefined) await insert.onConflictDoNothing();
    else
      await insert.onConflictDoUpdate({
        target: userPreferences.userId,
        set: { pageSize: topLevelPageSize, updatedAt: now() },
      });
  });
}

/** SaveUserPreference: the model given (validated), the top-level PageSize when given. */
export async function saveUserPreference(actor: Actor, body: SaveUserPreferenceBody): Promise<StoredPreference> {
  const current = await getUserPreference(actor);
  const parsed = body.JobPreferenceModel
    ? parseModel(body.JobPreferenceModel, body.PageSize ?? current.job.pageSize)
    : null;
  const job = parsed?.ok ? parsed.value : current.job;
  await saveJobListPreference(actor, job, body.PageSize ?? undefined);
  return getUserPreference(actor);
}
