'use server';
/**
 * Server actions of /Settings: thin adapters over lib/settings, lib/auth and lib/security through the one action
 * wrapper (lib/http/action.ts): the signed-in user's own settings, the user from the session, never from the form.
 * An ended session answers "signed out" and the page signs out and back (spec §4.5).
 */
import { z } from 'zod';
import { TWO_FACTOR_MSG } from '@/lib/auth/messages';
import { signOutMySession } from '@/lib/auth/session-list';
import {
  confirmEnrolment,
  removeAuthenticator,
  startEnrolment,
  type ConfirmedEnrolment,
  type TwoFactorInitAnswer,
} from '@/lib/auth/two-factor';
import { confirmEnrolmentSchema, removeAuthenticatorSchema } from '@/lib/auth/two-factor-schema';
import { asSent, clientAdmin, clientUser, runAction } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { updateSecurityPolicy } from '@/lib/security/security-policy';
import { updateBillingContacts } from '@/lib/invoices/billing-contacts';
import { verifyCurrentPassword } from '@/lib/auth/current-password';
import { alertsFormSchema, settingsFormSchema } from '@/lib/settings/schema';
import { sendTestEmail, updateAlerts, updateSettings, type UpdateSettingsResult } from '@/lib/settings/service';

/** Whether the password is the user's current one (a 400 for a value that cannot be one). */
export async function verifyCurrentPasswordAction(password: unknown): Promise<ActionResult<boolean>> {
  return runAction(clientUser(), z.string().min(1).max(1024), password, (p, { actor }) =>
    verifyCurrentPassword(actor, p),
  );
}

export async function saveSettingsAction(input: unknown): Promise<ActionResult<UpdateSettingsResult>> {
  // The alerts have their own form and action (no current password): this save keeps them.
  return runAction(clientUser(), settingsFormSchema, input, (form, { actor }) =>
    updateSettings(actor, form, { keepAlerts: true }),
  );
}

/** Saves the job and invoice alert choices; no current password. */
export async function saveAlertsAction(input: unknown): Promise<ActionResult> {
  return runAction(clientUser(), alertsFormSchema, input, (form, { actor }) => updateAlerts(actor, form));
}

export async function sendTestEmailAction(): Promise<ActionResult<boolean>> {
  return runAction(clientUser(), asSent, undefined, (_none, { actor }) => sendTestEmail(actor));
}

/** Signs out one of the user's own other sessions. */
export async function signOutSessionAction(sessionId: unknown): Promise<ActionResult> {
  return runAction(clientUser(), z.string().max(64), sessionId, async (id, { actor }) => {
    await signOutMySession(actor, id);
    return null;
  });
}

/** Saves the organisation's security policy (client administrators); the service parses with the form's schema. */
export async function saveSecurityPolicyAction(input: unknown): Promise<ActionResult<{ changed: string[] }>> {
  return runAction(clientAdmin, asSent, input, (form, { actor }) => updateSecurityPolicy(actor, form));
}

/** Saves the firm's billing contacts (client administrators); the service parses with the form's schema. */
export async function saveBillingContactsAction(input: unknown): Promise<ActionResult<{ changed: boolean }>> {
  return runAction(clientAdmin, asSent, input, (form, { actor }) => updateBillingContacts(actor, form));
}

/** Authenticator app: a new secret and its QR code (lib/auth/two-factor.ts). */
export async function startEnrolmentAction(): Promise<ActionResult<TwoFactorInitAnswer>> {
  return runAction(clientUser(), asSent, undefined, (_none, { actor }) => startEnrolment(actor));
}

/** Authenticator app: the code confirms the set-up; the recovery codes are answered this once. */
export async function confirmEnrolmentAction(input: unknown): Promise<ActionResult<ConfirmedEnrolment>> {
  return runAction(
    clientUser(),
    confirmEnrolmentSchema,
    input,
    (form, { actor }) => confirmEnrolment(actor, form.Code),
    { invalid: TWO_FACTOR_MSG.codeFormat },
  );
}

/** Authenticator app: removed with the current password. */
export async function removeAuthenticatorAction(input: unknown): Promise<ActionResult> {
  return runAction(
    clientUser(),
    removeAuthenticatorSchema,
    input,
    async (form, { actor }) => {
      await removeAuthenticator(actor, form.Password);
      return null;
    },
    { invalid: TWO_FACTOR_MSG.passwordRequired },
  );
}
