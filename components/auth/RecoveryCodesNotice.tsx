/**
 * Told on every signed-in page while few recovery codes are left (issue 26): how many, and how to get ten new
 * ones (remove the authenticator app in Settings and set it up again). Server component; nothing when there are
 * enough, or no app is set up.
 */
import Link from 'next/link';
import { Alert } from '@/components/ui/Alert';
import type { Actor } from '@/lib/auth/actor';
import { fewRecoveryCodesLeft } from '@/lib/auth/two-factor';

export async function RecoveryCodesNotice({ actor }: { actor: Actor }) {
  const left = await fewRecoveryCodesLeft(actor);
  if (left === null) return null;
  return (
    <Alert tone="warning" role="status" className="mb-4" title={left === 0 ? 'No recovery codes left' : `Only ${left} recovery code${left === 1 ? '' : 's'} left`}>
      If you lose your phone, a recovery code is the only way to sign in without it. To get ten new ones, remove the authenticator app in{' '}
      <Link href="/Settings">Settings</Link> and set it up again.
    </Alert>
  );
}
