/**
 * /AccessDenied (spec §6, §8): the signed-in user's role may not open the page; support is told, only when the page
 * named by `from` was refused to this role (opened directly, the page tells nobody).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { AccessDeniedNotifier } from '@/components/shell/AccessDeniedNotifier';
import { buttonClasses } from '@/components/ui/Button';
import { requirePageActor } from '@/lib/auth/page';
import { wasRefused } from '@/lib/auth/routes';
import { isStaffRole } from '@/lib/core/staff-policy';
import { isClientRole } from '@/lib/reference';

export const metadata: Metadata = { title: 'Access denied' };

function pagePath(from: string | string[] | undefined): string | null {
  const v = Array.isArray(from) ? from[0] : from;
  return v && v.startsWith('/') && !v.startsWith('//') ? v.slice(0, 300) : null;
}

export default async function AccessDeniedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor();
  const from = pagePath((await searchParams).from);
  const client = isClientRole(actor.role);
  const refused = wasRefused(from, actor.role);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 py-8">
      {refused ? <AccessDeniedNotifier from={from} /> : null}
      <h1 className="page-title">Access denied</h1>
      <p>
        You do not have permission to open{' '}
        {from ? (
          <>
            this page (<code className="text-sm">{from}</code>)
          </>
        ) : (
          'this page'
        )}
        .
      </p>
      <p>
        {refused ? 'Our support team has been told. ' : ''}
        {client
          ? 'If you need access, please ask your firm’s JMS administrator to change your role.'
          : 'If you need access, please ask an administrator of the staff area to change your role.'}
      </p>
      <p>
        {client ? (
          <Link href="/JobClient" className={buttonClasses({ variant: 'primary' })}>
            Go to your jobs
          </Link>
        ) : isStaffRole(actor.role) ? (
          <Link href="/Ops" className={buttonClasses({ variant: 'primary' })}>
            Go to the staff area
          </Link>
        ) : (
          <a href="/SignOut" className={buttonClasses({ variant: 'primary' })}>
            Sign out
          </a>
        )}
      </p>
    </div>
  );
}
