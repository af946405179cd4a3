/**
 * The user preference of the job list (spec §3 "User preference": UserId, PageSize, JobPreferenceModel with
 * OrderBy, OrderByDirection, LIONumberFilter, MatterRefFilter, JobDescriptionFilter, ContactNameFilter,
 * JobStatusFilter, ClientNameFilter, TimeCreatedFilter, TimeDueFilter, TimeDeliveredFilter, PageSize;
 * §7 GET api/User/GetUserPreference, POST api/User/SaveUserPreference).
 *
 * The job list keeps its page size, sort and filters here, and /JobClient restores them on the next visit.
 * LIONumberFilter is the job-number filter (the legacy name of the JMS number). The model is stored as given
 * (PascalCase, in user_preferences.job_preference) after validation; a stored value that no longer validates
 * reads as the default rather than failing the page. Always the actor's own preference: a UserId in a body
 * is ignored.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { userPreferences } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { DEFAULT_PAGE_SIZE } from '@/lib/reference';
import { DEFAULT_JOB_QUERY, normaliseStatuses } from './list-schema';
import { jobPreferenceModelSchema, parseModel, toPreferenceModel, type JobListPreference, type SaveUserPreferenceBody } from './preference-model';

export * from './preference-model';

export interface StoredPreference {
  userId: number;
  pageSize: number;
  job: JobListPreference;
  /** False when nothing was ever saved (the defaults). */
  saved: boolean;
}

/** The actor's job list preference (the defaults when none was saved or the stored one is unusable). */
export async function getUserPreference(actor: Actor): Promise<StoredPreference> {
  const db = await getDb();
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, actor.userId)).limit(1);
  const fallback: JobListPreference = { query: { ...DEFAULT_JOB_QUERY, statuses: [] }, pageSize: row?.pageSize ?? DEFAULT_PAGE_SIZE };
  if (!row) return { userId: actor.userId, pageSize: DEFAULT_PAGE_SIZE, job: fallback, saved: false };
  const model = jobPreferenceModelSchema.safeParse(row.jobPreference ?? {});
  const parsed = model.success ? parseModel(model.data, row.pageSize) : null;
  const job = parsed?.ok ? parsed.value : fallback;
  return { userId: actor.userId, pageSize: row.pageSize, job: { ...job, query: { ...job.query, statuses: normaliseStatuses(job.query.statuses) } }, saved: Boolean(row.jobPreference) };
}

/** Saves the job list state as the actor's preference (other lists' preferences are left alone). */
export async function saveJobListPreference(actor: Actor, p: JobListPreference, topLevelPageSize?: number): Promise<void> {
  const db = await getDb();
  const model = toPreferenceModel(p);
  const t = now();
  await db
    .insert(userPreferences)
    .values({ userId: actor.userId, pageSize: topLevelPageSize ?? p.pageSize, jobPreference: model, updatedAt: t })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: {
        jobPreference: model,
        updatedAt: t,
        ...(topLevelPageSize === undefined ? {} : { pageSize: topLevelPageSize }),
      },
    });
}

/** SaveUserPreference: the model given (validated), the top-level PageSize when given. */
export async function saveUserPreference(actor: Actor, body: SaveUserPreferenceBody): Promise<StoredPreference> {
  const current = await getUserPreference(actor);
  const parsed = body.JobPreferenceModel ? parseModel(body.JobPreferenceModel, body.PageSize ?? current.job.pageSize) : null;
  const job = parsed?.ok ? parsed.value : current.job;
  await saveJobListPreference(actor, job, body.PageSize ?? undefined);
  return getUserPreference(actor);
}
