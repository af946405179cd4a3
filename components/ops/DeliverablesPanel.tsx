'use client';

/**
 * The staff side of deliverables, for the staff job view in /Ops: the job's delivered files with
 * their receipts, an upload with progress (percent and size), cancel and retry, and removal of a file attached
 * by mistake. It talks to api/Ops/Jobs/{id}/Deliverables (streamed upload: limit, SHA-256, malware scan).
 * Usage, in a server component: <DeliverablesPanel jobId={job.id} initial={await deliveredFilesView(actor, job.id)} />
 * (lib/documents/deliverables.ts), so the list renders with the page and reloads after each change.
 *
 * Focus never drops (WCAG 2.4.3) and each outcome is said (4.1.3): while a file uploads the field is disabled, so
 * focus goes to "Cancel upload"; once attached, to the file's Remove button, and "Upload complete" is said; a
 * refused or failed upload says why and puts focus on "Retry" (when offered) or back on the field, which the
 * message describes; after a removal, focus goes back to the field.
 */
import { useEffect, useRef, useState } from 'react';
import { announce } from '@/components/ui/announce';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FileInput } from '@/components/ui/FileInput';
import { formatBytes } from '@/lib/display-size';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { uploadWithProgress } from '@/components/ui/upload';
import { apiFetch } from '@/lib/client-side/api';

import type { DeliveredFileView as Delivered } from '@/lib/legacy/documents';

function messageOf(body: string): string | null {
  try {
    const v = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof v.error?.message === 'string' ? v.error.message : null;
  } catch {
    return null;
  }
}

export function DeliverablesPanel({ jobId, initial }: { jobId: number; initial: Delivered[] }) {
  const base = `/api/Ops/Jobs/${jobId}/Deliverables`;
  const [files, setFiles] = useState<Delivered[]>(initial);
  const [uploading, setUploading] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [sent, setSent] = useState(0);
  const [retry, setRetry] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);
  /** Where focus goes after the next render: a button by its name, or the file field. */
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const want = focusNext.current;
    if (want === null) return;
    const target =
      want === 'field'
        ? input.current
        : [...(section.current?.querySelectorAll<HTMLElement>('button') ?? [])].findLast(
            (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === want,
          );
    if (target && !(target as HTMLButtonElement).disabled) {
      focusNext.current = null;
      target.focus();
    }
  });

  async function load() {
    const res = await apiFetch(base).catch(() => null);
    if (res?.ok) setFiles((await res.json()) as Delivered[]);
  }

  async function send(file: File) {
    setError(null);
    setNotice(null);
    setRetry(null);
    const body = new FormData();
    body.append('file', file, file.name);
    const controller = new AbortController();
    abort.current = controller;
    setUploading(file);
    setProgress(0);
    setSent(0);
    // The field is disabled while the file goes: focus to the one control that acts on it.
    focusNext.current = 'Cancel upload';
    let failure: string | null = null;
    try {
      const res = await uploadWithProgress({
        url: base,
        body,
        // The file's size, known here before its bytes: the portal can then store it in one streamed request.
        headers: { 'X-File-Size': String(file.size) },
        signal: controller.signal,
        onProgress: setProgress,
        onBytes: (loaded, total) => setSent(Math.max(0, Math.min(file.size, loaded - (total - file.size)))),
      });
      if (res.status === 200) {
        // Said by the success banner as it shows.
        setNotice(`Upload complete: ${file.name} was attached.`);
        await load();
        focusNext.current = `Remove ${file.name}`;
      } else {
        failure = messageOf(res.body) ?? 'The file could not be uploaded. Please try again.';
        if (res.status >= 500) setRetry(file);
        focusNext.current = res.status >= 500 ? `Retry ${file.name}` : 'field';
      }
    } catch (e) {
      failure =
        e instanceof DOMException && e.name === 'AbortError'
          ? 'The upload was cancelled. Nothing was attached.'
          : 'The file could not be uploaded. Please try again.';
      setRetry(file);
      focusNext.current = `Retry ${file.name}`;
    } finally {
      abort.current = null;
      setUploading(null);
      if (input.current) input.current.value = '';
    }
    if (failure) {
      setError(failure);
      announce(failure);
    }
  }

  async function remove(d: Delivered) {
    setError(null);
    const res = await apiFetch(`${base}/${d.DocumentId}`, { method: 'DELETE' }).catch(() => null);
    if (res?.ok) {
      setNotice(`${d.FileName} was removed.`);
      await load();
      // Its Remove button went with it.
      focusNext.current = 'field';
    } else {
      setError('The file could not be removed. Please try again.');
      announce('The file could not be removed. Please try again.');
    }
  }

  return (
    <section ref={section} className="flex flex-col gap-3" aria-labelledby={`deliverables-${jobId}`}>
      <h2 id={`deliverables-${jobId}`} className="text-lg font-semibold">
        Delivered files
      </h2>
      {notice && <Alert tone="success">{notice}</Alert>}
      {files.length === 0 && <p className="text-sm text-muted">No delivered files yet.</p>}
      {files.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm">
          {files.map((d) => (
            <li
              key={d.DocumentId}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-line px-3 py-2"
            >
              <a href={`/api/Document/Download/${d.DocumentId}`} download>
                {d.FileName}
              </a>
              <span className="text-xs text-muted">{formatBytes(d.Size)}</span>
              {d.UploadedBy && <span className="text-xs text-muted">by {d.UploadedBy}</span>}
              <Button
                size="sm"
                variant="ghost"
                className="ml-auto"
                onClick={() => void remove(d)}
                aria-label={`Remove ${d.FileName}`}
              >
                Remove
              </Button>
              {d.Sha256 && <span className="w-full font-mono text-xs break-all text-muted">SHA-256 {d.Sha256}</span>}
            </li>
          ))}
        </ul>
      )}
      <Field label="Attach a finished file" error={error ?? undefined}>
        <FileInput ref={input} disabled={uploading !== null} onFilesChange={(f) => f[0] && void send(f[0])} />
      </Field>
      {uploading && (
        <div className="flex flex-col gap-2">
          <ProgressBar value={progress} label={`Uploading ${uploading.name}`} />
          <div className="flex items-center gap-3">
            <span className="text-xs text-muted tabular-nums">
              {formatBytes(sent)} of {formatBytes(uploading.size)} ({progress}%)
            </span>
            <Button size="sm" variant="secondary" className="ml-auto" onClick={() => abort.current?.abort()}>
              Cancel upload
            </Button>
          </div>
        </div>
      )}
      {!uploading && retry && (
        <Button size="sm" variant="secondary" className="self-start" onClick={() => void send(retry)}>
          Retry {retry.name}
        </Button>
      )}
    </section>
  );
}
