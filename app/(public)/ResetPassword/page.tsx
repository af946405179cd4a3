import type { Metadata } from 'next';
import { DeadLink, NewPasswordForm } from '@/components/password/NewPasswordForm';
import { PasswordPageFrame } from '@/components/password/PasswordPageFrame';
import { checkResetToken } from '@/lib/auth/reset';
import { forcedReason } from '@/lib/auth/reset-schema';
import { MSG } from '@/lib/messages';
import { Alert } from '@/components/ui/Alert';
import { newPasswordAction } from '../ResetNewPassword/actions';

export const metadata: Metadata = { title: 'Change password', referrer: 'no-referrer' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /ResetPassword?url=<token>&reason=first|expired (spec §2, §4 sign-in step 2): the forced change of a
 * first-time or expired password. The sign-in issued the token after checking the password; the
 * change does not sign in by itself.
 */
export default async function ForcedChangePage({ searchParams }: { searchParams: SearchParams }) {
  const { url, reason } = await searchParams;
  const token = typeof url === 'string' ? url : '';
  const state = await checkResetToken(token);
  const why = forcedReason(reason);
  return (
    <PasswordPageFrame title="Change password">
      {state === 'valid' ? (
        <div className="flex flex-col gap-4">
          {why && <Alert tone="warning">{why === 'first' ? MSG.passwordFirstTime : MSG.passwordExpired}</Alert>}
          <NewPasswordForm token={token} submitLabel="Change password" action={newPasswordAction} retry="signin" />
        </div>
      ) : (
        <DeadLink state={state === 'expired' ? 'expired' : 'invalid'} retry="signin" />
      )}
    </PasswordPageFrame>
  );
}
