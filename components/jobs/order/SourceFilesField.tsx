'use client';

/**
 * The job's source files: a picker that takes several files (and the form takes files dropped anywhere
 * on it), one row per file with its own progress, cancel, retry, delete and SHA-256 receipt. A cloned job's file is
 * offered with a question: copied on save only when the user ticks it. The queue itself is the form's (upload-queue.ts).
 *
 * Focus and announcements (WCAG 2.4.3, 4.1.3): the end of each upload is said through the page's polite
 * live region. Focus never drops to the top of the page: choosing files moves it to the newest file's Cancel upload,
 * then to its Delete once it is attached (only while focus is still on that row, so several uploads never pull it
 * about); a deleted file, a refusal or a cancel gives it back to the file field.
 */
import { useEffect, useRef, useState } from 'react';
import { announce } from '@/components/ui/announce';
import { HelpTip } from '@/components/shell/HelpTip';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { formatBytes } from '@/lib/display-size';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { MSG } from '@/lib/messages';
import type { UploadItem, UploadQueue } from './upload-queue';

export interface ClonedFile {
  id: number;
  fileName: string;
  size: number;
}

export interface SourceFilesFieldProps {
  queue: UploadQueue;
  /** Copy job: the earlier job and its files. */
  cloned?: { jobNumber: string; files: readonly ClonedFile[] } | null;
  /** The copy asks before copying the earlier job's files: the ids ticked are copied on save. */
  copyCloned?: readonly number[];
  onCopyClonedChange?: (ids: number[]) => void;
  /** The files' error: the server's save (e.g. an upload is no longer available), or too many files before sending. */
  error?: string;
  /** The field's label (default "Source files"). */
  label?: string;
}

/** `follow` right after files were chosen: the newest of the rows that appear next. */
const NEWEST = '\u0000newest';

function statusText(i: UploadItem): string {
  switch (i.status) {
    case 'uploading':
      return `${formatBytes(i.loaded)} of ${formatBytes(i.size)}`;
    case 'checking':
      return 'Checking the file…';
    case 'done':
      return `Uploaded, ${formatBytes(i.size)}`;
    default:
      return i.error ?? '';
  }
}

function FileRow({
  item,
  queue,
  onDelete,
}: {
  item: UploadItem;
  queue: UploadQueue;
  onDelete: (i: UploadItem) => void;
}) {
  const pct = item.size === 0 ? 100 : Math.round((item.loaded / item.size) * 100);
  const failed = item.status === 'failed' || item.status === 'cancelled';
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-line bg-surface px-3 py-2"
      data-testid="source-file"
      data-status={item.status}
      data-key={item.key}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 text-sm font-medium break-all text-ink">{item.name}</span>
        <span className={failed ? 'text-xs text-danger' : 'text-xs text-muted'} data-testid="source-file-status">
          {statusText(item)}
        </span>
        <span className="ml-auto flex gap-2">
          {(item.status === 'uploading' || item.status === 'checking') && (
            <Button
              size="sm"
              variant="secondary"
              data-act="cancel"
              onClick={() => queue.cancel(item.key)}
              aria-label={`Cancel upload of ${item.name}`}
            >
              Cancel upload
            </Button>
          )}
          {failed && item.retryable && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => queue.retry(item.key)}
              aria-label={`Retry upload of ${item.name}`}
            >
              Retry upload
            </Button>
          )}
          {(item.status === 'done' || failed) && (
            <Button
              size="sm"
              variant="ghost"
              data-act="delete"
              onClick={() => onDelete(item)}
              aria-label={`Delete file ${item.name}`}
            >
              Delete
            </Button>
          )}
        </span>
      </div>
      {item.status === 'uploading' && <ProgressBar value={pct} label={`Uploading ${item.name}`} showText={false} />}
      {item.doc?.sha256 && (
        <span className="font-mono text-xs break-all text-muted" data-testid="source-file-sha256">
          SHA-256 {item.doc.sha256}
        </span>
      )}
    </li>
  );
}

export function SourceFilesField({
  queue,
  cloned,
  copyCloned,
  onCopyClonedChange,
  error,
  label = 'Source files',
}: SourceFilesFieldProps) {
  const [confirm, setConfirm] = useState<UploadItem | 'cloned' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const full = queue.items.filter((i) => i.status !== 'failed' || i.retryable).length >= queue.maxFiles;
  const uploading = queue.items.filter((i) => i.status === 'uploading' || i.status === 'checking').length;
  const done = queue.items.filter((i) => i.status === 'done').length;
  const list = useRef<HTMLUListElement>(null);
  // The row that focus follows (the newest file chosen), or the file field once a row is gone.
  const [follow, setFollow] = useState<string | 'input' | null>(null);
  const seen = useRef(new Map<string, UploadItem['status']>());
  const pendingBefore = useRef<Set<string>>(new Set());

  // Each upload's end is said once: attached, or why not.
  useEffect(() => {
    const before = seen.current;
    const now = new Map<string, UploadItem['status']>();
    for (const i of queue.items) {
      now.set(i.key, i.status);
      const was = before.get(i.key);
      if (was === i.status || (was !== 'uploading' && was !== 'checking' && was !== undefined)) continue;
      if (i.status === 'done' && was !== undefined) announce(`Upload complete: ${i.name} is attached.`);
      else if ((i.status === 'failed' || i.status === 'cancelled') && i.error) announce(i.error);
    }
    seen.current = now;
  }, [queue.items]);

  // Focus follows the newest file: its Cancel while it uploads, its Delete once attached, the field if it failed.
  useEffect(() => {
    if (follow === null || confirm !== null) return;
    const field = input.current;
    if (follow === NEWEST) {
      const added = queue.items.filter((i) => !pendingBefore.current.has(i.key));
      setFollow(added.at(-1)?.key ?? 'input');
      return;
    }
    if (follow === 'input') {
      if (field && !field.disabled) field.focus();
      setFollow(null);
      return;
    }
    const row = list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(follow)}"]`);
    const item = queue.items.find((i) => i.key === follow);
    if (!row || !item) {
      if (field && !field.disabled) field.focus();
      setFollow(null);
      return;
    }
    const active = document.activeElement;
    const focusIsOurs =
      active === field || active === document.body || (active instanceof Node && row.contains(active));
    if (!focusIsOurs) {
      setFollow(null);
      return;
    }
    const target =
      item.status === 'uploading' || item.status === 'checking' ? 'cancel' : item.status === 'done' ? 'delete' : null;
    if (target === null) {
      if (field && !field.disabled) field.focus();
      setFollow(null);
      return;
    }
    row.querySelector<HTMLElement>(`[data-act="${target}"]`)?.focus();
    if (target === 'delete') setFollow(null);
  }, [follow, confirm, queue.items]);

  async function confirmed() {
    setDeleteError(null);
    if (confirm && confirm !== 'cloned') {
      try {
        await queue.remove(confirm.key);
      } catch (e) {
        setDeleteError(e instanceof Error ? e.message : String(e));
        throw e;
      }
    }
    // The Delete that was used is gone with its row: focus goes back to the file field once the dialog closes.
    setFollow('input');
  }

  function ask(i: UploadItem) {
    // A file that never arrived has nothing on the server: it just goes.
    if (i.status !== 'done') {
      void queue.remove(i.key);
      setFollow('input');
    } else setConfirm(i);
  }

  return (
    <div className="flex flex-col gap-3">
      {queue.notice && <Alert tone={queue.notice === MSG.fileDeleted ? 'success' : 'error'}>{queue.notice}</Alert>}
      <Field
        label={label}
        labelAside={<HelpTip helpKey="SourceFile" label="Source file" />}
        help={`Optional. Up to ${queue.maxFiles} files of up to ${formatBytes(queue.maxBytes)} each: choose several, or drop them anywhere on the form.`}
        error={error}
      >
        <FileInput
          ref={input}
          multiple
          disabled={full}
          onFilesChange={(f) => {
            const before = new Set(queue.items.map((i) => i.key));
            queue.add(f);
            if (input.current) input.current.value = '';
            // The newest row appears on the next render; focus follows it from there.
            setFollow(NEWEST);
            pendingBefore.current = before;
          }}
        />
      </Field>
      {cloned && cloned.files.length > 0 && (
        <fieldset
          className="flex min-w-0 flex-col gap-2 rounded-md border border-line bg-surface px-3 py-2"
          data-testid="cloned-file"
        >
          <legend className="px-1 text-sm font-medium">Files of job {cloned.jobNumber}</legend>
          <p className="text-xs text-muted">
            Copying a job never copies its files unless you ask: tick the ones to copy to the new job.
          </p>
          <ul className="flex flex-col gap-1">
            {cloned.files.map((f) => (
              <li key={f.id} className="min-w-0 break-words">
                <Checkbox
                  label={`Copy ${f.fileName} (${formatBytes(f.size)}) from job ${cloned.jobNumber}`}
                  checked={copyCloned?.includes(f.id) ?? false}
                  onChange={(e) =>
                    onCopyClonedChange?.(
                      e.target.checked
                        ? [...(copyCloned ?? []).filter((id) => id !== f.id), f.id]
                        : (copyCloned ?? []).filter((id) => id !== f.id),
                    )
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {queue.items.length > 0 && (
        <ul ref={list} className="flex flex-col gap-2" aria-label={label}>
          {queue.items.map((i) => (
            <FileRow key={i.key} item={i} queue={queue} onDelete={ask} />
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {queue.items.length > 0
          ? `${done} of ${queue.items.length} files uploaded${uploading ? `, ${uploading} uploading` : ''}.`
          : ''}
      </p>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title="Delete file"
        message={MSG.fileDeleteConfirm}
        confirmLabel="Delete file"
        tone="danger"
        onConfirm={confirmed}
      >
        {deleteError && <p className="mt-2 text-sm text-danger">{deleteError}</p>}
      </ConfirmDialog>
    </div>
  );
}
