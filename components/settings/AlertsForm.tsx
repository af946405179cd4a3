'use client';
/**
 * The Settings page's alert choices: which job statuses, instant or daily digest, the user's own jobs
 * or the firm's, the invoice alert and the order confirmation. Saved on their own, without the current password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { FormFields } from '@/components/ui/FormFields';
import { FormSection } from '@/components/ui/FormSection';
import { RadioGroup } from '@/components/ui/RadioGroup';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';
import { MSG } from '@/lib/messages';
import {
  alertsFormSchema,
  JOB_ALERT_MODE_LABELS,
  JOB_ALERT_MODES,
  JOB_ALERT_SCOPE_LABELS,
  JOB_ALERT_SCOPES,
  type AlertsForm as Values,
} from '@/lib/settings/schema';

export interface AlertsFormProps {
  initial: Values;
  statuses: readonly { id: number; label: string }[];
  save: (values: Values) => Promise<ActionResult>;
}

export const ALERTS_MSG = { saved: 'Your alerts were saved.' } as const;

export function AlertsForm(p: AlertsFormProps) {
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, control, setValue, formState } = useForm<Values>({
    resolver: zodResolver(alertsFormSchema),
    defaultValues: p.initial,
  });
  const alerts = useWatch({ control, name: 'JobAlerts' });

  const toggleAlert = (id: number, on: boolean) => {
    const next = on ? [...new Set([...alerts, id])] : alerts.filter((a) => a !== id);
    setValue('JobAlerts', next, { shouldDirty: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      // An ended session signs out and comes back here, as a 401 does (spec §4.5).
      const r = await unlessSignedOut(p.save(values));
      setBanner(r.ok ? { tone: 'success', text: ALERTS_MSG.saved } : { tone: 'error', text: MSG.settingsNotUpdated });
    } catch {
      setBanner({ tone: 'error', text: MSG.settingsNotUpdated });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8" aria-label="Alerts">
      <FormFields>
        <FormSection title="Job alerts" description="Send me an e-mail when a job reaches these statuses." columns={3}>
          {p.statuses.map((s) => (
            <Checkbox
              key={s.id}
              id={`JobAlert-${s.id}`}
              label={s.label}
              checked={alerts.includes(s.id)}
              onChange={(e) => toggleAlert(s.id, e.target.checked)}
            />
          ))}
          <RadioGroup
            className="md:col-span-3"
            legend="Which jobs?"
            options={JOB_ALERT_SCOPES.map((m) => ({ value: m, label: JOB_ALERT_SCOPE_LABELS[m] }))}
            error={formState.errors.JobAlertScope?.message}
            {...register('JobAlertScope')}
          />
          <RadioGroup
            className="md:col-span-3"
            legend="How should job alerts reach you?"
            options={JOB_ALERT_MODES.map((m) => ({ value: m, label: JOB_ALERT_MODE_LABELS[m] }))}
            error={formState.errors.JobAlertMode?.message}
            {...register('JobAlertMode')}
          />
          <Checkbox
            id="InvoiceAlert"
            className="md:col-span-3"
            label="E-mail me when an invoice is issued for my jobs"
            {...register('InvoiceAlert')}
          />
          <Checkbox
            id="OrderConfirmation"
            className="md:col-span-3"
            label="E-mail me a confirmation of each order I place"
            {...register('OrderConfirmation')}
          />
        </FormSection>
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          <Button type="submit" variant="primary" loading={formState.isSubmitting} loadingText="Saving…">
            Save alerts
          </Button>
          <span className="text-sm text-muted">Every alert e-mail has a link to stop it.</span>
        </div>
      </FormFields>
    </form>
  );
}
