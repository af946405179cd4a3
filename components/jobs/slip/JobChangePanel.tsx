'use client';

/**
 * "Change this job" on the client's slip: Amend opens the order form on the job; Cancel asks for a
 * reason. Before work starts the change is made at once; after, the same buttons send a request staff accept or
 * decline, and the panel says so. The requests and their answers are listed.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Textarea';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export interface ChangeRequestItem {
  id: number;
  kind: 'cancel' | 'amend';
  status: 'pending' | 'accepted' | 'declined';
  at: string;
  by: string;
  reason: string;
  note: string | null;
}

export interface JobChangePanelProps {
  jobId: number;
  jb: string;
  /** Work has started: changes become requests. */
  started: boolean;
  /** Cancelled: nothing more to change. */
  closed: boolean;
  pending: boolean;
  requests: ChangeRequestItem[];
  /** A message after an amendment (from ?changed=). */
  notice: string | null;
  cancel: (input: { jobId: number; reason: string }) => Promise<ActionResult<string>>;
}

const STATUS_TEXT = { pending: 'Waiting for the provider', accepted: 'Accepted', declined: 'Declined' } as const;

export function JobChangePanel({ jobId, jb, started, closed, pending, requests, notice, cancel }: JobChangePanelProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(notice);

  async function submit() {
    setBusy(true);
    setError(null);
    const r = await unlessSignedOut(cancel({ jobId, reason }));
    setBusy(false);
    if (!r.ok) {
      setError(r.fields?.reason?.[0] ?? r.message);
      return;
    }
    setOpen(false);
    setReason('');
    setMessage(r.value);
    router.refresh();
  }

  return (
    <section
      aria-labelledby="change-job-title"
      className="no-print flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="change-job-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        Change this job
      </h2>
      {message && <Alert tone="success">{message}</Alert>}
      <p className="text-sm text-muted">
        {closed
          ? 'This job is cancelled: it can no longer be changed.'
          : started
            ? 'Work on this job has started: a change or a cancellation is sent to the provider as a request.'
            : 'Until work starts you can amend or cancel this job yourself.'}
      </p>
      {closed ? null : pending ? (
        <p className="text-sm">A change request for this job is waiting for the provider.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <a
            href={`/SaveJob?amend=${encodeURIComponent(jb)}`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {started ? 'Request an amendment' : 'Amend job'}
          </a>
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            {started ? 'Request cancellation' : 'Cancel job'}
          </Button>
        </div>
      )}
      {requests.length > 0 && (
        <ol className="flex flex-col gap-1 text-sm" aria-label="Change requests">
          {requests.map((r) => (
            <li key={r.id}>
              <span className="text-muted">{r.at}</span> · {r.kind === 'cancel' ? 'Cancellation' : 'Amendment'}{' '}
              requested by {r.by} · <strong>{STATUS_TEXT[r.status]}</strong>
              {r.note && <span className="block text-muted">{r.note}</span>}
            </li>
          ))}
        </ol>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={started ? 'Request cancellation' : 'Cancel job'}
        description={
          started
            ? 'The provider accepts or declines the request.'
            : 'The job is cancelled at once and the provider is told.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep the job
            </Button>
            <Button variant="danger" loading={busy} loadingText="Sending…" onClick={() => void submit()}>
              {started ? 'Send request' : 'Cancel job'}
            </Button>
          </>
        }
      >
        <Field label="Reason" required error={error ?? undefined}>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} rows={3} />
        </Field>
      </Dialog>
    </section>
  );
}
