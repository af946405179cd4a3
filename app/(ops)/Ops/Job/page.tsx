/**
 * /Ops/Job?jb=…: one job as staff see it. Everything the client sent (the slip, the instruction block,
 * the source file), the internal instructions, the comment history with internal comments marked, the status
 * history; the status change (the workflow), the slip data staff keep and the delivered files they attach. A jb that does not decode and a missing
 * job answer the same 404.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { JobSlipView } from '@/components/jobs/slip/JobSlipView';
import { DeliverablesPanel } from '@/components/ops/DeliverablesPanel';
import { SlipDataForm } from '@/components/ops/SlipDataForm';
import { StatusChangeForm } from '@/components/ops/StatusChangeForm';
import { Card } from '@/components/ui/Card';
import { deliveredFilesView } from '@/lib/legacy/documents';
import { tryDecodeId } from '@/lib/encoding';
import { displayDateTime } from '@/lib/display-date';
import { presentJobSlip } from '@/lib/jobs/present';
import { staffJob } from '@/lib/ops/job';
import { requireStaffPage } from '@/lib/ops/page';
import { can } from '@/lib/core/staff-policy';
import { statusLabel } from '@/lib/reference';
import {
  assignJobAction,
  changeStatusAction,
  decideChangeAction,
  postStaffMessageAction,
  saveSlipDataAction,
} from './actions';
import { AssignForm } from '@/components/ops/AssignForm';
import { queueStaff } from '@/lib/ops/queue';
import { ChangeRequestsPanel } from '@/components/ops/ChangeRequestsPanel';
import { changeRequestsOf } from '@/lib/jobs/changes';
import { jobThread, threadItems } from '@/lib/jobs/messages';
import { uploadLimits } from '@/lib/documents/direct';
import { JobThread } from '@/components/jobs/slip/JobThread';

export const metadata: Metadata = { title: 'Job' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function OpsJobPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('jobs.read');
  const jb = one((await searchParams).jb) ?? '';
  const id = tryDecodeId(jb);
  const view = id === null ? null : await staffJob(actor, id);
  if (!view) notFound();
  const { slip } = view;
  const slipView = presentJobSlip(slip, view.comments, actor.timeZone, { matterLink: false });
  const mayChange = can(actor.role, 'jobs.status');
  // Finished files staff attach: the same deliverables service as the client's "Delivered files".
  const delivered = mayChange ? await deliveredFilesView(actor, slip.id) : null;
  const staff = mayChange ? await queueStaff(actor) : [];
  // Status changes and assignments, one history, oldest first.
  const history = [
    ...view.history.map((h) => ({
      key: `s${h.id}`,
      at: h.createdAt,
      by: h.changedByName,
      what: (
        <>
          {statusLabel(h.fromStatus)} → <strong>{statusLabel(h.toStatus)}</strong>
        </>
      ),
    })),
    ...view.assignments.map((a) => ({
      key: `a${a.id}`,
      at: a.createdAt,
      by: a.changedByName,
      what: a.toName ? (
        <>
          Assigned to <strong>{a.toName}</strong>
          {a.fromName ? ` (was ${a.fromName})` : ''}
        </>
      ) : (
        <>Unassigned{a.fromName ? ` (was ${a.fromName})` : ''}</>
      ),
    })),
  ].sort((x, y) => x.at.getTime() - y.at.getTime());
  // The firm's changes after ordering: requests staff accept or decline.
  const requests = await changeRequestsOf(actor, slip.id);
  // The conversation with the firm; internal notes stay the "Staff only" comments.
  const thread = await jobThread(actor, slip.id);

  return (
    <div className="flex flex-col gap-6">
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href="/Ops/Jobs">← Job queue</Link>
        {view.invoiceNumber ? (
          // A job is billed once: the invoice that bills it, instead of a second one.
          <span>
            Invoiced:{' '}
            {can(actor.role, 'invoices.manage') ? (
              <Link
                href={`/Ops/Invoices?q=${encodeURIComponent(view.invoiceNumber)}`}
                className="text-brand-700 underline"
              >
                {view.invoiceNumber}
              </Link>
            ) : (
              view.invoiceNumber
            )}
          </span>
        ) : (
          can(actor.role, 'invoices.manage') && (
            // The invoice form opens prefilled (client, job, priced line, due date, next number).
            <Link href={`/Ops/Invoices/New?ids=${slip.id}`} className="text-brand-700 underline">
              Invoice this job
            </Link>
          )
        )}
      </p>
      <JobSlipView slip={slipView} statusHistory={false}>
        <div className="no-print grid grid-cols-1 gap-4 lg:grid-cols-2">
          {mayChange && (
            <Card title="Change status" titleAs="h2">
              <p className="mb-3 text-sm">
                Now: <strong>{statusLabel(slip.status)}</strong>
                {slip.statusLastModifiedByName && (
                  <span className="text-muted">
                    {' '}
                    — by {slip.statusLastModifiedByName}, {displayDateTime(slip.statusUpdatedAt, actor.timeZone)}
                  </span>
                )}
              </p>
              <StatusChangeForm
                jb={jb}
                status={slip.status}
                allowedNext={view.allowedNext}
                action={changeStatusAction}
              />
            </Card>
          )}
          <div className="flex flex-col gap-4">
            {mayChange && (
              <Card title="Slip data" titleAs="h2">
                <SlipDataForm
                  jb={jb}
                  initial={{
                    lioNumber: slip.lioNumber ?? '',
                    matterType: slip.matterType ?? '',
                  }}
                  documentId={slip.documents[0]?.id ?? null}
                  action={saveSlipDataAction}
                />
              </Card>
            )}
            <Card title="Owner" titleAs="h2">
              <p className="mb-3 text-sm">
                Now: <strong>{view.assignee.name ?? 'Nobody'}</strong>
              </p>
              {mayChange && (
                <AssignForm
                  jb={jb}
                  assigneeId={view.assignee.id}
                  staff={staff}
                  meId={actor.userId}
                  action={assignJobAction}
                />
              )}
            </Card>
            <JobThread
              jobId={slip.id}
              viewer="staff"
              messages={threadItems(thread, actor.timeZone)}
              attachments={uploadLimits()}
              post={postStaffMessageAction}
            />
            {requests.length > 0 && (
              <Card title="Change requests" titleAs="h2">
                <ChangeRequestsPanel
                  decide={decideChangeAction}
                  canDecide={mayChange}
                  requests={requests.map((r) => ({
                    id: r.id,
                    kind: r.kind,
                    status: r.status,
                    at: displayDateTime(r.createdAt, actor.timeZone),
                    by: r.requestedByName,
                    reason: r.reason,
                    decidedBy: r.decidedByName,
                    note: r.decisionNote,
                  }))}
                />
              </Card>
            )}
            {delivered && (
              <Card>
                <DeliverablesPanel jobId={slip.id} initial={delivered} />
              </Card>
            )}
            <Card title="Status history" titleAs="h2">
              {history.length === 0 ? (
                <p className="text-sm text-muted">No status changes yet: the job is as the client ordered it.</p>
              ) : (
                <ol className="flex flex-col gap-1 text-sm" aria-label="Status changes and assignments">
                  {history.map((h) => (
                    <li key={h.key}>
                      <span className="text-muted">{displayDateTime(h.at, actor.timeZone)}</span> · {h.what} · {h.by}
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </div>
        </div>
      </JobSlipView>
    </div>
  );
}
