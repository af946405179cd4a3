'use client';

/**
 * The conversation on a job (issue 29), on the client's slip and the staff job page: the messages oldest first,
 * with who wrote each and when, their attachments, and a form to write one (plain text, rendered as text; files
 * through the same upload queue as the order form).
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { SourceFilesField } from '@/components/jobs/order/SourceFilesField';
import { useUploadQueue } from '@/components/jobs/order/upload-queue';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Textarea';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export interface ThreadItem {
  id: number;
  side: 'client' | 'staff';
  author: string;
  at: string;
  body: string;
  files: { id: number; fileName: string }[];
}

export interface JobThreadProps {
  jobId: number;
  messages: ThreadItem[];
  /** Who reads: their own side's messages are marked as theirs. */
  viewer: 'client' | 'staff';
  /** Client users attach files through the upload queue; staff write text only. */
  attachments?: { maxBytes: number; blockedExtensions: readonly string[]; directUploads: boolean };
  post: (input: { jobId: number; body: string; documentIds: number[] }) => Promise<ActionResult<null>>;
}

export function JobThread({ jobId, messages, viewer, attachments, post }: JobThreadProps) {
  const router = useRouter();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const queue = useUploadQueue({ maxBytes: attachments?.maxBytes ?? 0, maxFiles: 10, blockedExtensions: attachments?.blockedExtensions ?? [], direct: attachments?.directUploads ?? false });

  async function send() {
    setSending(true);
    setError(null);
    setSent(false);
    const r = await unlessSignedOut(post({ jobId, body, documentIds: queue.documentIds }));
    setSending(false);
    if (!r.ok) {
      setError(Object.values(r.fields ?? {})[0]?.[0] ?? r.message);
      return;
    }
    setBody('');
    for (const i of queue.items) queue.forget(i.key);
    setSent(true);
    router.refresh();
  }

  return (
    <section aria-labelledby="thread-title" className="no-print flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <h2 id="thread-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-muted">No messages yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id} className={`flex flex-col gap-1 rounded-md border border-line px-3 py-2 ${m.side === viewer ? 'bg-brand-50' : 'bg-surface'}`} data-testid="thread-message">
              <p className="text-xs text-muted">
                <span className="font-medium text-ink">{m.author}</span> ({m.side === 'staff' ? 'provider' : 'client'}) · {m.at}
              </p>
              <p className="text-sm break-words whitespace-pre-wrap">{m.body}</p>
              {m.files.length > 0 && (
                <ul className="flex flex-wrap gap-3 text-sm" aria-label="Attachments">
                  {m.files.map((f) => (
                    <li key={f.id}>
                      <a href={`/api/Document/Download/${f.id}`} download>
                        {f.fileName}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {sent && <Alert tone="success">Your message was sent.</Alert>}
      <Field label="New message" error={error ?? undefined}>
        <Textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={4000} rows={3} />
      </Field>
      {attachments && <SourceFilesField queue={queue} label="Attachments" />}
      <div className="flex justify-end">
        <Button variant="primary" loading={sending} loadingText="Sending…" disabled={queue.busy} onClick={() => void send()}>
          Send message
        </Button>
      </div>
    </section>
  );
}
