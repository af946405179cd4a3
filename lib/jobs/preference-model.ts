/**
 * The job list preference model (spec §3 "User preference" JobPreferenceModel) and the SaveUserPreference body:
 * browser-safe, so the list page sends exactly what the legacy endpoint validates.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/reference';
import { jobListBodySchema, type JobListQuery } from './list-schema';

const pageSize = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number),
  ])
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'must be one of 10, 15, 20, 50, 100 or 0 (All)');

/** JobStatusFilter: a list of status ids, or the same as comma-separated text. */
const statusFilter = z.union([
  z.array(z.number().int()).max(50),
  z
    .string()
    .max(200)
    .regex(/^[\d,\s]*$/, 'must be status ids separated by commas')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map(Number),
    ),
]);

export const jobPreferenceModelSchema = z.strictObject({
  OrderBy: z.unknown().optional(),
  OrderByDirection: z.unknown().optional(),
  LIONumberFilter: z.unknown().optional(),
  MatterRefFilter: z.unknown().optional(),
  JobDescriptionFilter: z.unknown().optional(),
  ContactNameFilter: z.unknown().optional(),
  JobStatusFilter: statusFilter.nullish(),
  ClientNameFilter: z.unknown().optional(),
  TimeCreatedFilter: z.unknown().optional(),
  TimeDueFilter: z.unknown().optional(),
  TimeDeliveredFilter: z.unknown().optional(),
  /** Only the viewer's own jobs (a saved view's "Only my jobs"); absent means the firm's jobs. */
  MyJobsFilter: z.unknown().optional(),
  PageSize: pageSize.nullish(),
});

export interface JobListPreference {
  query: JobListQuery;
  pageSize: number;
}

export type JobPreferenceModel = z.input<typeof jobPreferenceModelSchema>;

/** A preference model → the list state; fields are validated with the list query's own rules. */
export function parseModel(
  model: z.output<typeof jobPreferenceModelSchema>,
  fallbackPageSize: number,
): { ok: true; value: JobListPreference } | { ok: false; error: z.ZodError } {
  const query = jobListBodySchema.safeParse({
    JMSNumber: model.LIONumberFilter,
    MatterReference: model.MatterRefFilter,
    JobShortDescription: model.JobDescriptionFilter,
    ContactName: model.ContactNameFilter,
    ClientName: model.ClientNameFilter,
    TimeCreatedFilter: model.TimeCreatedFilter,
    TimeDueFilter: model.TimeDueFilter,
    TimeDeliveredFilter: model.TimeDeliveredFilter,
    JobStatusModel: model.JobStatusFilter ?? [],
    MyJobsOnly: model.MyJobsFilter,
    SortBy: model.OrderBy,
    SortOrder: model.OrderByDirection,
  });
  if (!query.success) return { ok: false, error: query.error };
  return { ok: true, value: { query: query.data, pageSize: model.PageSize ?? fallbackPageSize } };
}

/** The legacy names of the list query's fields, for field messages (JMSNumber → LIONumberFilter, …). */
const MODEL_NAME: Record<string, string> = {
  JMSNumber: 'LIONumberFilter',
  MatterReference: 'MatterRefFilter',
  JobShortDescription: 'JobDescriptionFilter',
  ContactName: 'ContactNameFilter',
  ClientName: 'ClientNameFilter',
  JobStatusModel: 'JobStatusFilter',
  MyJobsOnly: 'MyJobsFilter',
  SortBy: 'OrderBy',
  SortOrder: 'OrderByDirection',
};

/** Adds the list query's issues of a model (validated by the list's own schema) under their model names. */
function refineModel(model: z.output<typeof jobPreferenceModelSchema>, ctx: z.RefinementCtx, prefix: string[]): void {
  const r = parseModel(model, DEFAULT_PAGE_SIZE);
  if (r.ok) return;
  for (const issue of r.error.issues) {
    const [head, ...tail] = issue.path.map(String);
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: [...prefix, MODEL_NAME[head ?? ''] ?? head ?? '', ...tail],
    });
  }
}

/**
 * A list state as saved views keep it: the preference model, checked field by field with the job list
 * query's own schema (`jobListBodySchema`), so a view holds nothing the list itself would refuse.
 */
export const listStateModelSchema = jobPreferenceModelSchema.superRefine((m, ctx) => refineModel(m, ctx, []));

/** The body of SaveUserPreference. */
export const saveUserPreferenceSchema = z
  .strictObject({
    UserId: z.number().int().nullish(),
    PageSize: pageSize.nullish(),
    JobPreferenceModel: jobPreferenceModelSchema.nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.JobPreferenceModel) refineModel(b.JobPreferenceModel, ctx, ['JobPreferenceModel']);
  });

export type SaveUserPreferenceBody = z.output<typeof saveUserPreferenceSchema>;

/** The preference model of a list state (what is stored and what GetUserPreference answers). */
export type StoredPreferenceModel = {
  OrderBy: number;
  OrderByDirection: number;
  LIONumberFilter: string;
  MatterRefFilter: string;
  JobDescriptionFilter: string;
  ContactNameFilter: string;
  JobStatusFilter: number[];
  ClientNameFilter: string;
  TimeCreatedFilter: number;
  TimeDueFilter: number;
  TimeDeliveredFilter: number;
  /** Present (true) only when set, so a preference without it keeps the legacy shape. */
  MyJobsFilter?: true;
  PageSize: number;
};

export function toPreferenceModel(p: JobListPreference): StoredPreferenceModel {
  return {
    OrderBy: p.query.sortBy,
    OrderByDirection: p.query.sortOrder,
    LIONumberFilter: p.query.jmsNumber,
    MatterRefFilter: p.query.matterReference,
    JobDescriptionFilter: p.query.description,
    ContactNameFilter: p.query.contactName,
    JobStatusFilter: p.query.statuses,
    ClientNameFilter: p.query.clientName,
    TimeCreatedFilter: p.query.timeCreated,
    TimeDueFilter: p.query.timeDue,
    TimeDeliveredFilter: p.query.timeDelivered,
    ...(p.query.mine ? { MyJobsFilter: true as const } : {}),
    PageSize: p.pageSize,
  };
}
