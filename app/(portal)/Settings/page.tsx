/**
 * /Settings: the signed-in user's own settings page (account, alerts, authenticator app, sessions; for the firm's
 * administrators its security policy and billing contacts).
 */
import type { Metadata } from 'next';
import { AlertsForm } from '@/components/settings/AlertsForm';
import { AuthenticatorSection } from '@/components/settings/AuthenticatorSection';
import { BillingContactsForm } from '@/components/settings/BillingContactsForm';
import { getBillingContactsForAdmin } from '@/lib/invoices/billing-contacts';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { twoFactorStatus } from '@/lib/auth/two-factor';
import { formatInTimeZone } from 'date-fns-tz';
import { requirePageClientActor } from '@/lib/auth/page';
import { JOB_STATUSES } from '@/lib/reference';
import { getSettings } from '@/lib/settings/service';
import { timeZoneList } from '@/lib/settings/time-zones';
import { SecurityPolicyForm } from '@/components/settings/SecurityPolicyForm';
import { SessionsPanel } from '@/components/settings/SessionsPanel';
import { displayDateTime } from '@/lib/audit/activity';
import { listMySessions } from '@/lib/auth/session-list';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { getPolicyForAdmin, policyBounds, usersOutsideDomains } from '@/lib/security/security-policy';
import {
  confirmEnrolmentAction,
  removeAuthenticatorAction,
  saveAlertsAction,
  saveBillingContactsAction,
  saveSecurityPolicyAction,
  saveSettingsAction,
  sendTestEmailAction,
  signOutSessionAction,
  startEnrolmentAction,
  verifyCurrentPasswordAction,
} from './actions';

export const metadata: Metadata = { title: 'Settings' };

/** /Settings (spec §2): the signed-in user's e-mail, time zone, password and test e-mail; job alerts (saved without the password); the authenticator app. */
export default async function SettingsPage() {
  const actor = await requirePageClientActor();
  const [settings, twoFactor] = await Promise.all([getSettings(actor), twoFactorStatus(actor)]);
  if (!settings) return null;
  const isAdmin = actor.role === CLIENT_ADMIN_ROLE;
  const [sessions, policy, outside, billing] = await Promise.all([
    listMySessions(actor),
    isAdmin ? getPolicyForAdmin(actor) : null,
    isAdmin ? usersOutsideDomains(actor) : [],
    isAdmin ? getBillingContactsForAdmin(actor) : null,
  ]);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="page-title">Settings</h1>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <SettingsForm
          userName={settings.UserName}
          fullName={settings.FullName}
          initial={{
            EmailId: settings.EmailId,
            TimeZoneId: settings.TimeZoneId,
            JobAlerts: settings.JobAlerts,
            JobAlertMode: settings.JobAlertMode,
          }}
          timeZones={timeZoneList()}
          verifyCurrentPassword={verifyCurrentPasswordAction}
          save={saveSettingsAction}
          sendTestEmail={sendTestEmailAction}
        />
      </div>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <AlertsForm
          initial={{
            JobAlerts: settings.JobAlerts,
            JobAlertMode: settings.JobAlertMode,
            JobAlertScope: settings.JobAlertScope,
            InvoiceAlert: settings.InvoiceAlert,
            OrderConfirmation: settings.OrderConfirmation,
          }}
          statuses={JOB_STATUSES.map((s) => ({ id: s.id, label: s.label }))}
          save={saveAlertsAction}
        />
      </div>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <AuthenticatorSection
          status={{
            enrolled: twoFactor.enrolled,
            enrolledOn: twoFactor.enrolledAt
              ? formatInTimeZone(twoFactor.enrolledAt, actor.timeZone, 'dd-MMM-yyyy')
              : null,
            recoveryCodesLeft: twoFactor.recoveryCodesLeft,
          }}
          start={startEnrolmentAction}
          confirm={confirmEnrolmentAction}
          remove={removeAuthenticatorAction}
        />
      </div>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <SessionsPanel
          sessions={sessions.map((s) => ({
            id: s.id,
            current: s.current,
            device: s.device,
            browser: s.browser,
            ip: s.ip,
            method: s.method,
            opened: displayDateTime(s.createdAt, actor.timeZone),
            lastSeen: displayDateTime(s.lastSeenAt, actor.timeZone),
          }))}
          signOut={signOutSessionAction}
        />
      </div>
      {policy ? (
        <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
          <SecurityPolicyForm
            bounds={policyBounds()}
            initial={{
              RequireTwoFactor: policy.requireTwoFactor,
              IdleTimeoutMinutes: policy.idleTimeoutMinutes === null ? '' : String(policy.idleTimeoutMinutes),
              AllowedEmailDomains: policy.allowedEmailDomains.join('\n'),
              RequireSso: policy.requireSso,
            }}
            outsideDomains={outside}
            save={saveSecurityPolicyAction}
          />
        </div>
      ) : null}
      {billing ? (
        <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
          <BillingContactsForm
            initial={{ BillingContacts: billing.chosen.join('\n') }}
            current={billing.current}
            save={saveBillingContactsAction}
          />
        </div>
      ) : null}
    </div>
  );
}
