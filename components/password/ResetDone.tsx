import Link from 'next/link';
import { MSG } from '@/lib/messages';
import { Alert } from '@/components/ui/Alert';

/** "Your password has been reset. Please click here to login", with "click here" the link to sign in. */
export function ResetDone() {
  const [before, after] = MSG.passwordResetDone.split('click here');
  return (
    <Alert tone="success">
      {before}
      <Link href="/SignIn">click here</Link>
      {after}
    </Alert>
  );
}
