'use client';
/** The forced authenticator-app set-up after sign-in: the shared set-up, then on to the portal. */
import { AuthenticatorEnrolment, type AuthenticatorEnrolmentProps } from '@/components/auth/AuthenticatorEnrolment';

export function TwoFactorSetupStep(p: Pick<AuthenticatorEnrolmentProps, 'start' | 'confirm'> & { next: string }) {
  return (
    <AuthenticatorEnrolment
      start={p.start}
      confirm={p.confirm}
      level={2}
      onDone={() => window.location.assign(p.next)}
    />
  );
}
