/**
 * Sends a FormData with upload progress (fetch cannot report upload progress; XMLHttpRequest can).
 * Uploads go to api/* of a signed-in page, so a 401 answer signs out exactly as apiFetch does (spec §4.5):
 * the browser goes to /SignOut remembering the page, and the promise never settles. Browser only.
 */
import { signOutUnauthorized } from '@/lib/client-side/api';

export interface UploadResult {
  status: number;
  body: string;
}

export interface UploadOptions {
  url: string;
  /** A multipart form for the portal, or the file itself for a presigned PUT to the bucket. */
  body: FormData | Blob;
  method?: 'POST' | 'PUT';
  /**
   * The portal's own api/* (default): the session cookie goes with it and a 401 signs out. False for another
   * origin (a presigned URL to the bucket): no cookie, and its answer is only returned.
   */
  portal?: boolean;
  headers?: Record<string, string>;
  /** 0-100 as bytes go out. */
  onProgress?: (percent: number) => void;
  /** Bytes of the request body sent so far, and its total, as they go out. */
  onBytes?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export function uploadWithProgress({
  url,
  body,
  method = 'POST',
  headers = {},
  portal = true,
  onProgress,
  onBytes,
  signal,
}: UploadOptions): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = portal;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      onProgress?.(Math.round((e.loaded / e.total) * 100));
      onBytes?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      if (portal && xhr.status === 401) return void signOutUnauthorized();
      onProgress?.(100);
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
