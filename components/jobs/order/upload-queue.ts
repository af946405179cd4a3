'use client';

/**
 * The files of an order being sent: many at once (dropped anywhere on the form or chosen in a picker
 * that allows several), each with its own progress, cancel, retry and SHA-256 receipt. A file is checked in the
 * browser first (size, blocked extension, how many the job takes: the server checks them all again), then sent:
 *
 * - through the portal (api/Document/UploadJob/5, streamed, scanned, hashed: the local-directory store), or
 * - with S3_DIRECT_UPLOADS, straight to the bucket: the browser hashes the file, asks for a presigned PUT that
 *   fixes its size and SHA-256 (api/Document/DirectUpload), PUTs the bytes, and the portal checks the object
 *   (size, SHA-256, clamd) before keeping it (api/Document/DirectUpload/{id}/Complete).
 *
 * The queue lives in the form, not in the step that shows it, so a file dropped on step one keeps uploading.
 * A staff member's message files take the same two ways to the job's own routes (`endpoints`:
 * api/Ops/Jobs/{id}/MessageFiles).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { uploadWithProgress } from '@/components/ui/upload';
import { apiFetch } from '@/lib/client-side/api';
import { checkFileName } from '@/lib/documents/filename';
import { MSG } from '@/lib/messages';
import { LOG_ACTION_UPLOAD, LOG_AREA_JOB_UPLOAD, UPLOAD_TYPE } from '@/lib/reference';

export interface UploadedFile {
  documentId: number;
  fileName: string;
  size: number;
  /** The SHA-256 receipt the server computed while storing (or checking) the file. */
  sha256?: string | null;
}

export type UploadStatus = 'uploading' | 'checking' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  /** Local key of the row (stable across retries). */
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** Bytes of the file sent so far. */
  loaded: number;
  error: string | null;
  /** A cancel or a passing failure may be retried with the same file; a refusal of the file itself may not. */
  retryable: boolean;
  doc: UploadedFile | null;
}

export const QUEUE_MSG = {
  failed: 'The file could not be uploaded. Please try again.',
  cancelled: 'The upload was cancelled. Nothing was attached.',
  deleteFailed: 'The file could not be deleted. Please try again.',
  tooMany: (max: number) => `A job takes at most ${max} files.`,
} as const;

export interface UploadQueueOptions {
  maxBytes: number;
  maxFiles: number;
  blockedExtensions: readonly string[];
  /** Straight to the bucket (S3_DIRECT_UPLOADS); else through the portal. */
  direct: boolean;
  /** Where the files go (default: the firm's uploads); a staff member's message files have their own. */
  endpoints?: UploadEndpoints;
  /** Files already uploaded (a resumed draft). */
  initial?: readonly UploadedFile[];
  /** Told whenever the set of finished uploads changes (the draft keeps them). */
  onDocumentsChange?: (docs: UploadedFile[]) => void;
}

/**
 * The upload routes: `upload` takes the streamed file, `direct` starts a direct upload (`{direct}/{id}/Complete`
 * checks it), `remove` is the base a finished upload is deleted under (`{remove}/{documentId}`).
 */
export interface UploadEndpoints {
  upload: string;
  direct: string;
  remove: string;
}

export const FIRM_UPLOADS: UploadEndpoints = {
  upload: `/api/Document/UploadJob/${UPLOAD_TYPE}`,
  direct: '/api/Document/DirectUpload',
  remove: '/api/Document',
};

function readMessage(body: string): string | null {
  try {
    const v: unknown = JSON.parse(body);
    if (
      typeof v === 'object' &&
      v !== null &&
      'error' in v &&
      typeof v.error === 'object' &&
      v.error !== null &&
      'message' in v.error &&
      typeof v.error.message === 'string'
    ) {
      return v.error.message;
    }
  } catch {
    // not JSON
  }
  return null;
}

export function parseUploaded(body: string): UploadedFile | null {
  try {
    const v: unknown = JSON.parse(body);
    if (typeof v !== 'object' || v === null) return null;
    const id = 'DocumentId' in v ? v.DocumentId : undefined;
    const name = 'FileName' in v ? v.FileName : undefined;
    const size = 'Size' in v ? v.Size : undefined;
    const sha256 = 'Sha256' in v && typeof v.Sha256 === 'string' ? v.Sha256 : null;
    return typeof id === 'number' && typeof name === 'string' && typeof size === 'number'
      ? { documentId: id, fileName: name, size, sha256 }
      : null;
  } catch {
    return null;
  }
}

/** A refusal the browser makes before anything reaches the server is logged too (api/Log/Add, Success false). */
function logRefusal(fileName: string): void {
  void apiFetch('/api/Log/Add', {
    method: 'POST',
    json: {
      Area: LOG_AREA_JOB_UPLOAD,
      Action: LOG_ACTION_UPLOAD,
      Success: false,
      JobModel: { FileName: fileName.slice(0, 255) },
    },
  }).catch(() => undefined);
}

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

interface Sent {
  status: number;
  body: string;
}

/** Through the portal: one multipart request, streamed into storage. */
function sendThroughPortal(
  to: UploadEndpoints,
  file: File,
  signal: AbortSignal,
  onLoaded: (n: number) => void,
): Promise<Sent> {
  const body = new FormData();
  body.append('file', file, file.name);
  return uploadWithProgress({
    url: to.upload,
    body,
    // The file's size, known before its bytes: the portal stores it in one streamed request.
    headers: { 'X-File-Size': String(file.size) },
    signal,
    // The body is the file plus a few hundred bytes of multipart framing: count the file's bytes.
    onBytes: (loaded, total) => onLoaded(Math.max(0, Math.min(file.size, loaded - (total - file.size)))),
  });
}

/** Straight to the bucket: presigned PUT, then the portal's check. */
async function sendDirect(
  to: UploadEndpoints,
  file: File,
  signal: AbortSignal,
  onLoaded: (n: number) => void,
  onChecking: () => void,
): Promise<Sent> {
  const sha256 = await sha256Hex(file);
  if (signal.aborted) throw new DOMException('Upload aborted', 'AbortError');
  const start = await apiFetch(to.direct, {
    method: 'POST',
    json: { FileName: file.name, Size: file.size, ContentType: file.type || null, Sha256: sha256 },
    signal,
  });
  if (!start.ok) return { status: start.status, body: await start.text() };
  const ticket = (await start.json()) as { UploadId: number; Url: string; Headers: Record<string, string> };
  const put = await uploadWithProgress({
    url: ticket.Url,
    method: 'PUT',
    body: file,
    headers: ticket.Headers,
    portal: false,
    signal,
    onBytes: (loaded) => onLoaded(Math.min(file.size, loaded)),
  });
  if (put.status < 200 || put.status >= 300) return { status: 502, body: '' };
  onChecking();
  const done = await apiFetch(`${to.direct}/${ticket.UploadId}/Complete`, { method: 'POST', signal });
  return { status: done.status, body: await done.text() };
}

let counter = 0;
const nextKey = () => `u${Date.now().toString(36)}-${(counter++).toString(36)}`;

const fromUploaded = (d: UploadedFile): UploadItem => ({
  key: nextKey(),
  name: d.fileName,
  size: d.size,
  status: 'done',
  loaded: d.size,
  error: null,
  retryable: false,
  doc: d,
});

export function useUploadQueue(o: UploadQueueOptions) {
  const to = o.endpoints ?? FIRM_UPLOADS;
  const [items, setItems] = useState<UploadItem[]>(() => (o.initial ?? []).map(fromUploaded));
  const [notice, setNotice] = useState<string | null>(null);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const onDocs = useRef(o.onDocumentsChange);
  const latest = useRef(items);
  useEffect(() => {
    onDocs.current = o.onDocumentsChange;
    latest.current = items;
  });

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  }, []);

  const send = useCallback(
    async (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', loaded: 0, error: null, retryable: false });
      const onLoaded = (n: number) => update(key, { loaded: n });
      try {
        const direct = o.direct && typeof crypto !== 'undefined' && Boolean(crypto.subtle);
        const res = direct
          ? await sendDirect(to, file, controller.signal, onLoaded, () => update(key, { status: 'checking' }))
          : await sendThroughPortal(to, file, controller.signal, onLoaded);
        const doc = res.status === 200 ? parseUploaded(res.body) : null;
        if (doc) update(key, { status: 'done', loaded: file.size, doc });
        else {
          // A refusal of the file itself (too large, blocked, malware) is final; anything else may be retried.
          const retryable = res.status >= 500 || res.status === 408 || res.status === 429;
          update(key, { status: 'failed', error: readMessage(res.body) ?? QUEUE_MSG.failed, retryable });
        }
      } catch (e) {
        const cancelled = e instanceof DOMException && e.name === 'AbortError';
        update(key, {
          status: cancelled ? 'cancelled' : 'failed',
          error: cancelled ? QUEUE_MSG.cancelled : QUEUE_MSG.failed,
          retryable: true,
        });
      } finally {
        controllers.current.delete(key);
      }
    },
    [o.direct, to, update],
  );

  /** Adds files (a drop or the picker): each checked, then sent at once. Past the job's limit they are refused. */
  const add = useCallback(
    (chosen: readonly File[]) => {
      setNotice(null);
      const kept = latest.current.filter((i) => i.status !== 'failed' || i.retryable).length;
      const room = Math.max(0, o.maxFiles - kept);
      if (chosen.length > room) setNotice(QUEUE_MSG.tooMany(o.maxFiles));
      const fresh: UploadItem[] = [];
      for (const file of chosen.slice(0, room)) {
        const key = nextKey();
        const name = checkFileName(file.name, o.blockedExtensions);
        const refused = file.size > o.maxBytes ? MSG.fileTooLarge : !name.ok ? MSG.fileExtensionBlocked : null;
        fresh.push({
          key,
          name: file.name,
          size: file.size,
          status: refused ? 'failed' : 'uploading',
          loaded: 0,
          error: refused,
          retryable: false,
          doc: null,
        });
        if (refused) logRefusal(file.name);
        else files.current.set(key, file);
      }
      setItems((list) => [...list, ...fresh]);
      for (const i of fresh) if (i.status === 'uploading') void send(i.key);
    },
    [o.maxBytes, o.maxFiles, o.blockedExtensions, send],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const retry = useCallback((key: string) => void send(key), [send]);

  /** Drops a row; a finished upload is deleted on the server first (it belongs to no job yet). */
  const remove = useCallback(
    async (key: string) => {
      const item = latest.current.find((i) => i.key === key);
      if (!item) return;
      controllers.current.get(key)?.abort();
      if (item.doc) {
        const res = await apiFetch(`${to.remove}/${item.doc.documentId}`, { method: 'DELETE' }).catch(() => null);
        if (!res || (!res.ok && res.status !== 404)) throw new Error(QUEUE_MSG.deleteFailed);
      }
      files.current.delete(key);
      setItems((list) => list.filter((i) => i.key !== key));
      if (item.doc) setNotice(MSG.fileDeleted);
    },
    [to],
  );

  /** Drops a row without deleting anything (its upload now belongs to a job). */
  const forget = useCallback((key: string) => {
    files.current.delete(key);
    setItems((list) => list.filter((i) => i.key !== key));
  }, []);

  const busy = items.some((i) => i.status === 'uploading' || i.status === 'checking');
  const docs = useMemo(() => items.flatMap((i) => (i.status === 'done' && i.doc ? [i.doc] : [])), [items]);
  const documentIds = useMemo(() => docs.map((d) => d.documentId), [docs]);
  const docsKey = documentIds.join(',');
  const told = useRef(docsKey);
  useEffect(() => {
    if (told.current === docsKey) return;
    told.current = docsKey;
    onDocs.current?.(docs);
  }, [docsKey, docs]);
  return {
    items,
    add,
    cancel,
    retry,
    remove,
    forget,
    busy,
    documentIds,
    notice,
    maxFiles: o.maxFiles,
    maxBytes: o.maxBytes,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
