'use server';
/**
 * Server actions of /TwoFactorSetup (issue 17): the authenticator-app set-up a firm's policy requires, over the
 * same service as Settings (lib/auth/two-factor.ts). They take the session's user even while the set-up is
 * required (getActor, not requireActor, which refuses such a session everything else).
 */
import { getActor } from '@/lib/auth/current';
import { isClientActor } from '@/lib/auth/actor';
import { confirmEnrolmentOutcome, startEnrolmentOutcome } from '@/lib/auth/two-factor-outcome';
import type { ConfirmEnrolmentOutcome, StartEnrolmentOutcome } from '@/lib/auth/two-factor-schema';

async function clientActor() {
  const actor = await getActor();
  return actor && isClientActor(actor) ? actor : null;
}

export async function startSetupAction(): Promise<StartEnrolmentOutcome> {
  return startEnrolmentOutcome(await clientActor());
}

export async function confirmSetupAction(input: unknown): Promise<ConfirmEnrolmentOutcome> {
  return confirmEnrolmentOutcome(await clientActor(), input);
}
