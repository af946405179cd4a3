'use client';
/** The Settings page's account form: e-mail, time zone and password, saved with the current password. */

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PasswordRules } from '@/components/password/PasswordRules';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormSection } from '@/components/ui/FormSection';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { unlessSignedOut } from '@/lib/client-side/action';
import { refusalFields, type ActionResult } from '@/lib/http/action-result';
import { MSG } from '@/lib/messages';
import type { UpdateSettingsResult } from '@/lib/settings/service';
import {
  saveBanner,
  SETTINGS_MSG,
  settingsFormSchema,
  type JobAlertMode,
  type SettingsForm as Values,
} from '@/lib/settings/schema';
import { FormFields } from '@/components/ui/FormFields';

export interface SettingsFormProps {
  userName: string;
  fullName: string;
  /** JobAlerts and JobAlertMode ride along unchanged (the schema is the legacy one); the alerts have their own form. */
  initial: { EmailId: string; TimeZoneId: string; JobAlerts: number[]; JobAlertMode: JobAlertMode };
  timeZones: readonly { TimeZoneId: string; DisplayName: string }[];
  verifyCurrentPassword: (password: string) => Promise<ActionResult<boolean>>;
  save: (values: Values) => Promise<ActionResult<UpdateSettingsResult>>;
  sendTestEmail: () => Promise<ActionResult<boolean>>;
}

type Banner = { tone: 'success' | 'error'; text: string } | null;

/**
 * /Settings (spec §2, §5): e-mail, time zone, password change, test e-mail. The current password is verified
 * by a call first, then the save; the same schema validates here and on the server. The job alerts are the
 * AlertsForm beside it, saved without the password.
 */
export function SettingsForm(p: SettingsFormProps) {
  const [banner, setBanner] = useState<Banner>(null);
  const [testBanner, setTestBanner] = useState<Banner>(null);
  const [testing, setTesting] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: { ...p.initial, Password: '', NewPassword: '', ConfirmPassword: '' },
  });
  const {
    register,
    handleSubmit,
    control,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = form;
  const newPassword = useWatch({ control, name: 'NewPassword' });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      // An ended session signs out and comes back here, as a 401 does (spec §4.5).
      const check = await unlessSignedOut(p.verifyCurrentPassword(values.Password));
      if (!(check.ok && check.value)) {
        setError('Password', { message: SETTINGS_MSG.currentPasswordWrong });
        setBanner({ tone: 'error', text: MSG.settingsNotUpdated });
        return;
      }
      const answer = await unlessSignedOut(p.save(values));
      // The schema's refusal (400) places its field messages like the service's policy answer.
      const r: UpdateSettingsResult = answer.ok ? answer.value : { status: 'policy', fields: refusalFields(answer) };
      if (r.status === 'wrong-password') setError('Password', { message: SETTINGS_MSG.currentPasswordWrong });
      if (r.status === 'reused') setError('NewPassword', { message: MSG.passwordReused });
      if (r.status === 'policy') {
        for (const [name, messages] of Object.entries(r.fields)) {
          if (
            messages[0] &&
            (name === 'EmailId' ||
              name === 'TimeZoneId' ||
              name === 'Password' ||
              name === 'NewPassword' ||
              name === 'ConfirmPassword')
          ) {
            setError(name, { message: messages[0] });
          }
        }
      }
      setBanner(saveBanner(r));
      if (r.status === 'updated') {
        resetField('Password', { defaultValue: '' });
        resetField('NewPassword', { defaultValue: '' });
        resetField('ConfirmPassword', { defaultValue: '' });
      }
    } catch {
      setBanner({ tone: 'error', text: MSG.settingsNotUpdated });
    }
  });

  const onTestEmail = async () => {
    setTestBanner(null);
    setTesting(true);
    try {
      const r = await unlessSignedOut(p.sendTestEmail());
      setTestBanner(
        r.ok && r.value ? { tone: 'success', text: MSG.emailSent } : { tone: 'error', text: MSG.emailNotSent },
      );
    } catch {
      setTestBanner({ tone: 'error', text: MSG.emailNotSent });
    } finally {
      setTesting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8" aria-label="Settings">
      <FormFields>
        <FormSection title="Account" description={`Signed in as ${p.fullName} (${p.userName}).`}>
          <Field label="E-mail" id="EmailId" error={errors.EmailId?.message} required>
            <Input type="email" autoComplete="email" maxLength={254} {...register('EmailId')} />
          </Field>
          <Field label="Time zone" id="TimeZoneId" error={errors.TimeZoneId?.message} required>
            <Select
              options={p.timeZones.map((z) => ({ value: z.TimeZoneId, label: z.DisplayName }))}
              {...register('TimeZoneId')}
            />
          </Field>
        </FormSection>

        <FormSection
          title="Password"
          description="Your current password is needed to save any change. Leave the new password empty to keep your password."
        >
          <Field
            label="Current password"
            id="Password"
            error={errors.Password?.message}
            required
            className="md:col-span-2 md:max-w-[calc(50%-0.75rem)]"
          >
            <Input type="password" autoComplete="current-password" maxLength={1024} {...register('Password')} />
          </Field>
          <Field label="New password" id="NewPassword" error={errors.NewPassword?.message}>
            <Input type="password" autoComplete="new-password" maxLength={1024} {...register('NewPassword')} />
          </Field>
          <Field label="Confirm new password" id="ConfirmPassword" error={errors.ConfirmPassword?.message}>
            <Input type="password" autoComplete="new-password" maxLength={1024} {...register('ConfirmPassword')} />
          </Field>
          {newPassword !== '' && (
            <div className="md:col-span-2">
              <PasswordRules value={newPassword} />
            </div>
          )}
        </FormSection>

        {/* Beside the buttons, where the user's eyes are after pressing Save. */}
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          <Button type="submit" variant="primary" loading={isSubmitting} loadingText="Saving…">
            Save
          </Button>
          <Button onClick={onTestEmail} loading={testing} loadingText="Sending…">
            Send test e-mail
          </Button>
          <span className="text-sm text-muted">The test e-mail goes to your saved address.</span>
        </div>
        {testBanner && <Alert tone={testBanner.tone}>{testBanner.text}</Alert>}
      </FormFields>
    </form>
  );
}
