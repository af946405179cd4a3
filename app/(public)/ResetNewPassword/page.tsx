import type { Metadata } from 'next';
import { DeadLink, NewPasswordForm } from '@/components/password/NewPasswordForm';
import { PasswordPageFrame } from '@/components/password/PasswordPageFrame';
import { checkResetToken } from '@/lib/auth/reset';
import { newPasswordAction } from './actions';

export const metadata: Metadata = { title: 'Reset password', referrer: 'no-referrer' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /ResetNewPassword?url=<token> (spec §2, §4): checks the link, then asks for the new password. */
export default async function ResetNewPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const { url } = await searchParams;
  const token = typeof url === 'string' ? url : '';
  const state = await checkResetToken(token);
  return (
    <PasswordPageFrame title="Reset password">
      {state === 'valid' ? (
        <NewPasswordForm token={token} submitLabel="Reset password" action={newPasswordAction} />
      ) : (
        <DeadLink state={state} />
      )}
    </PasswordPageFrame>
  );
}
