/** /error (public, spec §8): where the user lands after an error was reported. No details of the error. */
import type { Metadata } from 'next';
import Link from 'next/link';
import { PublicShell } from '@/components/shell/PublicShell';
import { buttonClasses } from '@/components/ui/Button';

export const metadata: Metadata = { title: 'Something went wrong', robots: { index: false } };

export default function ErrorPage() {
  return (
    <PublicShell>
      <div className="flex flex-col gap-4 py-8">
        <h1 className="page-title">Something went wrong</h1>
        <p>
          Sorry, the portal could not complete what you were doing. The problem has been reported to our support team.
        </p>
        <p>
          Please try again in a moment. If you were placing an order, check your job list before ordering again, so the
          job is not entered twice.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link href="/JobClient" className={buttonClasses({ variant: 'primary' })}>
            Go to your jobs
          </Link>
          <Link href="/SignIn" className={buttonClasses()}>
            Sign in
          </Link>
        </div>
      </div>
    </PublicShell>
  );
}
