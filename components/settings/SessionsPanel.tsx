'use client';
/**
 * Settings "Sessions": the user's open sessions — device, browser, IP, last seen — with Sign out on
 * each other session. The list reloads from the server after a sign-out.
 */
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { FormSection } from '@/components/ui/FormSection';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export interface SessionRow {
  id: string;
  current: boolean;
  device: string;
  browser: string;
  ip: string;
  method: string;
  opened: string;
  lastSeen: string;
}

export function SessionsPanel({
  sessions,
  signOut,
}: {
  sessions: SessionRow[];
  signOut: (id: string) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [, startTransition] = useTransition();

  async function end(s: SessionRow) {
    setBusy(s.id);
    setMessage(null);
    try {
      const r = await unlessSignedOut(signOut(s.id));
      // A refusal is the service's words (the session has already ended); a malformed id counts as one.
      setMessage(
        r.ok
          ? { tone: 'success', text: `The session on ${s.browser} (${s.device}) was signed out.` }
          : { tone: 'error', text: r.status === 400 ? 'That session has already ended.' : r.message },
      );
      startTransition(() => router.refresh());
    } catch {
      setMessage({ tone: 'error', text: 'The session could not be signed out. Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <FormSection
      title="Sessions"
      description="Where you are signed in now. Sign out any session you do not recognise, then change your password."
      columns={1}
    >
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label="Open sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 flex-col gap-0.5 text-sm">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {s.browser} on {s.device}
                {s.current ? <Badge tone="success">This session</Badge> : null}
              </span>
              <span className="break-words text-muted">
                {[s.ip && `IP ${s.ip}`, s.method, `signed in ${s.opened}`, `last seen ${s.lastSeen}`]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            {s.current ? null : (
              <Button
                size="sm"
                variant="secondary"
                loading={busy === s.id}
                loadingText="Signing out…"
                onClick={() => end(s)}
              >
                Sign out
                <span className="sr-only">
                  {' '}
                  the session on {s.browser} ({s.device})
                </span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </FormSection>
  );
}
