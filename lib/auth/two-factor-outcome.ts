/**
 * The authenticator-app set-up as the server actions answer it (Settings, and the set-up a firm's policy requires
 * at /TwoFactorSetup): one mapping of the two-factor service's answers and refusals onto the forms' outcomes.
 * The actions only resolve the actor their page allows.
 */
import type { Actor } from './actor';
import { TWO_FACTOR_MSG } from './messages';
import { confirmEnrolment, startEnrolment } from './two-factor';
import { confirmEnrolmentSchema, type ConfirmEnrolmentOutcome, type StartEnrolmentOutcome } from './two-factor-schema';
import { AppError, fieldErrors } from '@/lib/http/errors';

/** A new secret and its QR code; a refusal (an app already set up) as its message. */
export async function startEnrolmentOutcome(actor: Actor | null): Promise<StartEnrolmentOutcome> {
  if (!actor) return { status: 'signed-out' };
  try {
    const r = await startEnrolment(actor);
    return { status: 'started', secret: r.Secret, otpAuthUri: r.OtpAuthUri, qrCode: r.QrCode, expiresInSeconds: r.ExpiresInSeconds };
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return { status: 'error', message: e.message };
    throw e;
  }
}

/** The app's code confirms the set-up; the recovery codes are answered this once. */
export async function confirmEnrolmentOutcome(actor: Actor | null, input: unknown): Promise<ConfirmEnrolmentOutcome> {
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
