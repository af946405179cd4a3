/**
 * POST api/Settings/User/Update (spec §7): { UserModel: { EmailId, Password, NewPassword,
 * ConfirmPassword, TimeZoneId }, UserJobAlerts } → 0 nothing updated (e.g. wrong current password),
 * 2 recent password, 1 success. Always the signed-in user's own settings. Invalid fields are a 400.
 */
import { parseOrThrow, ValidationError } from '@/lib/core/errors';
import { apiRoute } from '@/lib/http/route';
import { CLIENT_ROLES } from '@/lib/reference';
import { legacySettingsUpdateSchema, settingsFormSchema } from '@/lib/settings/schema';
import { presentSettingsResult } from '@/lib/legacy/settings';
import { updateSettings } from '@/lib/settings/service';
import { settingsResultAnswer } from '@/lib/legacy/answers';

export const POST = apiRoute(
  { response: settingsResultAnswer, roles: CLIENT_ROLES, body: legacySettingsUpdateSchema },
  async ({ actor, body }) => {
    const keepAlerts = body.JobAlerts === null;
    const form = parseOrThrow(settingsFormSchema, {
      ...body,
      JobAlerts: body.JobAlerts ?? [],
      JobAlertMode: body.JobAlertMode ?? undefined,
    });
    const r = await updateSettings(actor, form, { keepAlerts });
    if (r.status === 'policy') throw new ValidationError(r.fields);
    return presentSettingsResult(r);
  },
);
