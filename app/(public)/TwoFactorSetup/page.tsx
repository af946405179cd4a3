/**
 * /TwoFactorSetup: the firm requires an authenticator app and the signed-in user has none. The
 * set-up comes before any page of the portal (lib/auth/two-factor-gate.ts); once it is confirmed the user
 * goes on to the job list. Anyone else is sent where they belong.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { TwoFactorSetupStep } from '@/components/auth/TwoFactorSetupStep';
import { getActor } from '@/lib/auth/current';
import { signOutUrl } from '@/lib/auth/return-url';
import { confirmSetupAction, startSetupAction } from './actions';

export const metadata: Metadata = { title: 'Set up an authenticator app' };
export const dynamic = 'force-dynamic';

export default async function TwoFactorSetupPage() {
  const actor = await getActor();
  if (!actor) redirect(signOutUrl(11));
  if (!actor.twoFactorSetupRequired) redirect('/JobClient');
  return (
    <div className="flex flex-col gap-6 rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-8">
      <div className="flex flex-col gap-2">
        <h1 className="page-title">Set up an authenticator app</h1>
        <p>
          Your organisation requires an authenticator app (two-factor) for every user. Set one up now to continue: from
          then on the sign-in asks for the app&apos;s code.
        </p>
      </div>
      <TwoFactorSetupStep start={startSetupAction} confirm={confirmSetupAction} next="/JobClient" />
      <p className="text-sm text-muted">
        Not now? <Link href="/SignOut?type=10">Sign out</Link>
      </p>
    </div>
  );
}
