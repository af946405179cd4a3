'use client';

/**
 * The job's one optional source file (spec §5 "File upload"): checked in the browser first (size, blocked
 * extension — the server checks both again while streaming), uploaded with progress to api/Document/UploadJob/5,
 * removed after a confirmation. A cloned job's file is shown and copied on save unless it is removed or replaced.
 */
import { useEffect, useRef, useState } from 'react';
import { announce } from '@/components/ui/announce';
import { HelpTip } from '@/components/shell/HelpTip';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { FileInput, formatBytes } from '@/components/ui/FileInput';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { uploadWithProgress } from '@/components/ui/upload';
import { apiFetch } from '@/lib/client-side/api';
import { checkFileName } from '@/lib/documents/filename';
import { MSG } from '@/lib/messages';
import { LOG_ACTION_UPLOAD, LOG_AREA_JOB_UPLOAD, UPLOAD_TYPE } from '@/lib/reference';

export interface UploadedFile {
  documentId: number;
  fileName: string;
  size: number;
  /** The SHA-256 receipt the server computed while storing the file. */
  sha256?: string | null;
}

export interface ClonedFile {
  fileName: string;
  size: number;
  jobNumber: string;
}

export interface SourceFileFieldProps {
  file: UploadedFile | null;
  onFileChange: (file: UploadedFile | null) => void;
  cloned: ClonedFile | null;
  onClonedRemove: () => void;
  maxBytes: number;
  blockedExtensions: readonly string[];
  /** A message from the server's save (e.g. the upload is no longer available). */
  serverError?: string;
  onBusyChange?: (busy: boolean) => void;
}

export const UPLOAD_MSG = {
  failed: 'The file could not be uploaded. Please try again.',
  deleteFailed: 'The file could not be deleted. Please try again.',
  cancelled: 'The upload was cancelled. Nothing was attached.',
  done: (name: string) => `Upload complete: ${name} is attached.`,
} as const;

function readMessage(body: string): string | null {
  try {
    const v: unknown = JSON.parse(body);
    if (typeof v === 'object' && v !== null && 'error' in v && typeof v.error === 'object' && v.error !== null && 'message' in v.error && typeof v.error.message === 'string') {
      return v.error.message;
    }
  } catch {
    // not JSON
  }
  return null;
}

function parseUploaded(body: string): UploadedFile | null {
  try {
    const v: unknown = JSON.parse(body);
    if (typeof v !== 'object' || v === null) return null;
    const id = 'DocumentId' in v ? v.DocumentId : undefined;
    const name = 'FileName' in v ? v.FileName : undefined;
    const size = 'Size' in v ? v.Size : undefined;
    const sha256 = 'Sha256' in v && typeof v.Sha256 === 'string' ? v.Sha256 : null;
    return typeof id === 'number' && typeof name === 'string' && typeof size === 'number' ? { documentId: id, fileName: name, size, sha256 } : null;
  } catch {
    return null;
  }
}

/**
 * A refusal the browser makes before anything reaches the server is logged too (api/Log/Add, Success false).
 * Best effort, but a 401 still signs out (apiFetch): the session is gone, the upload would answer 401 too.
 */
function logRefusal(fileName: string): void {
  void apiFetch('/api/Log/Add', {
    method: 'POST',
    json: { Area: LOG_AREA_JOB_UPLOAD, Action: LOG_ACTION_UPLOAD, Success: false, JobModel: { FileName: fileName.slice(0, 255) } },
  }).catch(() => undefined);
}

export function SourceFileField({ file, onFileChange, cloned, onClonedRemove, maxBytes, blockedExtensions, serverError, onBusyChange }: SourceFileFieldProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [uploading, setUploading] = useState<File | null>(null);
  const [retryable, setRetryable] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'uploaded' | 'cloned' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  // Where focus goes once the control that was used is gone (WCAG 2.4.3): the upload's Cancel while it runs, the
  // file's Delete once it is attached, the file field again after a refusal or a delete.
  const [focusNext, setFocusNext] = useState<'cancel' | 'delete' | 'input' | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Not while the delete confirmation is open: it keeps focus until it closes.
    if (!focusNext || confirm !== null) return;
    const el = focusNext === 'cancel' ? cancelButton.current : focusNext === 'delete' ? deleteButton.current : input.current;
    if (el && !el.matches(':disabled')) {
      el.focus();
      setFocusNext(null);
    }
  }, [focusNext, confirm, file, cloned, uploading]);

  async function choose(files: File[]) {
    const chosen = files[0];
    setError(null);
    setNotice(null);
    setRetryable(null);
    if (!chosen) return;
    const name = checkFileName(chosen.name, blockedExtensions);
    if (chosen.size > maxBytes || !name.ok) {
      setError(chosen.size > maxBytes ? MSG.fileTooLarge : MSG.fileExtensionBlocked);
      announce(chosen.size > maxBytes ? MSG.fileTooLarge : MSG.fileExtensionBlocked);
      logRefusal(chosen.name);
      if (input.current) input.current.value = '';
      return;
    }
    await send(chosen);
  }

  /** Sends the file with progress; a cancel or a failure offers a retry of the same file. */
  async function send(chosen: File) {
    setError(null);
    setRetryable(null);
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    const controller = new AbortController();
    abort.current = controller;
    setUploading(chosen);
    setProgress(0);
    setSent({ loaded: 0, total: chosen.size });
    setFocusNext('cancel');
    onBusyChange?.(true);
    try {
      // A 401 signs out inside uploadWithProgress (its promise then never settles).
      const res = await uploadWithProgress({
        url: `/api/Document/UploadJob/${UPLOAD_TYPE}`,
        body,
        // The file's size, known here before its bytes: the portal can then store it in one streamed request.
        headers: { 'X-File-Size': String(chosen.size) },
        signal: controller.signal,
        onProgress: setProgress,
        // The request body is the file plus a few hundred bytes of multipart framing: show the file's bytes.
        onBytes: (loaded, total) => setSent({ loaded: Math.max(0, Math.min(chosen.size, loaded - (total - chosen.size))), total: chosen.size }),
      });
      const uploaded = res.status === 200 ? parseUploaded(res.body) : null;
      if (uploaded) {
        onFileChange(uploaded);
        setFocusNext('delete');
        announce(UPLOAD_MSG.done(uploaded.fileName));
      } else {
        const message = readMessage(res.body) ?? UPLOAD_MSG.failed;
        setError(message);
        setFocusNext('input');
        announce(message);
        // A refusal for the file itself (too large, blocked, malware) is final; anything else may be retried.
        if (res.status >= 500 || res.status === 408 || res.status === 429) setRetryable(chosen);
      }
    } catch (e) {
      const message = e instanceof DOMException && e.name === 'AbortError' ? UPLOAD_MSG.cancelled : UPLOAD_MSG.failed;
      setError(message);
      setFocusNext('input');
      announce(message);
      setRetryable(chosen);
    } finally {
      abort.current = null;
      setProgress(null);
      setSent(null);
      setUploading(null);
      onBusyChange?.(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setDeleteError(null);
    if (confirm === 'cloned') {
      onClonedRemove();
    } else if (file) {
      const res = await apiFetch(`/api/Document/${file.documentId}`, { method: 'DELETE' }).catch(() => null);
      if (!res || (!res.ok && res.status !== 404)) {
        setDeleteError(UPLOAD_MSG.deleteFailed);
        throw new Error('delete failed');
      }
      onFileChange(null);
    }
    setNotice(MSG.fileDeleted);
    setFocusNext('input');
  }

  const current = file ? { name: file.fileName, size: file.size, note: null } : cloned ? { name: cloned.fileName, size: cloned.size, note: `Copied from job ${cloned.jobNumber}` } : null;
  return (
    <div className="flex flex-col gap-3">
      {notice && <Alert tone="success">{notice}</Alert>}
      {current ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-ink">Source file</p>
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-line bg-surface px-3 py-2" data-testid="source-file">
            <span className="text-sm text-ink">{current.name}</span>
            <span className="text-xs text-muted">{formatBytes(current.size)}</span>
            {current.note && <span className="text-xs text-muted">{current.note}</span>}
            {file?.sha256 && (
              <span className="w-full break-all font-mono text-xs text-muted" data-testid="source-file-sha256">
                SHA-256 {file.sha256}
              </span>
            )}
            <Button ref={deleteButton} size="sm" variant="ghost" className="ml-auto" onClick={() => setConfirm(file ? 'uploaded' : 'cloned')} aria-label={`Delete file ${current.name}`}>
              Delete
            </Button>
          </div>
          {serverError && <p className="text-sm text-danger">{serverError}</p>}
        </div>
      ) : (
        <Field
          label={
            <>
              Source file <HelpTip helpKey="SourceFile" label="Source file" />
            </>
          }
          help={`Optional. One file of up to ${formatBytes(maxBytes)}.`} error={error ?? serverError}>
          <FileInput ref={input} onFilesChange={(f) => void choose(f)} disabled={uploading !== null} />
        </Field>
      )}
      {uploading && progress !== null && (
        <div className="flex flex-col gap-2 rounded-md border border-line bg-surface px-3 py-2" data-testid="upload-progress">
          <ProgressBar value={progress} label={`Uploading ${uploading.name}`} />
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-xs text-muted tabular-nums" aria-live="polite">
              {sent ? `${formatBytes(sent.loaded)} of ${formatBytes(sent.total)}` : formatBytes(uploading.size)} ({progress}%)
            </span>
            <Button ref={cancelButton} size="sm" variant="secondary" className="ml-auto" onClick={() => abort.current?.abort()}>
              Cancel upload
            </Button>
          </div>
        </div>
      )}
      {!current && !uploading && retryable && (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-muted">{retryable.name}</span>
          <Button size="sm" variant="secondary" onClick={() => void send(retryable)}>
            Retry upload
          </Button>
        </div>
      )}
      {current && error && <p className="text-sm text-danger">{error}</p>}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title="Delete file"
        message={MSG.fileDeleteConfirm}
        tone="danger"
        onConfirm={remove}
      >
        {deleteError && <p className="mt-2 text-sm text-danger">{deleteError}</p>}
      </ConfirmDialog>
    </div>
  );
}
