'use client';

/**
 * "Add files" on the client's job slip: while the job is Submitted or Not Started the firm adds source
 * files through the same upload queue as the order form (several at once, dropped or picked, each with progress,
 * cancel, retry and receipt), then attaches them to the job in one step.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { SourceFilesField } from '@/components/jobs/order/SourceFilesField';
import { useFileDrop } from '@/components/jobs/order/file-drop';
import { useUploadQueue } from '@/components/jobs/order/upload-queue';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { unlessSignedOut } from '@/lib/client-side/action';
import type { ActionResult } from '@/lib/http/action-result';

export interface AddFilesPanelProps {
  jobId: number;
  /** How many more files the job takes. */
  room: number;
  maxBytes: number;
  blockedExtensions: readonly string[];
  directUploads: boolean;
  add: (input: { jobId: number; documentIds: number[] }) => Promise<ActionResult<number>>;
}

export function AddFilesPanel({ jobId, room, maxBytes, blockedExtensions, directUploads, add }: AddFilesPanelProps) {
  const router = useRouter();
  const queue = useUploadQueue({ maxBytes, maxFiles: room, blockedExtensions, direct: directUploads });
  const drop = useFileDrop(queue.add);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function attach() {
    setPending(true);
    setMessage(null);
    const r = await unlessSignedOut(add({ jobId, documentIds: queue.documentIds }));
    setPending(false);
    if (r.ok) {
      setMessage({
        tone: 'success',
        text: r.value === 1 ? '1 file was added to the job.' : `${r.value} files were added to the job.`,
      });
      for (const i of queue.items) queue.forget(i.key);
      router.refresh();
    } else setMessage({ tone: 'error', text: Object.values(r.fields ?? {})[0]?.[0] ?? r.message });
  }

  return (
    <section
      {...drop.handlers}
      aria-labelledby="add-files-title"
      className={`no-print flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 ${drop.over ? 'outline-2 outline-brand-600 outline-dashed' : ''}`}
    >
      <h2 id="add-files-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        Add files
      </h2>
      <p className="text-sm text-muted">Until work starts on this job you can add files to it.</p>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <SourceFilesField queue={queue} label="Files to add" />
      <div className="flex justify-end">
        <Button
          variant="primary"
          onClick={() => void attach()}
          disabled={queue.documentIds.length === 0 || queue.busy}
          loading={pending}
          loadingText="Adding…"
        >
          Add to job
        </Button>
      </div>
    </section>
  );
}
