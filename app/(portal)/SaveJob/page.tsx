import type { Metadata } from 'next';
import { JobOrderForm } from '@/components/jobs/order/JobOrderForm';
import { requirePageClientActor } from '@/lib/auth/page';
import { jobFormContext } from '@/lib/jobs/form-context';
import { saveJobAction } from './actions';

export const metadata: Metadata = { title: 'New Job' };

/** /SaveJob (spec §2): a new job; ?jb=<encoded id> clones an earlier job of the same client. */
export default async function SaveJobPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageClientActor();
  const jb = (await searchParams).jb;
  const ctx = await jobFormContext(actor, typeof jb === 'string' ? jb : null);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <h1 className="page-title">New Job</h1>
      <div className="rounded-lg border border-line bg-surface p-4 shadow-xs sm:p-6">
        <JobOrderForm
          initialValues={ctx.values}
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
          blockedExtensions={ctx.blockedExtensions}
          save={saveJobAction}
          draftOwner={String(actor.userId)}
        />
      </div>
    </div>
  );
}
