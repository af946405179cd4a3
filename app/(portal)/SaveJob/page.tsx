import type { Metadata } from 'next';
import { JobOrderForm } from '@/components/jobs/order/JobOrderForm';
import { requirePageClientActor } from '@/lib/auth/page';
import { jobFormContext } from '@/lib/jobs/form-context';
import { DRAFT_MSG, getDraft } from '@/lib/jobs/drafts';
import { mergeOrderValues } from '@/lib/jobs/clone';
import { discardDraftAction, saveDraftAction, saveJobAction } from './actions';

export const metadata: Metadata = { title: 'New Job' };

/**
 * /SaveJob (spec §2): a new job; ?jb=<encoded id> clones an earlier job of the same client. The user's draft
 * (issue 29) is offered back on a new order; ?resume=1 opens the form with it.
 */
export default async function SaveJobPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageClientActor();
  const sp = await searchParams;
  const jb = sp.jb;
  const cloning = typeof jb === 'string' && jb !== '';
  const [ctx, draft] = await Promise.all([jobFormContext(actor, cloning ? jb : null), cloning ? null : getDraft(actor)]);
  const resumed = draft !== null && sp.resume === '1';
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <h1 className="page-title">New Job</h1>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <JobOrderForm
          initialValues={resumed ? mergeOrderValues(ctx.values, draft.values) : ctx.values}
          initialFiles={resumed ? draft.files : undefined}
          draftOffer={draft && !resumed ? DRAFT_MSG.resume(draft.savedAtLabel) : null}
          saveDraft={saveDraftAction}
          discardDraft={discardDraftAction}
          clone={ctx.clone && { jmsNumber: ctx.clone.jmsNumber, file: ctx.clone.file }}
          cloneNotFound={ctx.cloneNotFound}
          clientId={ctx.clientId}
          branches={ctx.branches}
          appealBookLocations={ctx.appealBookLocations}
          courtCopyLocations={ctx.courtCopyLocations}
          now={ctx.now}
          timeZone={ctx.timeZone}
          maxInstructions={ctx.maxInstructions}
          maxUploadBytes={ctx.maxUploadBytes}
          maxFiles={ctx.maxFiles}
          directUploads={ctx.directUploads}
          blockedExtensions={ctx.blockedExtensions}
          save={saveJobAction}
        />
      </div>
    </div>
  );
}
