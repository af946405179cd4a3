/**
 * /JobSlip?jb=… (spec §2, §3 "Job slip"): the read-only slip of one job, opened in a new tab, under the portal's
 * header (navigation, bell, the signed-in user) like every client page; printing prints the slip alone (the header,
 * footer and controls are hidden on paper). showPrintDialog=1 asks 'Do you want to print this Job?'. A jb that does
 * not decode, a missing job and another client's job all answer the same 404 "Job not found" page. A link leads
 * back to the job list, and the slip shows the job's status history. Until work starts, the firm adds files to its
 * job here; once it is delivered, the delivered files come first and, until the firm has given feedback, a prompt
 * asks for it. Staff read a job at /Ops/Job (the route table keeps them out of the clients' pages).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { JobSlipView } from '@/components/jobs/slip/JobSlipView';
import { LiveRefresh } from '@/components/live/JobEvents';
import { encodeParam } from '@/lib/encoding';
import { AddFilesPanel } from '@/components/jobs/slip/AddFilesPanel';
import { FeedbackPrompt } from '@/components/jobs/slip/FeedbackPrompt';
import { PrintPrompt } from '@/components/jobs/slip/PrintPrompt';
import { uploadLimits } from '@/lib/documents/direct';
import { MAX_JOB_FILES } from '@/lib/documents/job-files';
import { clientMayChange } from '@/lib/jobs/files';
import { JobChangePanel } from '@/components/jobs/slip/JobChangePanel';
import { displayDateTime } from '@/lib/display-date';
import { CHANGE_MSG, changeRequestsOf } from '@/lib/jobs/changes';
import { JobThread } from '@/components/jobs/slip/JobThread';
import { jobThread, threadItems } from '@/lib/jobs/messages';
import { DELIVERED_STATUS } from '@/lib/reference';
import { loadFeedbackAction, saveFeedbackAction } from '../JobClient/actions';
import { addJobFilesAction, cancelJobAction, postMessageAction } from './actions';
import { requirePageClientActor } from '@/lib/auth/page';
import { tryDecodeId } from '@/lib/encoding';
import { commentHistoryOf } from '@/lib/jobs/comments';
import { presentJobSlip } from '@/lib/jobs/present';
import { jobSlip } from '@/lib/jobs/queries';

export const metadata: Metadata = { title: 'Job slip' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function JobSlipPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor();
  const sp = await searchParams;
  const id = tryDecodeId(one(sp.jb));
  const slip = id === null ? null : await jobSlip(actor, id);
  if (!slip) notFound();
  const [comments, requests, thread] = await Promise.all([
    commentHistoryOf(actor, slip.id),
    changeRequestsOf(actor, slip.id),
    jobThread(actor, slip.id),
  ]);
  const view = presentJobSlip(slip, comments ?? [], actor.timeZone);
  const changed = one(sp.changed);
  const open = slip.status !== 10 && slip.status !== DELIVERED_STATUS;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 print:max-w-none">
      {/* News of this job (its status, a file, an invoice) re-renders the slip in place. */}
      <LiveRefresh jb={encodeParam(slip.id)} />
      <JobSlipView
        slip={view}
        back={
          <Link href="/JobClient" className="text-sm">
            ← Back to jobs
          </Link>
        }
        actions={<PrintPrompt ask={one(sp.showPrintDialog) === '1'} />}
        feedback={
          slip.status === DELIVERED_STATUS && (
            <FeedbackPrompt
              job={{ id: slip.id, jmsNumber: slip.jmsNumber }}
              given={view.feedback.length > 0}
              actions={{ save: saveFeedbackAction, load: loadFeedbackAction }}
            />
          )
        }
      >
        {(open || slip.status === 10) && (
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
        {clientMayChange(slip.status) && slip.documents.length < MAX_JOB_FILES && (
          <AddFilesPanel
            jobId={slip.id}
            room={MAX_JOB_FILES - slip.documents.length}
            {...uploadLimits()}
            add={addJobFilesAction}
          />
        )}
        <JobThread
          jobId={slip.id}
          viewer="client"
          messages={threadItems(thread, actor.timeZone)}
          attachments={uploadLimits()}
          post={postMessageAction}
        />
      </JobSlipView>
    </div>
  );
}
