/**
 * The firm's activity: the kinds of event a client administrator can read, and the list query
 * (user, kind, date range) for the /user/activity URL and the Activity.csv export body. Browser-safe.
 *
 * Only the actions listed here are ever shown: a new kind of audit row stays internal until it is added.
 */
import { z } from 'zod';
import { isCalendarDate } from '@/lib/core/calendar-date';

export const ACTIVITY_KINDS = {
  signin: { label: 'Sign-ins', actions: ['signin.success', 'signin.sso'] },
  'signin-failed': {
    label: 'Failed sign-ins',
    actions: ['signin.failed', 'signin.blocked', 'signin.sso_failed', 'signin.sso_required'],
  },
  lockout: { label: 'Lockouts and unlocks', actions: ['signin.locked', 'user.unlocked'] },
  password: { label: 'Password changes and resets', actions: ['password.changed', 'password.reset_token_issued'] },
  'two-factor': {
    label: 'Authenticator app',
    actions: ['twofactor.enrolled', 'twofactor.removed', 'twofactor.recovery_used'],
  },
  job: {
    label: 'Jobs ordered, cloned, amended and cancelled',
    actions: ['job.create', 'job.amend', 'job.cancel', 'job.change_requested'],
  },
  message: { label: 'Messages', actions: ['job.message'] },
  feedback: { label: 'Feedback given', actions: ['job.feedback'] },
  export: { label: 'Exports', actions: ['export'] },
  file: { label: 'Files uploaded and downloaded', actions: ['document.uploaded', 'document.downloaded'] },
  user: {
    label: 'Users invited, created, edited, deactivated and reactivated',
    actions: ['user.invited', 'user.created', 'user.updated', 'user.deactivated', 'user.reactivated'],
  },
  view: { label: 'Views shared', actions: ['view.share', 'view.unshare'] },
  settings: { label: 'Settings and security policy', actions: ['settings.updated', 'security.policy_updated'] },
  session: { label: 'Sign-outs and sessions', actions: ['signout', 'session.revoked', 'session.revoked_all'] },
  access: { label: 'Access denied', actions: ['access.denied'] },
} as const satisfies Record<string, { label: string; actions: readonly string[] }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_IDS = Object.keys(ACTIVITY_KINDS) as ActivityKind[];
/** Every action the activity page may show. */
export const ACTIVITY_ACTIONS: readonly string[] = Object.values(ACTIVITY_KINDS).flatMap((k) => k.actions);

export function kindOfAction(action: string): ActivityKind | null {
  return ACTIVITY_KIND_IDS.find((k) => (ACTIVITY_KINDS[k].actions as readonly string[]).includes(action)) ?? null;
}

export const ACTIVITY_KIND_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '', label: 'Any' },
  ...ACTIVITY_KIND_IDS.map((k) => ({ value: k, label: ACTIVITY_KINDS[k].label })),
];

export const ACTIVITY_MSG = {
  kind: 'Please choose a kind of event from the list.',
  user: 'Please choose a user from the list.',
  date: 'Please enter a date as yyyy-mm-dd.',
  range: 'The end date must not be before the start date.',
} as const;

/** The parsed query the service takes. Dates are calendar days in the viewer's time zone, both included. */
export interface ActivityQuery {
  userId?: number;
  kind?: ActivityKind;
  from?: string;
  to?: string;
}

const day = z
  .string()
  .max(10, ACTIVITY_MSG.date)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()))
  .refine((v) => v === undefined || isCalendarDate(v), ACTIVITY_MSG.date);

const kind = z
  .string()
  .max(40)
  .nullish()
  .transform((v) => (v == null || v === '' ? undefined : v))
  .refine(
    (v): v is ActivityKind | undefined => v === undefined || (ACTIVITY_KIND_IDS as string[]).includes(v),
    ACTIVITY_MSG.kind,
  )
  .transform((v) => v as ActivityKind | undefined);

const userId = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/, ACTIVITY_MSG.user)
        .transform(Number),
      z.null(),
    ],
    { error: ACTIVITY_MSG.user },
  )
  .optional()
  .pipe(
    z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647, ACTIVITY_MSG.user)
      .nullish()
      .transform((n) => (n ? n : undefined)),
  );

/** The export body (PascalCase like the other list exports). Unknown fields are refused. */
export const activityQuerySchema = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z
    .strictObject({ UserId: userId, Kind: kind, From: day, To: day })
    .refine((q) => !q.From || !q.To || q.From <= q.To, { message: ACTIVITY_MSG.range, path: ['To'] })
    .transform((q): ActivityQuery => ({ userId: q.UserId, kind: q.Kind, from: q.From, to: q.To })),
);

export interface ActivityBody {
  UserId: number | null;
  Kind: string | null;
  From: string | null;
  To: string | null;
}

export function toActivityBody(q: ActivityQuery): ActivityBody {
  return { UserId: q.userId ?? null, Kind: q.kind ?? null, From: q.from ?? null, To: q.to ?? null };
}

export const ACTIVITY_PARAM = {
  user: 'user',
  kind: 'kind',
  from: 'from',
  to: 'to',
  page: 'page',
  pageSize: 'size',
} as const;

/** The query of a /user/activity URL. Lenient: an unusable value is dropped, never an error page. */
export function activityQueryFromSearchParams(p: { get(name: string): string | null }): ActivityQuery {
  const one = <T>(schema: z.ZodType<T>, v: string | null): T | undefined => {
    const r = schema.safeParse(v);
    return r.success ? r.data : undefined;
  };
  const q: ActivityQuery = {
    userId: one(userId, p.get(ACTIVITY_PARAM.user)) ?? undefined,
    kind: one(kind, p.get(ACTIVITY_PARAM.kind)) ?? undefined,
    from: one(day, p.get(ACTIVITY_PARAM.from)) ?? undefined,
    to: one(day, p.get(ACTIVITY_PARAM.to)) ?? undefined,
  };
  if (q.from && q.to && q.from > q.to) q.to = undefined;
  return q;
}

export const ACTIVITY_EXPORT_FILE = 'Activity.csv';
export const ACTIVITY_CSV_HEADER = ['Date', 'User Name', 'Full Name', 'Event', 'Details', 'IP Address', 'Browser'];
