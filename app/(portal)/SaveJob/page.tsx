import type { Metadata } from 'next';
import { JobOrderForm } from '@/components/jobs/order/JobOrderForm';
import { requirePageClientActor } from '@/lib/auth/page';
import { jobFormContext } from '@/lib/jobs/form-context';
import { DRAFT_MSG, getDraft } from '@/lib/jobs/drafts';
import { notFound } from 'next/navigation';
import { Alert } from '@/components/ui/Alert';
import { loadAmendSource, mergeOrderValues } from '@/lib/jobs/clone';
import { clientMayChange } from '@/lib/jobs/files';
import { TIMES_FILLED_BY_FORM } from '@/lib/jobs/rules';
import { amendJobAction, discardDraftAction, saveDraftAction, saveJobAction } from './actions';

export const metadata: Metadata = { title: 'New Job' };

/**
 * /SaveJob (spec §2): a new job; ?jb=<encoded id> clones an earlier job of the same client. The user's draft
 * is offered back on a new order; ?resume=1 opens the form with it. ?amend=<encoded id> opens the
 * same form on a job of the client to amend it: applied before work starts, a request after.
 * ?matter=<reference> (the matter page's "New job for this matter") pre-fills the matter reference of a new job.
 */
export default async function SaveJobPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageClientActor();
  const sp = await searchParams;
  if (typeof sp.amend === 'string') return <AmendJob actor={actor} jb={sp.amend} />;
  const jb = sp.jb;
  const cloning = typeof jb === 'string' && jb !== '';
  const [ctx, draft] = await Promise.all([
    jobFormContext(actor, cloning ? jb : null, typeof sp.matter === 'string' ? sp.matter : null),
    cloning ? null : getDraft(actor),
  ]);
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
          clone={ctx.clone && { jmsNumber: ctx.clone.jmsNumber, files: ctx.clone.files }}
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
          practiceNoteUrl={ctx.practiceNoteUrl}
          save={saveJobAction}
          draftOwner={String(actor.userId)}
          resumedDraft={resumed}
          timesFilledByForm={resumed ? draft.values[TIMES_FILLED_BY_FORM] === true : true}
        />
      </div>
    </div>
  );
}

/** ?amend=: the job's own values in the same form; Save amends it (or asks staff to, once work has started). */
async function AmendJob({ actor, jb }: { actor: Awaited<ReturnType<typeof requirePageClientActor>>; jb: string }) {
  const [ctx, src] = await Promise.all([jobFormContext(actor, null), loadAmendSource(actor, jb)]);
  if (!src || src.status === 10 || src.status === 8) notFound();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <h1 className="page-title">Amend job {src.jmsNumber}</h1>
      <Alert tone="info">
        {clientMayChange(src.status)
          ? 'Change what you need and save: the job is amended at once and the provider is told.'
          : 'Work on this job has started: your changes are sent to the provider as a request, which they accept or decline.'}
      </Alert>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <JobOrderForm
          initialValues={mergeOrderValues(ctx.values, src.values as Record<string, unknown>)}
          clone={null}
          cloneNotFound={false}
          clientId={ctx.clientId}
          branches={ctx.branches}
          appealBookLocations={ctx.appealBookLocations}
          courtCopyLocations={ctx.courtCopyLocations}
          now={ctx.now}
          timeZone={ctx.timeZone}
          maxInstructions={ctx.maxInstructions}
          maxUploadBytes={ctx.maxUploadBytes}
          maxFiles={Math.max(0, ctx.maxFiles - src.fileCount)}
          directUploads={ctx.directUploads}
          blockedExtensions={ctx.blockedExtensions}
          save={amendJobAction.bind(null, src.sourceJobId)}
        />
      </div>
    </div>
  );
}
