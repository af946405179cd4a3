/**
 * /JobClient/Views: the job list's saved views a user sees — their own, their "Last used" settings (the
 * spec's saved preference) and the views shared with their firm — to open, rename, delete, share (administrators)
 * and choose the one the list opens with. A client page (it takes /JobClient's place in the route table).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { ViewsManager } from '@/components/jobs/ViewsManager';
import { requirePageClientActor } from '@/lib/auth/page';
import { isUserAdmin } from '@/lib/core/user-policy';
import { listViews } from '@/lib/jobs/views';
import { deleteViewAction, renameViewAction, setDefaultViewAction, shareViewAction } from '../actions';

export const metadata: Metadata = { title: 'Saved views' };

export default async function SavedViewsPage() {
  const actor = await requirePageClientActor();
  const views = await listViews(actor);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Saved views</h1>
        <Link href="/JobClient" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Back to jobs
        </Link>
      </div>
      <p className="text-sm text-muted">
        Save a view from the job list&apos;s toolbar. The list opens with your default view, or with your last used
        settings when you have none.
      </p>
      <ViewsManager
        views={views}
        canShare={isUserAdmin(actor)}
        actions={{
          rename: renameViewAction,
          remove: deleteViewAction,
          share: shareViewAction,
          setDefault: setDefaultViewAction,
        }}
      />
    </div>
  );
}
