'use server';
/**
 * Server actions of /TwoFactorSetup: the authenticator-app set-up a firm's policy requires, over the
 * same service as Settings (lib/auth/two-factor.ts), through the one action wrapper. They take the session's user
 * even while the set-up is required (`settingUpTwoFactor`), which every other action refuses.
 */
import {
  confirmEnrolment,
  startEnrolment,
  type ConfirmedEnrolment,
  type TwoFactorInitAnswer,
} from '@/lib/auth/two-factor';
import { TWO_FACTOR_MSG } from '@/lib/auth/messages';
import { confirmEnrolmentSchema } from '@/lib/auth/two-factor-schema';
import { asSent, runAction, settingUpTwoFactor } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

export async function startSetupAction(): Promise<ActionResult<TwoFactorInitAnswer>> {
  return runAction(settingUpTwoFactor, asSent, undefined, (_none, { actor }) => startEnrolment(actor));
}

export async function confirmSetupAction(input: unknown): Promise<ActionResult<ConfirmedEnrolment>> {
  return runAction(
    settingUpTwoFactor,
    confirmEnrolmentSchema,
    input,
    (form, { actor }) => confirmEnrolment(actor, form.Code),
    { invalid: TWO_FACTOR_MSG.codeFormat },
  );
}
