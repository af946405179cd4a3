/**
 * The Settings form (spec §2 /Settings, §3 "Settings model", §5 "Settings save"): one schema for the
 * browser (zodResolver) and the server (server action, api/Settings/User/Update).
 *
 * Browser-safe: no node-only imports.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, refinePasswordPair } from '@/lib/auth/password-policy';
import { MSG } from '@/lib/messages';
import { JOB_STATUS_IDS } from '@/lib/reference';
import { FIELD_MSG, isEmail, missingMessage } from '@/lib/validation';
import type { UpdateSettingsResult } from './service';

export const SETTINGS_MSG = {
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  timeZoneInvalid: 'Please choose a time zone from the list.',
} as const;

/** The canonical IANA name of a time zone, or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** How job alerts reach a user: one e-mail per change, or a daily digest at 08:00 in their time zone. */
export const JOB_ALERT_MODES = ['instant', 'digest'] as const;
export type JobAlertMode = (typeof JOB_ALERT_MODES)[number];
export const JOB_ALERT_MODE_LABELS: Record<JobAlertMode, string> = {
  instant: 'As it happens: one e-mail for each change',
  digest: 'A daily digest at 08:00 in my time zone',
};
const jobAlertMode = z.enum(JOB_ALERT_MODES, { error: 'Please choose how job alerts reach you.' });

/** Whose jobs the alerts cover: the user's own (ordered by them or naming them as contact), or the firm's. */
export const JOB_ALERT_SCOPES = ['mine', 'firm'] as const;
export type JobAlertScope = (typeof JOB_ALERT_SCOPES)[number];
export const JOB_ALERT_SCOPE_LABELS: Record<JobAlertScope, string> = {
  mine: 'My jobs: the ones I ordered or am the contact of',
  firm: 'Every job of my firm (for administrators and the mail room)',
};

export const emailIdField = z
  .string({ error: FIELD_MSG.required })
  .trim()
  .min(1, FIELD_MSG.required)
  .refine((v) => isEmail(v), FIELD_MSG.invalidEmail);

const PASSWORD_INPUT_MAX = 4 * PASSWORD_MAX_LENGTH;

/**
 * What the Settings page submits. The current password is required for every save (re-authentication,
 * since the e-mail address receives reset links); a new password is optional: both new-password
 * fields empty keep the password (docs/decisions/002-password-rules.md).
 */
export const settingsFormSchema = z
  .object({
    EmailId: emailIdField,
    TimeZoneId: z
      .string({ error: SETTINGS_MSG.timeZoneInvalid })
      .refine((v) => canonicalTimeZone(v) !== null, SETTINGS_MSG.timeZoneInvalid),
    Password: z
      .string({ error: SETTINGS_MSG.currentPasswordRequired })
      .min(1, SETTINGS_MSG.currentPasswordRequired)
      .max(PASSWORD_INPUT_MAX),
    NewPassword: z.string().max(PASSWORD_INPUT_MAX),
    ConfirmPassword: z.string().max(PASSWORD_INPUT_MAX),
    JobAlerts: z
      .array(z.number().int())
      .max(JOB_STATUS_IDS.length)
      .refine((ids) => ids.every((id) => JOB_STATUS_IDS.includes(id)), FIELD_MSG.invalidChoice),
    /** Absent (legacy callers): the user's choice stays. */
    JobAlertMode: jobAlertMode.optional(),
  })
  .superRefine((v, c) => refinePasswordPair(v, c, { required: false }));

/**
 * What the Settings page's alert section submits. No current password: the spec's re-authentication
 * guards the e-mail address and the password, and an alert choice changes neither.
 */
export const alertsFormSchema = z.object({
  JobAlerts: z
    .array(z.number().int())
    .max(JOB_STATUS_IDS.length)
    .refine((ids) => ids.every((id) => JOB_STATUS_IDS.includes(id)), FIELD_MSG.invalidChoice),
  JobAlertMode: jobAlertMode,
  JobAlertScope: z.enum(JOB_ALERT_SCOPES, { error: 'Please choose whose jobs the alerts cover.' }),
  InvoiceAlert: z.boolean(),
  /** An e-mail confirming each order the user places. */
  OrderConfirmation: z.boolean(),
});
export type AlertsForm = z.output<typeof alertsFormSchema>;

export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsForm = z.output<typeof settingsFormSchema>;

/** The legacy alerts list: either job status ids or { JobStatusId, IsSelected } rows. */
const legacyAlerts = z
  .array(z.union([z.number().int(), z.object({ JobStatusId: z.number().int(), IsSelected: z.boolean().optional() })]))
  .max(100)
  .transform((rows) => [
    ...new Set(rows.flatMap((r) => (typeof r === 'number' ? [r] : r.IsSelected === false ? [] : [r.JobStatusId]))),
  ]);

/** POST api/Settings/User/Update: { UserModel: {EmailId, Password, NewPassword, ConfirmPassword, TimeZoneId}, UserJobAlerts }. */
export const legacySettingsUpdateSchema = z
  .object({
    UserModel: z.object(
      {
        EmailId: z.string().max(254),
        Password: z.string().max(PASSWORD_INPUT_MAX),
        NewPassword: z.string().max(PASSWORD_INPUT_MAX).nullish(),
        ConfirmPassword: z.string().max(PASSWORD_INPUT_MAX).nullish(),
        TimeZoneId: z.string().max(64),
      },
      { error: missingMessage(FIELD_MSG.required) },
    ),
    UserJobAlerts: legacyAlerts.nullish(),
    /** Not in the old portal: absent keeps the user's choice. */
    JobAlertMode: jobAlertMode.nullish(),
  })
  .transform((b) => ({
    EmailId: b.UserModel.EmailId,
    TimeZoneId: b.UserModel.TimeZoneId,
    Password: b.UserModel.Password,
    NewPassword: b.UserModel.NewPassword ?? '',
    ConfirmPassword: b.UserModel.ConfirmPassword ?? '',
    JobAlerts: b.UserJobAlerts ?? null,
    JobAlertMode: b.JobAlertMode ?? null,
  }));

/** The banner after a save: success, or why nothing was saved. */
export function saveBanner(r: UpdateSettingsResult): { tone: 'success' | 'error'; text: string } {
  switch (r.status) {
    case 'updated':
      return { tone: 'success', text: MSG.settingsUpdated };
    case 'reused':
      return { tone: 'error', text: MSG.passwordReused };
    default:
      return { tone: 'error', text: MSG.settingsNotUpdated };
  }
}
