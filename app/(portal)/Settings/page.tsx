import type { Metadata } from 'next';
import { AuthenticatorSection } from '@/components/settings/AuthenticatorSection';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { twoFactorStatus } from '@/lib/auth/two-factor';
import { formatInTimeZone } from 'date-fns-tz';
import { requirePageClientActor } from '@/lib/auth/page';
import { JOB_STATUSES } from '@/lib/reference';
import { getSettings } from '@/lib/settings/service';
import { timeZoneList } from '@/lib/settings/time-zones';
import {
  confirmEnrolmentAction,
  removeAuthenticatorAction,
  saveSettingsAction,
  sendTestEmailAction,
  startEnrolmentAction,
  verifyCurrentPasswordAction,
} from './actions';

export const metadata: Metadata = { title: 'Settings' };

/** /Settings (spec §2): the signed-in user's e-mail, time zone, password, job alerts and test e-mail; the authenticator app. */
export default async function SettingsPage() {
  const actor = await requirePageClientActor();
  const [settings, twoFactor] = await Promise.all([getSettings(actor), twoFactorStatus(actor)]);
  if (!settings) return null;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="page-title">Settings</h1>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <SettingsForm
          userName={settings.UserName}
          fullName={settings.FullName}
          initial={{ EmailId: settings.EmailId, TimeZoneId: settings.TimeZoneId, JobAlerts: settings.JobAlerts }}
          timeZones={timeZoneList()}
          statuses={JOB_STATUSES.map((s) => ({ id: s.id, label: s.label }))}
          verifyCurrentPassword={verifyCurrentPasswordAction}
          save={saveSettingsAction}
          sendTestEmail={sendTestEmailAction}
        />
      </div>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <AuthenticatorSection
          status={{
            enrolled: twoFactor.enrolled,
            enrolledOn: twoFactor.enrolledAt ? formatInTimeZone(twoFactor.enrolledAt, actor.timeZone, 'dd-MMM-yyyy') : null,
            recoveryCodesLeft: twoFactor.recoveryCodesLeft,
          }}
          start={startEnrolmentAction}
          confirm={confirmEnrolmentAction}
          remove={removeAuthenticatorAction}
        />
      </div>
    </div>
  );
}
