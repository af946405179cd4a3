'use server';
/**
 * Server actions of /TwoFactorSetup (issue 17): the authenticator-app set-up a firm's policy requires, over the
 * same service as Settings (lib/auth/two-factor.ts). They take the session's user even while the set-up is
 * required (getActor, not requireActor, which refuses such a session everything else).
 */
import { getActor } from '@/lib/auth/current';
import { TWO_FACTOR_MSG } from '@/lib/auth/messages';
import { confirmEnrolment, startEnrolment } from '@/lib/auth/two-factor';
import { confirmEnrolmentSchema, type ConfirmEnrolmentOutcome, type StartEnrolmentOutcome } from '@/lib/auth/two-factor-schema';
import { isClientActor } from '@/lib/auth/actor';
import { AppError, fieldErrors } from '@/lib/http/errors';

async function clientActor() {
  const actor = await getActor();
  return actor && isClientActor(actor) ? actor : null;
}

export async function startSetupAction(): Promise<StartEnrolmentOutcome> {
  const actor = await clientActor();
  if (!actor) return { status: 'signed-out' };
  try {
    const r = await startEnrolment(actor);
    return { status: 'started', secret: r.Secret, otpAuthUri: r.OtpAuthUri, qrCode: r.QrCode, expiresInSeconds: r.ExpiresInSeconds };
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return { status: 'error', message: e.message };
    throw e;
  }
}

export async function confirmSetupAction(input: unknown): Promise<ConfirmEnrolmentOutcome> {
  const actor = await clientActor();
  if (!actor) return { status: 'signed-out' };
  const parsed = confirmEnrolmentSchema.safeParse(input);
  if (!parsed.success) return { status: 'error', message: TWO_FACTOR_MSG.codeFormat, fields: fieldErrors(parsed.error) };
  try {
    return { status: 'enrolled', recoveryCodes: (await confirmEnrolment(actor, parsed.data.Code)).RecoveryCodes };
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return { status: 'error', message: e.message, fields: e.fields };
    throw e;
  }
}
