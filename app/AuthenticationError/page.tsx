/** /AuthenticationError (public, spec §8): single sign-on failed or gave no valid token. */
import type { Metadata } from 'next';
import Link from 'next/link';
import { SsoFailureLogger } from '@/components/auth/SsoFailureLogger';
import { PublicShell } from '@/components/shell/PublicShell';
import { buttonClasses } from '@/components/ui/Button';

export const metadata: Metadata = { title: 'Sign-in failed', robots: { index: false } };

export default function AuthenticationErrorPage() {
  return (
    <PublicShell>
      <div className="flex flex-col gap-4 py-8">
        <SsoFailureLogger />
        <h1 className="page-title">We could not sign you in</h1>
        <p>Single sign-on with your organisation did not complete, or its answer could not be accepted.</p>
        <p>
          Please try again. If it keeps failing, sign in with your JMS user name and password instead, or contact your
          firm&rsquo;s IT team or JMS administrator.
        </p>
        <div>
          <Link href="/SignIn" className={buttonClasses({ variant: 'primary' })}>
            Go to sign-in
          </Link>
        </div>
      </div>
    </PublicShell>
  );
}
