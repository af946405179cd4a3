/**
 * Told on every signed-in page while few recovery codes are left: how many, and how to get ten new
 * ones (remove the authenticator app in Settings and set it up again). Server component; `left` is the shell's
 * fewRecoveryCodes (lib/shell/service.ts): nothing when it is null (enough left, or no app set up). Not printed:
 * a printed page (a job slip) is the page's content alone.
 */
import Link from 'next/link';
import { Alert } from '@/components/ui/Alert';

export function RecoveryCodesNotice({ left }: { left: number | null }) {
  if (left === null) return null;
  return (
    <Alert
      tone="warning"
      role="status"
      className="no-print mb-4"
      title={left === 0 ? 'No recovery codes left' : `Only ${left} recovery code${left === 1 ? '' : 's'} left`}
    >
      If you lose your phone, a recovery code is the only way to sign in without it. To get ten new ones, remove the
      authenticator app in <Link href="/Settings">Settings</Link> and set it up again.
    </Alert>
  );
}
