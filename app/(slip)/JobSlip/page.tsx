/**
 * /JobSlip?jb=… (spec §2, §3 "Job slip"): the read-only slip of one job, opened in a new tab, without the portal
 * navigation, printable. showPrintDialog=1 asks 'Do you want to print this Job?'. A jb that does not decode, a
 * missing job and another client's job all answer the same 404 "Job not found" page. A link leads back to the
 * job list (the client's, or the staff area's), and the slip shows the job's status history. Until work starts,
 * the firm adds files to its job here.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { JobSlipView } from '@/components/jobs/slip/JobSlipView';
import { JobEventsProvider, LiveRefresh } from '@/components/live/JobEvents';
import { config } from '@/lib/config';
import { encodeParam } from '@/lib/encoding';
import { newsPositionNow } from '@/lib/jobs/news';
import { AddFilesPanel } from '@/components/jobs/slip/AddFilesPanel';
import { PrintPrompt } from '@/components/jobs/slip/PrintPrompt';
import { directUploadsEnabled } from '@/lib/documents/direct';
import { MAX_JOB_FILES } from '@/lib/documents/job-files';
import { clientMayChange } from '@/lib/jobs/files';
import { JobChangePanel } from '@/components/jobs/slip/JobChangePanel';
import { displayDateTime } from '@/lib/display-date';
import { CHANGE_MSG, changeRequestsOf } from '@/lib/jobs/changes';
import { JobThread } from '@/components/jobs/slip/JobThread';
import { jobThread, threadItems } from '@/lib/jobs/messages';
import { addJobFilesAction, cancelJobAction, postMessageAction } from './actions';
import { isClientActor } from '@/lib/auth/actor';
import { requirePageActor } from '@/lib/auth/page';
import { tryDecodeId } from '@/lib/encoding';
import { commentHistoryOf } from '@/lib/jobs/comments';
import { presentJobSlip } from '@/lib/jobs/present';
import { jobSlip } from '@/lib/jobs/queries';

export const metadata: Metadata = { title: 'Job slip' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function JobSlipPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageActor();
  const sp = await searchParams;
  const id = tryDecodeId(one(sp.jb));
  const slip = id === null ? null : await jobSlip(actor, id);
  if (!slip) notFound();
  const comments = isClientActor(actor) ? ((await commentHistoryOf(actor, slip.id)) ?? []) : [];
  const view = presentJobSlip(slip, comments, actor.timeZone);
  const client = isClientActor(actor);
  const requests = client ? await changeRequestsOf(actor, slip.id) : [];
  const thread = client ? await jobThread(actor, slip.id) : [];
  const changed = one(sp.changed);
  const open = slip.status !== 10 && slip.status !== 8;
  const back = (
    <Link href={client ? '/JobClient' : '/Ops/Jobs'} className="text-sm">
      ← {client ? 'Back to jobs' : 'Back to the staff job list'}
    </Link>
  );

  const page = (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 print:max-w-none print:p-0">
      <JobSlipView slip={view} back={back} actions={<PrintPrompt ask={one(sp.showPrintDialog) === '1'} />}>
        {client && (open || slip.status === 10) && (
          <JobChangePanel
            jobId={slip.id}
            jb={one(sp.jb) ?? ''}
            started={!clientMayChange(slip.status)}
            closed={!open}
            pending={requests.some((r) => r.status === 'pending')}
            requests={requests.map((r) => ({
              id: r.id,
              kind: r.kind,
              status: r.status,
              at: displayDateTime(r.createdAt, actor.timeZone),
              by: r.requestedByName,
              reason: r.reason,
              note: r.decisionNote,
            }))}
            notice={
              changed === 'amended' ? CHANGE_MSG.amended : changed === 'requested' ? CHANGE_MSG.amendRequested : null
            }
            cancel={cancelJobAction}
          />
        )}
        {client && clientMayChange(slip.status) && slip.documents.length < MAX_JOB_FILES && (
          <AddFilesPanel
            jobId={slip.id}
            room={MAX_JOB_FILES - slip.documents.length}
            maxBytes={config().MAX_UPLOAD_BYTES}
            blockedExtensions={config().BLOCKED_EXTENSIONS}
            directUploads={directUploadsEnabled()}
            add={addJobFilesAction}
          />
        )}
        {client && (
          <JobThread
            jobId={slip.id}
            viewer="client"
            messages={threadItems(thread, actor.timeZone)}
            attachments={{
              maxBytes: config().MAX_UPLOAD_BYTES,
              blockedExtensions: config().BLOCKED_EXTENSIONS,
              directUploads: directUploadsEnabled(),
            }}
            post={postMessageAction}
          />
        )}
      </JobSlipView>
    </main>
  );
  if (!client) return page;
  // News of this job (its status, a file, an invoice) re-renders the slip in place.
  return (
    <JobEventsProvider since={await newsPositionNow()} pollMs={config().LIVE_POLL_MS}>
      <LiveRefresh jb={encodeParam(slip.id)} />
      {page}
    </JobEventsProvider>
  );
}
