'use client';
/**
 * The queue's bulk actions: what is selected (ticked jobs, or every job matching the filters across
 * pages), and what to do with it: change the status, assign, or export as CSV. A polite live region says how many
 * jobs are selected and, after a run, the outcome; the outcome lists every job that was refused and why, and takes
 * focus (the selection is cleared, so "Apply to selected" is disabled). Delivered for jobs with no delivered file
 * asks once, naming them, and runs again with the confirmation.
 * Native controls only: it works with the keyboard and a screen reader as the rest of the page does.
 */
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { ExportButton } from '@/components/list/ExportButton';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { Select } from '@/components/ui/Select';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';
import { BULK_MAX, BULK_MSG, type BulkInput, type BulkOutcome } from '@/lib/ops/bulk-schema';
import type { QueueExportBody } from '@/lib/ops/queue-schema';
import { JOB_STATUSES } from '@/lib/reference';

export type BulkJobsAction = (input: unknown) => Promise<ActionResult<BulkOutcome>>;

export interface BulkBarProps {
  /** The ticked jobs' ids, or null when every matching job is selected. */
  selectedIds: number[] | null;
  /** How many jobs are selected (the queue's total when all matching are). */
  count: number;
  countCapped: boolean;
  exportBody: QueueExportBody;
  exportFile: string;
  staff: { id: number; name: string }[];
  action: BulkJobsAction;
  /** After a run: the list reloads, the selection is cleared. */
  onDone: () => void;
  /** Staff who may issue invoices get "Invoice these jobs" for ticked jobs: the invoice form, prefilled. */
  canInvoice?: boolean;
}

/** The most ticked jobs one invoice form opens with (the form takes up to 100 job ids). */
const INVOICE_MAX = 100;

type Kind = 'status' | 'assign' | 'export';

export function BulkBar({
  selectedIds,
  count,
  countCapped,
  exportBody,
  exportFile,
  staff,
  action,
  onDone,
  canInvoice = false,
}: BulkBarProps) {
  const [kind, setKind] = useState<Kind>('status');
  const [toStatus, setToStatus] = useState('');
  const [assignee, setAssignee] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The run waiting for "Set to Delivered", with the question naming the jobs that have no delivered file. */
  const [asking, setAsking] = useState<{ input: BulkInput; question: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const focusOutcome = useRef(false);
  const none = count === 0;
  useEffect(() => {
    if (outcome && focusOutcome.current) {
      focusOutcome.current = false;
      outcomeRef.current?.focus();
    }
  }, [outcome]);
  // A new selection replaces the last outcome (the live region then says the new count).
  const [outcomeFor, setOutcomeFor] = useState<number | null>(null);
  if (outcome && outcomeFor !== null && count !== 0 && count !== outcomeFor) {
    setOutcome(null);
    setOutcomeFor(null);
  }

  async function apply() {
    setError(null);
    setOutcome(null);
    if (kind === 'status' && !toStatus) return setError('Please choose the new status.');
    if (kind === 'assign' && !assignee) return setError('Please choose a staff user, or "Nobody".');
    const input: BulkInput = {
      selection: selectedIds === null ? { kind: 'query', query: exportBody } : { kind: 'ids', jobIds: selectedIds },
      action:
        kind === 'status'
          ? { kind: 'status', toStatus: Number(toStatus), comment: '', visibility: 'internal' }
          : { kind: 'assign', assigneeId: assignee === 'none' ? null : Number(assignee) },
    };
    await run(input);
  }

  async function run(input: BulkInput) {
    setBusy(true);
    try {
      const r = await unlessSignedOut(action(input));
      if (r.ok) {
        focusOutcome.current = true;
        setOutcome(r.value);
        setOutcomeFor(0);
        onDone();
      } else if (r.status === 409 && r.fields?.confirmNoDeliverable?.[0] && input.action.kind === 'status')
        setAsking({
          input: { ...input, action: { ...input.action, confirmNoDeliverable: true } },
          question: r.fields.confirmNoDeliverable[0],
        });
      else setError(Object.values(r.fields ?? {})[0]?.[0] ?? r.message);
    } finally {
      setBusy(false);
    }
  }

  const selectedText = BULK_MSG.selected(count, countCapped);
  return (
    <section aria-labelledby="bulk-heading" className="panel flex flex-col gap-3 p-3">
      <h2 id="bulk-heading" className="text-base font-semibold">
        Bulk actions
      </h2>
      <p className="text-sm" aria-hidden="true">
        {none ? 'No jobs selected: tick the jobs to act on.' : selectedText}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Action" id="bulk-kind" className="w-full sm:w-48">
          <Select
            value={kind}
            options={[
              { value: 'status', label: 'Change status' },
              { value: 'assign', label: 'Assign' },
              { value: 'export', label: 'Export (CSV)' },
            ]}
            onChange={(e) => setKind(e.target.value as Kind)}
          />
        </Field>
        {kind === 'status' && (
          <Field label="New status" id="bulk-status" className="w-full sm:w-56">
            <Select
              value={toStatus}
              placeholder="Choose a status"
              options={JOB_STATUSES.map((s) => ({ value: String(s.id), label: s.label }))}
              onChange={(e) => setToStatus(e.target.value)}
            />
          </Field>
        )}
        {kind === 'assign' && (
          <Field label="Assign to" id="bulk-assignee" className="w-full sm:w-56">
            <Select
              value={assignee}
              placeholder="Choose a staff user"
              options={[
                { value: 'none', label: 'Nobody (unassign)' },
                ...staff.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
              onChange={(e) => setAssignee(e.target.value)}
            />
          </Field>
        )}
        {kind === 'export' ? (
          none ? (
            <Button disabled>Export selected</Button>
          ) : (
            <ExportButton
              url="/api/Ops/Jobs/Export"
              body={selectedIds === null ? exportBody : { ...exportBody, JobIds: selectedIds }}
              fileName={exportFile}
              label="Export selected"
            />
          )
        ) : (
          <Button variant="primary" onClick={apply} disabled={none} loading={busy} loadingText="Applying…">
            Apply to selected
          </Button>
        )}
        {/* Ticked jobs only: the form bills one client's jobs, so "all matching" across clients is not offered. */}
        {canInvoice && selectedIds !== null && selectedIds.length > 0 && selectedIds.length <= INVOICE_MAX && (
          <Link
            href={`/Ops/Invoices/New?ids=${selectedIds.join(',')}`}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Invoice these jobs
          </Link>
        )}
      </div>
      {!none && selectedIds === null && count > BULK_MAX && kind !== 'export' && (
        <p className="text-sm text-muted">{BULK_MSG.tooMany}</p>
      )}
      {/* Said once, politely: the selection count, then the outcome of a run. */}
      <p role="status" aria-live="polite" className="sr-only">
        {outcome ? outcome.summary : none ? '' : selectedText}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title="Set to Delivered without a file?"
        message={asking?.question ?? ''}
        confirmLabel="Set to Delivered"
        onConfirm={async () => {
          if (asking) await run(asking.input);
        }}
        onCloseAutoFocus={(e) => {
          // After the run, to its outcome; after Cancel, back to "Apply to selected".
          if (outcomeRef.current) {
            e.preventDefault();
            outcomeRef.current.focus();
          }
        }}
      />
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1} role="group" aria-label={outcome.summary} className="rounded-md">
          <Alert tone={outcome.refused.length ? 'warning' : 'success'} role="none" title={outcome.summary}>
            {outcome.refused.length > 0 && (
              <ul className="mt-1 list-disc pl-5" aria-label="Refused jobs">
                {outcome.refused.map((r) => (
                  <li key={r.jobId}>
                    Job {r.jmsNumber || r.jobId}: {r.message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        </div>
      )}
    </section>
  );
}
