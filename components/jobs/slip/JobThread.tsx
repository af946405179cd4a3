'use client';

/**
 * The conversation on a job, on the client's slip and the staff job page: the messages oldest first,
 * with who wrote each and when, their attachments (name, size, download), and a form to write one (plain text,
 * rendered as text; files through the same upload queue as the order form, a staff member's to the job's own
 * message-file routes). Staff may write an internal note instead, which only staff ever see.
 */
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { SourceFilesField } from '@/components/jobs/order/SourceFilesField';
import { useUploadQueue } from '@/components/jobs/order/upload-queue';
import { Checkbox } from '@/components/ui/Checkbox';
import { formatBytes } from '@/lib/display-size';
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
  /** A staff internal note (only in a staff member's thread). */
  internal: boolean;
  files: { id: number; fileName: string; size: number }[];
}

export interface JobThreadProps {
  jobId: number;
  messages: ThreadItem[];
  /** Who reads: their own side's messages are marked as theirs. */
  viewer: 'client' | 'staff';
  /** Both sides attach files through the upload queue (limits as the order form's). */
  attachments: { maxBytes: number; blockedExtensions: readonly string[]; directUploads: boolean };
  post: (input: {
    jobId: number;
    body: string;
    documentIds: number[];
    internal: boolean;
  }) => Promise<ActionResult<null>>;
}

export function JobThread({ jobId, messages, viewer, attachments, post }: JobThreadProps) {
  const router = useRouter();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<'message' | 'note' | null>(null);
  // A staff member's files go to the job's message-file routes (held back from the firm until sent to it).
  const endpoints = useMemo(() => {
    if (viewer !== 'staff') return undefined;
    const base = `/api/Ops/Jobs/${jobId}/MessageFiles`;
    return { upload: base, direct: `${base}/Direct`, remove: base };
  }, [viewer, jobId]);
  const queue = useUploadQueue({
    maxBytes: attachments.maxBytes,
    maxFiles: 10,
    blockedExtensions: attachments.blockedExtensions,
    direct: attachments.directUploads,
    endpoints,
  });

  async function send() {
    setSending(true);
    setError(null);
    setSent(null);
    const note = viewer === 'staff' && internal;
    const r = await unlessSignedOut(post({ jobId, body, documentIds: queue.documentIds, internal: note }));
    setSending(false);
    if (!r.ok) {
      setError(Object.values(r.fields ?? {})[0]?.[0] ?? r.message);
      return;
    }
    setBody('');
    setInternal(false);
    for (const i of queue.items) queue.forget(i.key);
    setSent(note ? 'note' : 'message');
    router.refresh();
  }

  return (
    <section
      aria-labelledby="thread-title"
      className="no-print flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="thread-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-muted">No messages yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Messages">
          {messages.map((m) => (
            <li
              key={m.id}
              id={`message-${m.id}`}
              className={`flex min-w-0 scroll-mt-4 flex-col gap-1 rounded-md border px-3 py-2 ${m.internal ? 'border-dashed border-ink bg-surface' : m.side === viewer ? 'border-line bg-brand-50' : 'border-line bg-surface'}`}
              data-testid="thread-message"
            >
              <p className="text-xs text-muted">
                <span className="font-medium text-ink">{m.author}</span> ({m.side === 'staff' ? 'provider' : 'client'})
                · {m.at}
                {m.internal && <strong className="ml-2 text-ink">Internal note: staff only</strong>}
              </p>
              <p className="text-sm break-words whitespace-pre-wrap">{m.body}</p>
              {m.files.length > 0 && (
                <ul className="flex flex-col gap-1 text-sm" aria-label="Attachments">
                  {m.files.map((f) => (
                    <li key={f.id} className="min-w-0 break-words">
                      <a href={`/api/Document/Download/${f.id}`} download>
                        {f.fileName}
                      </a>{' '}
                      <span className="text-muted">({formatBytes(f.size)})</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {sent && (
        <Alert tone="success">{sent === 'note' ? 'Your internal note was saved.' : 'Your message was sent.'}</Alert>
      )}
      <Field label="New message" error={error ?? undefined}>
        <Textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={4000} rows={3} />
      </Field>
      <SourceFilesField queue={queue} label="Attachments" />
      {viewer === 'staff' && (
        <Checkbox
          label="Internal note"
          description="Only staff see an internal note and its files; the client is not told."
          checked={internal}
          onChange={(e) => setInternal(e.target.checked)}
        />
      )}
      <div className="flex justify-end">
        <Button
          variant="primary"
          loading={sending}
          loadingText="Sending…"
          disabled={queue.busy}
          onClick={() => void send()}
        >
          {viewer === 'staff' && internal ? 'Save note' : 'Send message'}
        </Button>
      </div>
    </section>
  );
}
