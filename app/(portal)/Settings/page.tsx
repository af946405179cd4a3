import type { Metadata } from 'next';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { requirePageClientActor } from '@/lib/auth/page';
import { JOB_STATUSES } from '@/lib/reference';
import { getSettings } from '@/lib/settings/service';
import { timeZoneList } from '@/lib/settings/time-zones';
import { saveSettingsAction, sendTestEmailAction, verifyCurrentPasswordAction } from './actions';

export const metadata: Metadata = { title: 'Settings' };

/** /Settings (spec §2): the signed-in user's e-mail, time zone, password, job alerts and test e-mail. */
export default async function SettingsPage() {
  const actor = await requirePageClientActor();
  const settings = await getSettings(actor);
  if (!settings) return null;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="page-title">Settings</h1>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <SettingsForm
          userName={settings.UserName}
          fullName={settings.FullName}
          initial={{ EmailId: settings.EmailId, TimeZoneId: settings.TimeZoneId, JobAlerts: settings.JobAlerts, JobAlertMode: settings.JobAlertMode }}
          timeZones={timeZoneList()}
          statuses={JOB_STATUSES.map((s) => ({ id: s.id, label: s.label }))}
          verifyCurrentPassword={verifyCurrentPasswordAction}
          save={saveSettingsAction}
          sendTestEmail={sendTestEmailAction}
        />
      </div>
    </div>
  );
}
