'use client';

/** The firm's change requests on the staff job page: accept or decline each pending one, with a note. */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export interface StaffChangeRequest {
  id: number;
  kind: 'cancel' | 'amend';
  status: 'pending' | 'accepted' | 'declined';
  at: string;
  by: string;
  reason: string;
  decidedBy: string | null;
  note: string | null;
}

export function ChangeRequestsPanel({
  requests,
  decide,
  canDecide,
}: {
  requests: StaffChangeRequest[];
  canDecide: boolean;
  decide: (input: { requestId: number; accept: boolean; note?: string }) => Promise<ActionResult<string>>;
}) {
  const router = useRouter();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function answer(id: number, accept: boolean) {
    setBusy(id);
    setMessage(null);
    const r = await unlessSignedOut(decide({ requestId: id, accept, note }));
    setBusy(null);
    if (r.ok) {
      setMessage({ tone: 'success', text: r.value });
      setNote('');
      router.refresh();
    } else setMessage({ tone: 'error', text: Object.values(r.fields ?? {})[0]?.[0] ?? r.message });
  }

  return (
    <div className="flex flex-col gap-3">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <ol className="flex flex-col gap-3 text-sm" aria-label="Change requests">
        {requests.map((r) => (
          <li key={r.id} className="flex flex-col gap-2" data-testid="change-request">
            <p>
              <span className="text-muted">{r.at}</span> ·{' '}
              <strong>{r.kind === 'cancel' ? 'Cancellation' : 'Amendment'}</strong> requested by {r.by}
              {r.status !== 'pending' && (
                <span>
                  {' '}
                  · {r.status === 'accepted' ? 'Accepted' : 'Declined'}
                  {r.decidedBy && ` by ${r.decidedBy}`}
                </span>
              )}
            </p>
            {r.reason && <p className="whitespace-pre-wrap">Reason: {r.reason}</p>}
            {r.note && <p className="text-muted">Note: {r.note}</p>}
            {r.status === 'pending' && !canDecide && <p className="text-muted">Waiting for a decision.</p>}
            {r.status === 'pending' && canDecide && (
              <>
                <Field label={`Note to the client on request ${r.id} (optional)`}>
                  <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="primary" loading={busy === r.id} onClick={() => void answer(r.id, true)}>
                    Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy === r.id}
                    onClick={() => void answer(r.id, false)}
                  >
                    Decline
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
