import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/password/ForgotPasswordForm';
import { PasswordPageFrame } from '@/components/password/PasswordPageFrame';
import { forgotPasswordAction } from './actions';

export const metadata: Metadata = { title: 'Forgot password' };

/** /ForgotPassword (spec §2): e-mail entry to request a reset link. */
export default function ForgotPasswordPage() {
  return (
    <PasswordPageFrame title="Forgot password">
      <ForgotPasswordForm action={forgotPasswordAction} />
    </PasswordPageFrame>
  );
}
