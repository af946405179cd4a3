'use client';
/** The forced authenticator-app set-up after sign-in (issue 17): the shared set-up, then on to the portal. */
import { AuthenticatorEnrolment } from '@/components/auth/AuthenticatorEnrolment';
import type { ConfirmEnrolmentForm, ConfirmEnrolmentOutcome, StartEnrolmentOutcome } from '@/lib/auth/two-factor-schema';

export function TwoFactorSetupStep(p: {
  start: () => Promise<StartEnrolmentOutcome>;
  confirm: (input: ConfirmEnrolmentForm) => Promise<ConfirmEnrolmentOutcome>;
  next: string;
}) {
  return <AuthenticatorEnrolment start={p.start} confirm={p.confirm} level={2} onDone={() => window.location.assign(p.next)} />;
}
