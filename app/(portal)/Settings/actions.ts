'use server';
/**
 * Server actions of /Settings: thin adapters over lib/settings (the signed-in user's own settings,
 * the user from the session, never from the form). A missing session answers 'signed-out' so the
 * page can send the browser to sign-out and back (spec §4.5).
 */
import { requireClientActor } from '@/lib/auth/current';
import { TWO_FACTOR_MSG } from '@/lib/auth/messages';
import { removeAuthenticator } from '@/lib/auth/two-factor';
import { confirmEnrolmentOutcome, startEnrolmentOutcome } from '@/lib/auth/two-factor-outcome';
import {
  removeAuthenticatorSchema,
  type ConfirmEnrolmentOutcome,
  type RemoveAuthenticatorOutcome,
  type StartEnrolmentOutcome,
} from '@/lib/auth/two-factor-schema';
import { fieldErrors, UnauthorizedError, ForbiddenError } from '@/lib/http/errors';
import { verifyCurrentPassword } from '@/lib/settings/current-password';
import { alertsFormSchema, settingsFormSchema } from '@/lib/settings/schema';
import { sendTestEmail, updateAlerts, updateSettings } from '@/lib/settings/service';
import type { SaveAlertsOutcome, SaveSettingsOutcome } from '@/lib/settings/outcome';
import { signOutMySession } from '@/lib/auth/session-list';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';
import { updateSecurityPolicy, type UpdatePolicyResult } from '@/lib/security/policy';

async function actorOrNull() {
  try {
    return await requireClientActor();
  } catch (e) {
    if (e instanceof UnauthorizedError || e instanceof ForbiddenError) return null;
    throw e;
  }
}

export async function verifyCurrentPasswordAction(password: unknown): Promise<boolean | 'signed-out'> {
  const actor = await actorOrNull();
  if (!actor) return 'signed-out';
  if (typeof password !== 'string' || password.length === 0 || password.length > 1024) return false;
  return verifyCurrentPassword(actor, password);
}

export async function saveSettingsAction(input: unknown): Promise<SaveSettingsOutcome> {
  const actor = await actorOrNull();
  if (!actor) return { status: 'signed-out' };
  const parsed = settingsFormSchema.safeParse(input);
  if (!parsed.success) return { status: 'policy', fields: fieldErrors(parsed.error) };
  // The alerts have their own form and action (no current password): this save keeps them.
  return updateSettings(actor, parsed.data, { keepAlerts: true });
}

/** Saves the job and invoice alert choices; no current password (issue 26). */
export async function saveAlertsAction(input: unknown): Promise<SaveAlertsOutcome> {
  const actor = await actorOrNull();
  if (!actor) return { status: 'signed-out' };
  const parsed = alertsFormSchema.safeParse(input);
  if (!parsed.success) return { status: 'invalid', fields: fieldErrors(parsed.error) };
  return updateAlerts(actor, parsed.data);
}

export async function sendTestEmailAction(): Promise<boolean | 'signed-out'> {
  const actor = await actorOrNull();
  if (!actor) return 'signed-out';
  return sendTestEmail(actor);
}

/** Signs out one of the user's own other sessions (issue 17). */
export async function signOutSessionAction(sessionId: unknown): Promise<'signed-out' | 'not-found' | 'current' | 'session-ended'> {
  const actor = await actorOrNull();
  if (!actor) return 'session-ended';
  if (typeof sessionId !== 'string' || sessionId.length > 64) return 'not-found';
  return signOutMySession(actor, sessionId);
}

/** Saves the organisation's security policy (client administrators, issue 17). */
export async function saveSecurityPolicyAction(input: unknown): Promise<UpdatePolicyResult | { status: 'signed-out' }> {
  let actor;
  try {
    actor = await requireClientActor([CLIENT_ADMIN_ROLE]);
  } catch (e) {
    if (e instanceof UnauthorizedError || e instanceof ForbiddenError) return { status: 'signed-out' };
    throw e;
  }
  return updateSecurityPolicy(actor, input);
}

/** Authenticator app: a new secret and its QR code (lib/auth/two-factor.ts). */
export async function startEnrolmentAction(): Promise<StartEnrolmentOutcome> {
  return startEnrolmentOutcome(await actorOrNull());
}

/** Authenticator app: the code confirms the set-up; the recovery codes are answered this once. */
export async function confirmEnrolmentAction(input: unknown): Promise<ConfirmEnrolmentOutcome> {
  return confirmEnrolmentOutcome(await actorOrNull(), input);
}

/** Authenticator app: removed with the current password. */
export async function removeAuthenticatorAction(input: unknown): Promise<RemoveAuthenticatorOutcome> {
  const actor = await actorOrNull();
  if (!actor) return { status: 'signed-out' };
  const parsed = removeAuthenticatorSchema.safeParse(input);
  if (!parsed.success) return { status: 'error', message: TWO_FACTOR_MSG.passwordRequired, fields: fieldErrors(parsed.error) };
  const r = await removeAuthenticator(actor, parsed.data.Password);
  if (r === 'wrong-password') return { status: 'error', message: TWO_FACTOR_MSG.passwordWrong, fields: { Password: [TWO_FACTOR_MSG.passwordWrong] } };
  if (r === 'not-enrolled') return { status: 'error', message: TWO_FACTOR_MSG.notEnrolled };
  return { status: 'removed' };
}
